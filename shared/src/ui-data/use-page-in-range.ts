import { useEffect } from 'react';
import { pageCount } from './pagination-model';

/** What the hook reads of a list query (TanStack's result of a `data[]` + `meta.total` answer). */
export interface ListQueryResult {
  data?: { data: readonly unknown[]; meta: { total: number } } | undefined;
  isPlaceholderData: boolean;
}

/**
 * A page past the end (a stale link, or its last rows deleted) moves to the last page, replacing
 * the history entry, once the answer for that page has come (not while the previous page stands in).
 * Returns the last page.
 */
export function usePageInRange(
  list: {
    page: number;
    perPage: number;
    update: (patch: { page: number }, options: { replace: boolean }) => void;
  },
  query: ListQueryResult,
): number {
  const lastPage = pageCount(query.data?.meta.total ?? 0, list.perPage);
  const pastEnd =
    query.data !== undefined &&
    !query.isPlaceholderData &&
    query.data.data.length === 0 &&
    list.page > lastPage;
  const { update } = list;
  useEffect(() => {
    if (pastEnd) update({ page: lastPage }, { replace: true });
  }, [pastEnd, lastPage, update]);
  return lastPage;
}
