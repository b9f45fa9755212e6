import { userSortFields, type UserListQuery, type UserSortField } from '@sso/shared/contract';
import { isPositiveIntParam, type ListSearchOptions, type ListSearchState } from '@sso/shared/ui-data';

/** URL filters of the users list: the api's own query names, so a shared link reads plainly. */
export const USER_FILTERS = ['perusahaan_id', 'cabang_id', 'role_id'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

/** Every filter is an id: anything else in the URL counts as unset. */
export const USER_LIST_OPTIONS: ListSearchOptions<UserFilter, UserSortField> = {
  filters: USER_FILTERS,
  isValidFilter: (_key, value) => isPositiveIntParam(value),
  sortable: userSortFields,
};

/** The api query of a list state (filters as numbers; no keyword when blank; the sort when chosen). */
export function toUserListQuery(state: ListSearchState<UserFilter, UserSortField>): UserListQuery {
  const query: UserListQuery = { page: state.page, perPage: state.perPage };
  if (state.keyword) query.keyword = state.keyword;
  for (const key of USER_FILTERS) {
    const value = state.filters[key];
    if (value !== undefined) query[key] = Number(value);
  }
  if (state.sort) {
    query.sortBy = state.sort.by;
    query.sort = state.sort.direction;
  }
  return query;
}
