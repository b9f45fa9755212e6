import { createElement, type ReactNode } from 'react';
import { Skeleton } from '@sso/shared/ui';
import styles from './data-table.module.css';
import { MemoRow, TableFrame, columnCount, phoneCellClass } from './data-table-parts';
import { lazyPart } from './lazy-part';
import type { ListSort } from './list-search-params';
import type { RowId } from './row-selection';

export interface DataTableColumn<T, S extends string = string> {
  /** Stable key of the column. */
  id: string;
  /** Header cell content. */
  header: ReactNode;
  /** Body cell content of one row. */
  cell: (row: T) => ReactNode;
  /** CSS width (`'22%'`, `'120px'`); the table uses a fixed layout, so virtualized rows line up. */
  width?: string;
  /** The api's `sortBy` for this column: its header becomes a sort button (needs the table's `sort`). */
  sortBy?: S;
  /**
   * Kept on phones (issue 37): when any column sets it, a screen of 720 px or less shows only these
   * columns (with the boxes and the row menu) in a table as wide as the screen, no sideways
   * scrolling. Without it anywhere, the whole table scrolls inside its box.
   */
  phone?: boolean;
}

export interface DataTableSort<S extends string = string> {
  /** The list's current sort (none: the api's default order). */
  current: ListSort<S> | undefined;
  /** A sortable header was pressed: ascending first, then the other direction. */
  onSort: (sort: ListSort<S>) => void;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<RowId>;
  onChange: (next: Set<RowId>) => void;
  /** Screen-reader name of a row's box, e.g. `Pilih Budi`. */
  rowLabel: (row: T) => string;
  /** Name of the select-all box (default `Pilih semua`). */
  allLabel?: string;
  /** Whether a row gets a box (a bulk action could apply to it); default every row. */
  isSelectable?: (row: T) => boolean;
}

export interface DataTableProps<T, S extends string = string> {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  columns: DataTableColumn<T, S>[];
  rows: readonly T[];
  getRowId: (row: T) => RowId;
  /** Adds a checkbox column with select-all (over the rows shown). */
  selection?: DataTableSelection<T>;
  /** Mouse convenience: clicking a row (not a control in it). Offer the same through `actions`. */
  onRowClick?: (row: T) => void;
  /** Last cell of each row, e.g. a KebabMenu; `actionsLabel` names its header. */
  actions?: (row: T) => ReactNode;
  actionsLabel?: string;
  /** Shown in place of rows when there are none (StatePanel). */
  empty?: ReactNode;
  /** Server-side sorting by the columns that name a `sortBy`. */
  sort?: DataTableSort<S>;
  /** Dims the rows while a new page loads. */
  busy?: boolean;
  /** Rows shown muted (e.g. deactivated accounts); they stay clickable and selectable. */
  rowMuted?: (row: T) => boolean;
  /** The first answer is on its way: `skeletonRows` placeholder rows of the table's own height (no jump when rows arrive). */
  loading?: boolean;
  /** How many placeholder rows `loading` shows (default 5). */
  skeletonRows?: number;
  /** Rows above this count are virtualized (default 50). */
  virtualizeAbove?: number;
  /** Estimated row height in px for the virtualizer (default 57). */
  rowHeight?: number;
}

/** Pages longer than this render only the rows in view (DataTable's default). */
export const VIRTUALIZE_ABOVE = 50;

/**
 * A real `<table>` with optional selection, row click and row actions. Long pages (spec: the page
 * size may reach the total) render only the visible rows inside a scrolling body; spacer rows keep
 * the scroll height, and `aria-rowcount`/`aria-rowindex` keep the table's size for screen readers.
 */
export function DataTable<T, S extends string = string>(given: DataTableProps<T, S>) {
  // No row of the page a bulk action could apply to: no box column at all, not even select-all.
  const isSelectable = given.selection?.isSelectable;
  const props =
    isSelectable && !given.loading && !given.rows.some((row) => isSelectable(row))
      ? { ...given, selection: undefined }
      : given;
  const { rows, virtualizeAbove = VIRTUALIZE_ABOVE } = props;
  const virtualize = rows.length > virtualizeAbove;
  const VirtualTable = virtualTable.useLoaded(virtualize);
  if (!virtualize) return <PlainTable {...props} />;
  // The virtualizer's code loads with the first long page; meanwhile its first rows, dimmed.
  if (!VirtualTable) return <PlainTable {...props} shown={rows.slice(0, virtualizeAbove)} busy />;
  return createElement(VirtualTable, props);
}

/** Placeholder rows while the first answer loads: the same cells and height as real rows. */
function SkeletonRows<T, S extends string>({ count, ...props }: DataTableProps<T, S> & { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <tr key={index} className={styles.skeletonRow} aria-hidden="true">
          {props.selection ? <td className={styles.check} /> : null}
          {props.columns.map((column) => (
            <td key={column.id} className={phoneCellClass(props, column)}>
              <Skeleton width={index % 2 === 0 ? '70%' : '55%'} />
            </td>
          ))}
          {props.actions ? <td className={styles.actions} /> : null}
        </tr>
      ))}
    </>
  );
}

const virtualTable = lazyPart(() => import('./virtual-table'));

/** Loads the virtualizer ahead of a long page (the page-size select calls it on focus). */
export const preloadVirtualTable = virtualTable.preload;

/** Every row in the DOM; `shown` limits them (a long page while the virtualizer loads). */
function PlainTable<T, S extends string>({
  shown,
  ...props
}: DataTableProps<T, S> & { shown?: readonly T[] }) {
  const rows = shown ?? props.rows;
  return (
    <TableFrame props={props}>
      {props.loading ? (
        <SkeletonRows count={props.skeletonRows ?? 5} {...props} />
      ) : rows.length === 0 && props.empty ? (
        <tr>
          <td className={styles.emptyCell} colSpan={columnCount(props)}>
            {props.empty}
          </td>
        </tr>
      ) : (
        rows.map((row, index) => <MemoRow key={props.getRowId(row)} {...props} row={row} index={index} />)
      )}
    </TableFrame>
  );
}
