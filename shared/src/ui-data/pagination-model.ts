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

/**
 * Page size options: multiples of 10 up to the total count (spec 4, 9), or, given `steps`, those
 * steps up to the first that shows every row (Log Aktivitas offers a handful: 840 events gave 84
 * sizes). The current size is kept as an option even past the total, so the select never shows an
 * unknown value.
 */
export function pageSizeOptions(
  total: number,
  current = DEFAULT_PAGE_SIZE,
  steps?: readonly number[],
): number[] {
  const options: number[] = [];
  if (steps) {
    for (const size of steps) {
      options.push(size);
      if (size >= total) break;
    }
  } else {
    const top = Math.max(DEFAULT_PAGE_SIZE, Math.ceil(total / 10) * 10);
    for (let size = 10; size <= top; size += 10) options.push(size);
  }
  if (!options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}
