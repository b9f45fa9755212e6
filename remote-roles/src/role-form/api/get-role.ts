import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RoleDetail } from '@sso/shared/contract';

/** GET role/detail/{id}: the role as stored, with its version (the edit page's source, never its link). */
export async function getRole(id: number): Promise<RoleDetail> {
  const response = await api.get(paths.roles.detail(id), roleResponseSchema);
  return response.data;
}
