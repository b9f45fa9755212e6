import { applicationSortFields, type ApplicationSortField } from '@sso/shared/contract';
import type { ListSearchOptions, ListSearchState } from '@sso/shared/ui-data';
import type { ApplicationListParams } from '../api/get-applications';

/** No filter besides the keyword; sorting by the contract's columns only. */
export const APP_LIST_OPTIONS: ListSearchOptions<never, ApplicationSortField> = {
  sortable: applicationSortFields,
};

/** The list state of the URL → the list call's parameters. */
export function toAppListParams(state: ListSearchState<never, ApplicationSortField>): ApplicationListParams {
  return { page: state.page, perPage: state.perPage, keyword: state.keyword, sort: state.sort };
}
