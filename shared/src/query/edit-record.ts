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
