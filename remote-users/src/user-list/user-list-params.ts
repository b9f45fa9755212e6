import {
  userSortFields,
  userStatusFilters,
  type UserListQuery,
  type UserSortField,
  type UserStatusFilter,
} from '@sso/shared/contract';
import { isPositiveIntParam, type ListSearchOptions, type ListSearchState } from '@sso/shared/ui-data';

/** URL filters of the users list: the api's own query names, so a shared link reads plainly. */
const ID_FILTERS = ['perusahaan_id', 'cabang_id', 'role_id'] as const;
export const USER_FILTERS = [...ID_FILTERS, 'status', 'created_from'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

export const isUserStatusFilter = (value: string | undefined): value is UserStatusFilter =>
  userStatusFilters.some((status) => status === value);

/**
 * `created_from`: users added at or after this time (ISO 8601, UTC), e.g. the users an import added
 * (its summary links to the list filtered so).
 */
const isCreatedFrom = (value: string | undefined) =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value);

/** Id filters take a positive id, the status `active` or `inactive`: anything else counts as unset. */
export const USER_LIST_OPTIONS: ListSearchOptions<UserFilter, UserSortField> = {
  filters: USER_FILTERS,
  isValidFilter: (key, value) =>
    key === 'status'
      ? isUserStatusFilter(value)
      : key === 'created_from'
        ? isCreatedFrom(value)
        : isPositiveIntParam(value),
  sortable: userSortFields,
};

/** The api query of a list state (filters as numbers; no keyword when blank; the sort when chosen). */
export function toUserListQuery(state: ListSearchState<UserFilter, UserSortField>): UserListQuery {
  const query: UserListQuery = { page: state.page, perPage: state.perPage };
  if (state.keyword) query.keyword = state.keyword;
  for (const key of ID_FILTERS) {
    const value = state.filters[key];
    if (value !== undefined) query[key] = Number(value);
  }
  if (isUserStatusFilter(state.filters.status)) query.status = state.filters.status;
  if (isCreatedFrom(state.filters.created_from)) query.created_from = state.filters.created_from;
  if (state.sort) {
    query.sortBy = state.sort.by;
    query.sort = state.sort.direction;
  }
  return query;
}
