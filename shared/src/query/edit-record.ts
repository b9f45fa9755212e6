import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { SortDirection } from '@sso/shared/contract';

/**
 * Query options of the record an edit page reads by id (issue 23): read when the page opens and on
 * "Muat ulang data" only, never again on focus or reconnect while someone is typing, and not kept
 * once the page is gone (the next visit reads it fresh).
 */
export const EDIT_RECORD_QUERY = {
  staleTime: Infinity,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** The query of the record an edit page reads by id (see EDIT_RECORD_QUERY). */
export const editRecordQueryOptions = <TData, TKey extends QueryKey>(
  queryKey: TKey,
  read: () => Promise<TData>,
) => queryOptions({ queryKey, queryFn: read, ...EDIT_RECORD_QUERY });

/**
 * The query of a list page: the previous page stays on screen (dimmed) while the next one loads.
 * `read` gets the query's abort signal (a newer list request cancels the one still in flight).
 */
export const listPageQueryOptions = <TData, TKey extends QueryKey>(
  queryKey: TKey,
  read: (signal: AbortSignal) => Promise<TData>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => read(signal), placeholderData: keepPreviousData });

/** What a list page asks for: its page, page size, keyword and order. */
export interface ListPageParams<SortField extends string> {
  page: number;
  perPage: number;
  keyword: string;
  /** Column and direction (spec 7 `sortBy`, `sort`); absent: the api's default order. */
  sort?: { by: SortField; direction: SortDirection };
}

/** The list query of `params` (also its cache key): an empty keyword and the default order are left out. */
export function listPageQuery<SortField extends string>(params: ListPageParams<SortField>) {
  return {
    page: params.page,
    perPage: params.perPage,
    keyword: params.keyword || undefined,
    sortBy: params.sort?.by,
    sort: params.sort?.direction,
  };
}
