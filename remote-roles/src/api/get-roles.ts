import { useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  paths,
  roleListResponseSchema,
  type RoleListQuery,
  type RoleListResponse,
  type RoleSortField,
} from '@sso/shared/contract';
import { listPageQuery, listPageQueryOptions, roleKeys, type ListPageParams } from '@sso/shared/query';

export interface RoleListParams extends ListPageParams<RoleSortField> {
  /** Application filter; the api takes it as `perusahaan_id` (see the contract's roleListQuerySchema). */
  appsId: number | null;
}

/** The query GET role/list is sent with (and the list's cache key). */
export function roleListQuery(params: RoleListParams): RoleListQuery {
  return { ...listPageQuery(params), perusahaan_id: params.appsId ?? undefined };
}

/** GET role/list; a newer list request cancels the one still in flight (spec 7). */
export function getRoles(params: RoleListParams, signal?: AbortSignal): Promise<RoleListResponse> {
  return api.get(paths.roles.list, roleListResponseSchema, {
    params: roleListQuery(params),
    signal,
    cancelPrevious: true,
  });
}

export const rolesQueryOptions = (params: RoleListParams) =>
  listPageQueryOptions(roleKeys.list(roleListQuery(params)), (signal) => getRoles(params, signal));

export function useRoles(params: RoleListParams) {
  return useQuery(rolesQueryOptions(params));
}
