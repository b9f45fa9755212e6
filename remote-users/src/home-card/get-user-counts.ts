import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, userListResponseSchema, type UserListQuery } from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

export interface UserCounts {
  total: number;
  /** Users created at or after `since`. */
  added: number;
}

/**
 * Home's two figures: every user, and those created since `since` (ISO). Two one-row pages of
 * users/list read together; not the list's `cancelPrevious` (the second would cancel the first).
 */
export async function getUserCounts(since: string, signal?: AbortSignal): Promise<UserCounts> {
  const count = (params: UserListQuery) =>
    api.get(paths.users.list, userListResponseSchema, { params: { perPage: 1, ...params }, signal });
  const [all, recent] = await Promise.all([count({}), count({ created_from: since })]);
  return { total: all.meta.total, added: recent.meta.total };
}

/** Under `userKeys.all()`: a user written anywhere in the panel refreshes the card. */
export const userCountsQueryOptions = (since: string) =>
  queryOptions({
    queryKey: userKeys.homeCounts(since),
    queryFn: ({ signal }) => getUserCounts(since, signal),
  });

export function useUserCounts(since: string) {
  return useQuery(userCountsQueryOptions(since));
}
