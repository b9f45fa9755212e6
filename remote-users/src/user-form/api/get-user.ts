import { api } from '@sso/shared/api';
import { paths, userResponseSchema, type UserDetail } from '@sso/shared/contract';

/** GET users/{id}: the user as stored, with its version (the edit page's source, never its link). */
export async function getUser(id: number): Promise<UserDetail> {
  const response = await api.get(paths.users.detail(id), userResponseSchema);
  return response.data;
}
