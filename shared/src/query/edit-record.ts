import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

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
