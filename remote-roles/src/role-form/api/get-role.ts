import { useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, roleResponseSchema, type RoleDetail } from '@sso/shared/contract';
import { editRecordQueryOptions, roleKeys } from '@sso/shared/query';

/** GET role/detail/{id}: the role as stored, with its version (the edit page's source, never its link). */
export async function getRole(id: number): Promise<RoleDetail> {
  const response = await api.get(paths.roles.detail(id), roleResponseSchema);
  return response.data;
}

export const roleDetailQueryOptions = (id: number) =>
  editRecordQueryOptions(roleKeys.detail(id), () => getRole(id));

export function useRoleDetail(id: number) {
  return useQuery(roleDetailQueryOptions(id));
}
