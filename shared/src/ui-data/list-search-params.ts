import { DEFAULT_PAGE_SIZE } from './pagination-model';

/**
 * The state of a list in the URL (page, perPage, keyword, string filters and sort), so a reload,
 * back/forward and a shared link restore the same view. Pure functions; the hook is in
 * use-list-search-params.ts.
 */
export interface ListSearchState<K extends string = string, S extends string = string> {
  /** 1-based page (default 1). */
  page: number;
  /** Page size, a multiple of 10 (default 10). */
  perPage: number;
  /** Trimmed search text ('' = none). */
  keyword: string;
  /** Each filter's value; an unset (or invalid) filter is absent. */
  filters: Partial<Record<K, string>>;
  /** The chosen sort column and direction (`?sortBy=nama&sort=desc`); absent = the api's default order. */
  sort?: ListSort<S>;
}

export type SortDirection = 'asc' | 'desc';

/** A list's sort as the api takes it (spec 7: `sortBy`, `sort`). */
export interface ListSort<S extends string = string> {
  by: S;
  direction: SortDirection;
}

export interface ListSearchOptions<K extends string = string, S extends string = string> {
  /** Names of the filter parameters, e.g. `['perusahaan_id', 'role_id']`. */
  filters?: readonly K[];
  /** Whether a filter value read from the URL is acceptable; others count as unset. Default: any text. */
  isValidFilter?: (key: K, value: string) => boolean;
  /** Columns the list may be sorted by (`sortBy` values); any other `sortBy` counts as unset. */
  sortable?: readonly S[];
}

export const LIST_PARAM = {
  page: 'page',
  perPage: 'perPage',
  keyword: 'keyword',
  sortBy: 'sortBy',
  sort: 'sort',
} as const;
const MAX_PAGE = 1_000_000;
const MAX_PER_PAGE = 100_000;
const MAX_KEYWORD = 100;
const MAX_FILTER = 100;

/** A positive whole number written plainly (`3`, not `03`, `3.0`, `1e3` or `-3`). */
export function isPositiveIntParam(value: string): boolean {
  return /^[1-9][0-9]{0,15}$/.test(value) && Number.isSafeInteger(Number(value));
}

function parsePage(raw: string | null): number {
  if (raw === null || !isPositiveIntParam(raw)) return 1;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : 1;
}

function parsePerPage(raw: string | null): number {
  if (raw === null || !isPositiveIntParam(raw)) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  return size % 10 === 0 && size <= MAX_PER_PAGE ? size : DEFAULT_PAGE_SIZE;
}

function parseKeyword(raw: string | null): string {
  return (raw ?? '').trim().slice(0, MAX_KEYWORD);
}

/** `sortBy` must be one of `sortable`; `sort` is `asc` (the default) or `desc`. */
function parseSort<S extends string>(
  params: URLSearchParams,
  sortable: readonly S[] = [],
): ListSort<S> | undefined {
  const by = sortable.find((column) => column === params.get(LIST_PARAM.sortBy));
  if (by === undefined) return undefined;
  return { by, direction: params.get(LIST_PARAM.sort) === 'desc' ? 'desc' : 'asc' };
}

/** Reads the list state; a missing or bad value falls back to its default (never throws). */
export function parseListSearchParams<K extends string, S extends string = string>(
  params: URLSearchParams,
  options: ListSearchOptions<K, S> = {},
): ListSearchState<K, S> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of options.filters ?? []) {
    const raw = params.get(key)?.trim() ?? '';
    const ok = raw !== '' && raw.length <= MAX_FILTER && (options.isValidFilter?.(key, raw) ?? true);
    if (ok) filters[key] = raw;
  }
  return {
    page: parsePage(params.get(LIST_PARAM.page)),
    perPage: parsePerPage(params.get(LIST_PARAM.perPage)),
    keyword: parseKeyword(params.get(LIST_PARAM.keyword)),
    filters,
    sort: parseSort(params, options.sortable),
  };
}

/**
 * Writes the list state over `base` (other parameters are kept). Defaults are left out, so the
 * plain route means page 1 of 10 with no search or filter.
 */
export function writeListSearchParams<K extends string, S extends string = string>(
  state: ListSearchState<K, S>,
  filterKeys: readonly K[],
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  set(LIST_PARAM.page, state.page > 1 ? String(state.page) : null);
  set(LIST_PARAM.perPage, state.perPage !== DEFAULT_PAGE_SIZE ? String(state.perPage) : null);
  set(LIST_PARAM.keyword, state.keyword.trim() || null);
  for (const key of filterKeys) set(key, state.filters[key] ?? null);
  set(LIST_PARAM.sortBy, state.sort?.by ?? null);
  set(LIST_PARAM.sort, state.sort?.direction ?? null);
  return next;
}
