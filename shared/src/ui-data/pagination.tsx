import { useId } from 'react';
import styles from './pagination.module.css';
import { pageCount, pageItems, pageSizeOptions } from './pagination-model';
import { ChevronLeftIcon, ChevronRightIcon } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import { formatNumber } from '@sso/shared/i18n';
import { preloadVirtualTable } from './data-table';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** The sizes offered, when not every multiple of 10 up to the total (a handful for a long log). */
  pageSizes?: readonly number[];
}

/**
 * "Menampilkan [page-size select] per halaman · 1–7 dari 7", page buttons, previous and next
 * (spec 2's bar; the rows shown are counted, not the page size: a size of 10 over 7 rows read
 * "Menampilkan 10 dari 7").
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes,
}: PaginationProps) {
  const selectId = useId();
  const pages = pageCount(total, pageSize);
  return (
    <nav className={styles.bar} aria-label="Navigasi halaman">
      <div className={styles.size}>
        <label htmlFor={selectId}>{t.pagination.showing}</label>
        <select
          id={selectId}
          className={styles.select}
          value={pageSize}
          // A long page size may come next: fetch the virtualizer while the user chooses.
          onFocus={preloadVirtualTable}
          onPointerDown={preloadVirtualTable}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {pageSizeOptions(total, pageSize, pageSizes).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span>{t.pagination.perPage}</span>
        <span className={styles.range}>
          {t.pagination.range(
            formatNumber(total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total)),
            formatNumber(Math.min(page * pageSize, total)),
            formatNumber(total),
          )}
        </span>
      </div>
      <ul className={styles.pages}>
        <li>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t.pagination.previous}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeftIcon />
          </button>
        </li>
        {pageItems(page, pages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={`${styles.page} ${item.page === page ? styles.current : ''}`}
                aria-label={t.pagination.page(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onPageChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t.pagination.next}
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
    </nav>
  );
}
