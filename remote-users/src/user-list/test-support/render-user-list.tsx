import { listAnswered, renderRoute } from '@sso/shared/testing';
import UserListPage from '../user-list-page';

/**
 * Renders User Management at `url` and waits for the list's first answer from the fake server
 * (no table in its first load any more: the rows, or the empty state).
 */
export async function renderUserList(url = '/user-management') {
  const rendered = renderRoute(<UserListPage />, { path: '/user-management', url });
  await listAnswered();
  return rendered;
}
