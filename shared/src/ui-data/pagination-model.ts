/** Spec 4 "Lists" and 9: the pagination model shared by every list. */
export const DEFAULT_PAGE_SIZE = 10;
export const COLLAPSE_THRESHOLD = 7;

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * All pages when there are 7 or fewer; otherwise first, last, and the current page with its
 * neighbours, with ellipses between.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const pages = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), pages);
  if (pages <= COLLAPSE_THRESHOLD) {
    return Array.from({ length: pages }, (_, i) => ({ type: 'page', page: i + 1 }));
  }
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) items.push({ type: 'ellipsis', key: `gap-${previous}-${p}` });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}

/** The page sizes offered: a handful, all multiples of 10 (spec 9), whatever the total. */
export const PAGE_SIZE_STEPS: readonly number[] = [10, 20, 50, 100];

/**
 * Page size options: the steps up to the total count (spec 4, 9), and the first step that shows
 * every row; never more than a handful (a list of 840 rows offered 84 sizes). The current size is
 * kept as an option even when it is not a step, so the select never shows an unknown value.
 */
export function pageSizeOptions(total: number, current = DEFAULT_PAGE_SIZE): number[] {
  const options: number[] = [];
  for (const size of PAGE_SIZE_STEPS) {
    options.push(size);
    if (size >= total) break;
  }
  if (!options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}
