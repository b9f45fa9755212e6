import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from '@sso/shared/navigation';
import {
  parseListSearchParams,
  writeListSearchParams,
  type ListSearchOptions,
  type ListSearchState,
  type ListSort,
} from './list-search-params';
import { VIRTUALIZE_ABOVE, preloadVirtualTable } from './data-table';

export interface ListSearchParams<K extends string, S extends string = string> extends ListSearchState<K, S> {
  setPage: (page: number) => void;
  /** Also resets to page 1 (spec 4). */
  setPerPage: (perPage: number) => void;
  /** Also resets to page 1 (spec 4). */
  setKeyword: (keyword: string) => void;
  /** `null` or '' clears the filter. Also resets to page 1 (spec 4). */
  setFilter: (key: K, value: string | null) => void;
  /** Sorts by a column (`null`: the api's default order). Also resets to page 1. */
  setSort: (sort: ListSort<S> | null) => void;
  /** Whether a search or any filter is set (the list is narrowed). */
  isFiltered: boolean;
  /** "Hapus filter": clears the search and every filter at once (one history entry), page 1. */
  clearFilters: () => void;
  /** Writes several fields at once (page is kept unless given). */
  update: (patch: Partial<ListSearchState<K, S>>, options?: { replace?: boolean }) => void;
}

/**
 * List state in the URL: `?page=2&perPage=20&keyword=budi&role_id=3&sortBy=nama&sort=desc`. Bad values fall back to the
 * defaults; defaults are left out of the URL. Every change is a history entry, so back/forward walk
 * through the views. Pass `options` as a module constant (its `filters` array keys the memo).
 *
 * @example
 * const LIST = { filters: ['perusahaan_id', 'role_id'], isValidFilter: (_k, v) => isPositiveIntParam(v) } as const;
 * const { page, perPage, keyword, filters, setPage, setFilter } = useListSearchParams(LIST);
 */
export function useListSearchParams<K extends string, S extends string = string>(
  options: ListSearchOptions<K, S> = {},
  /**
   * Called with the next state as a change is made, before the router re-renders the page: start
   * the next page's request here (e.g. `queryClient.prefetchQuery`) instead of after that render.
   */
  onNext?: (next: ListSearchState<K, S>) => void,
): ListSearchParams<K, S> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters: filterKeys, isValidFilter, sortable } = options;
  const state = useMemo(
    () => parseListSearchParams(searchParams, { filters: filterKeys, isValidFilter, sortable }),
    [searchParams, filterKeys, isValidFilter, sortable],
  );

  // A long page from the address (a link, back/forward): its table's code loads with its rows.
  useEffect(() => {
    if (state.perPage > VIRTUALIZE_ABOVE) preloadVirtualTable();
  }, [state.perPage]);

  const update = useCallback(
    (patch: Partial<ListSearchState<K, S>>, updateOptions?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const current = parseListSearchParams(previous, { filters: filterKeys, isValidFilter, sortable });
          const next: ListSearchState<K, S> = {
            ...current,
            ...patch,
            filters: { ...current.filters, ...patch.filters },
          };
          // A long page is coming: its table's code loads alongside its rows, from the user's event.
          if (next.perPage > VIRTUALIZE_ABOVE) preloadVirtualTable();
          const written = writeListSearchParams(next, filterKeys ?? [], previous);
          // The router calls this updater at once, so the request starts at the user's event.
          onNext?.(parseListSearchParams(written, { filters: filterKeys, isValidFilter, sortable }));
          return written;
        },
        { replace: updateOptions?.replace ?? false },
      );
    },
    [setSearchParams, filterKeys, isValidFilter, sortable, onNext],
  );

  return useMemo(
    () => ({
      ...state,
      update,
      setPage: (page: number) => update({ page: Math.max(1, Math.floor(page)) }),
      setPerPage: (perPage: number) => update({ perPage, page: 1 }),
      setKeyword: (keyword: string) => update({ keyword: keyword.trim(), page: 1 }),
      setFilter: (key: K, value: string | null) => {
        const filters: Partial<Record<K, string>> = {};
        // An explicit key with '' clears it when written (writeListSearchParams drops empty values).
        filters[key] = value ?? '';
        update({ filters, page: 1 });
      },
      setSort: (sort: ListSort<S> | null) => update({ sort: sort ?? undefined, page: 1 }),
      isFiltered: state.keyword !== '' || Object.keys(state.filters).length > 0,
      clearFilters: () => {
        const filters: Partial<Record<K, string>> = {};
        for (const key of filterKeys ?? []) filters[key] = '';
        update({ keyword: '', filters, page: 1 });
      },
    }),
    [state, update, filterKeys],
  );
}
