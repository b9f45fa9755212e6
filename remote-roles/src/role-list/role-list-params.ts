import { roleSortFields, type RoleSortField } from '@sso/shared/contract';
import { isPositiveIntParam, type ListSearchOptions, type ListSearchState } from '@sso/shared/ui-data';
import type { RoleListParams } from '../api/get-roles';

/** URL filter of the roles list: `?apps_id=2` (sent to the api as `perusahaan_id`). */
export const ROLE_FILTERS = ['apps_id'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The filter is an application id: anything else in the URL counts as unset. */
export const ROLE_LIST_OPTIONS: ListSearchOptions<RoleFilter, RoleSortField> = {
  filters: ROLE_FILTERS,
  isValidFilter: (_key, value) => isPositiveIntParam(value),
  sortable: roleSortFields,
};

/** The list state of the URL → the list call's parameters. */
export function toRoleListParams(state: ListSearchState<RoleFilter, RoleSortField>): RoleListParams {
  const appsId = state.filters.apps_id;
  return {
    page: state.page,
    perPage: state.perPage,
    keyword: state.keyword,
    appsId: appsId === undefined ? null : Number(appsId),
    sort: state.sort,
  };
}
