import { memo, type CSSProperties, type MouseEvent, type ReactNode, type Ref } from 'react';
import styles from './data-table.module.css';
import { Checkbox } from './checkbox';
import type { ListSort } from './list-search-params';
import { selectAllState, toggleAll, toggleOne, type RowId } from './row-selection';

// The pieces both tables render: header, memoized row, spacer (data-table.tsx, virtual-table.tsx).

/**
 * DataTableProps with the row type erased. Callbacks are method signatures (checked bivariantly),
 * so any DataTableProps<T> fits: one lazily loaded virtual table serves every row type.
 */
export interface ErasedTableProps {
  caption: string;
  columns: readonly {
    id: string;
    header: ReactNode;
    width?: string;
    sortBy?: string;
    phone?: boolean;
    cell(row: unknown): ReactNode;
  }[];
  rows: readonly unknown[];
  getRowId(row: unknown): RowId;
  selection?: {
    selected: ReadonlySet<RowId>;
    onChange(next: Set<RowId>): void;
    rowLabel(row: unknown): string;
    allLabel?: string;
    isSelectable?(row: unknown): boolean;
  };
  onRowClick?(row: unknown): void;
  actions?(row: unknown): ReactNode;
  actionsLabel?: string;
  empty?: ReactNode;
  sort?: { current: ListSort | undefined; onSort(sort: ListSort): void };
  busy?: boolean;
  rowMuted?(row: unknown): boolean;
  loading?: boolean;
  rowHeight?: number;
}

/** The scroller, the table with its size for screen readers, the header, and a body of `children`. */
export function TableFrame({
  props,
  scrollerRef,
  virtual = false,
  children,
}: {
  props: ErasedTableProps;
  scrollerRef?: Ref<HTMLDivElement>;
  virtual?: boolean;
  children: ReactNode;
}) {
  return (
    <div ref={scrollerRef} className={virtual ? `${styles.scroller} ${styles.virtual}` : styles.scroller}>
      <table
        className={hasPhoneColumns(props.columns) ? `${styles.table} ${styles.narrow}` : styles.table}
        // Dynamic value: on phones the table is as wide as its columns need (it scrolls in its box).
        style={phoneWidthStyle(props)}
        aria-rowcount={props.rows.length + 1}
        aria-busy={props.busy || props.loading || undefined}
      >
        <Head {...props} />
        <tbody className={props.busy ? styles.busy : undefined}>{children}</tbody>
      </table>
    </div>
  );
}

/** Width of a table on phones: room for each column's content, so none is cut (it scrolls instead). */
export function phoneTableWidth({ columns, selection, actions }: ErasedTableProps): number {
  return columns.length * PHONE_COLUMN_WIDTH + (selection ? 48 : 0) + (actions ? 56 : 0);
}
const PHONE_COLUMN_WIDTH = 150;

function phoneWidthStyle(props: ErasedTableProps): CSSProperties & Record<`--${string}`, string> {
  return { '--sso-table-phone-width': `${phoneTableWidth(props)}px` };
}

/** Some column is marked to stay on phones: the table narrows to those instead of scrolling. */
export function hasPhoneColumns(columns: readonly { phone?: boolean }[]): boolean {
  return columns.some((column) => column.phone === true);
}

/** The class of a column's cells: hidden on phones when the table narrows and it is not kept. */
export function phoneCellClass(
  props: { columns: readonly { phone?: boolean }[] },
  column: { phone?: boolean },
): string | undefined {
  return hasPhoneColumns(props.columns) && column.phone !== true ? styles.phoneHidden : undefined;
}

export function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacer}>
      {/* Dynamic value: the height of the rows not rendered. */}
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

export function Head({
  caption,
  columns,
  rows,
  getRowId,
  selection,
  actions,
  actionsLabel,
  sort,
}: ErasedTableProps) {
  const ids = (selection?.isSelectable ? rows.filter((row) => selection.isSelectable?.(row)) : rows).map(
    getRowId,
  );
  const narrow = hasPhoneColumns(columns);
  const hidden = (column: { phone?: boolean }) =>
    narrow && column.phone !== true ? styles.phoneHidden : undefined;
  return (
    <>
      <caption className="sso-visually-hidden">{caption}</caption>
      <colgroup>
        {selection ? <col className={styles.checkCol} /> : null}
        {columns.map((column) => (
          // Dynamic value: the column width given by the caller.
          <col
            key={column.id}
            className={hidden(column)}
            style={column.width ? { width: column.width } : undefined}
          />
        ))}
        {actions ? <col className={styles.actionsCol} /> : null}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          {selection ? (
            <th scope="col" className={styles.check}>
              <Checkbox
                ariaLabel={selection.allLabel ?? 'Pilih semua'}
                checked={selectAllState(ids, selection.selected)}
                disabled={ids.length === 0}
                onCheckedChange={(checked) => selection.onChange(toggleAll(ids, selection.selected, checked))}
              />
            </th>
          ) : null}
          {columns.map((column) => {
            if (!sort || column.sortBy === undefined) {
              return (
                <th key={column.id} scope="col" className={hidden(column)}>
                  {column.header}
                </th>
              );
            }
            const by = column.sortBy;
            const direction = sort.current?.by === by ? sort.current.direction : undefined;
            return (
              <th
                key={column.id}
                scope="col"
                className={hidden(column)}
                aria-sort={direction === undefined ? 'none' : ARIA_SORT[direction]}
              >
                <button
                  type="button"
                  className={styles.sortButton}
                  onClick={() => sort.onSort({ by, direction: direction === 'asc' ? 'desc' : 'asc' })}
                >
                  {column.header}
                  <span aria-hidden="true" className={direction ? styles.sortActive : styles.sortIdle}>
                    {direction === undefined ? '↕' : direction === 'asc' ? '↑' : '↓'}
                  </span>
                </button>
              </th>
            );
          })}
          {actions ? (
            <th scope="col" className={styles.actions}>
              <span className="sso-visually-hidden">{actionsLabel ?? 'Aksi'}</span>
            </th>
          ) : null}
        </tr>
      </thead>
    </>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A row's props with the row type erased, so one memoized component serves every table. The
 * callbacks are method signatures (checked bivariantly): a DataTableProps<T> fits.
 */
interface RowProps {
  row: unknown;
  index: number;
  measure?: (element: Element | null) => void;
  columns: readonly { id: string; phone?: boolean; cell(row: unknown): ReactNode }[];
  getRowId(row: unknown): RowId;
  selection?: {
    selected: ReadonlySet<RowId>;
    onChange(next: Set<RowId>): void;
    rowLabel(row: unknown): string;
    isSelectable?(row: unknown): boolean;
  };
  onRowClick?(row: unknown): void;
  actions?(row: unknown): ReactNode;
  rowMuted?(row: unknown): boolean;
}

/** One body row. Memoized: while the table scrolls, only rows entering the window render. */
export const MemoRow = memo(Row);

function Row({ row, index, measure, columns, getRowId, selection, onRowClick, actions, rowMuted }: RowProps) {
  const id = getRowId(row);
  const selected = selection?.selected.has(id) ?? false;
  const onClick = onRowClick
    ? (event: MouseEvent<HTMLTableRowElement>) => {
        if (isFromControl(event)) return;
        onRowClick(row);
      }
    : undefined;
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={`${onRowClick ? styles.clickable : ''} ${selected ? styles.selected : ''} ${rowMuted?.(row) ? styles.muted : ''}`}
      onClick={onClick}
    >
      {selection ? (
        <td className={styles.check}>
          {/* No box where no bulk action could apply (issue 37: offer only what works). */}
          {selection.isSelectable?.(row) === false ? null : (
            <Checkbox
              ariaLabel={selection.rowLabel(row)}
              checked={selected}
              onCheckedChange={(checked) => selection.onChange(toggleOne(selection.selected, id, checked))}
            />
          )}
        </td>
      ) : null}
      {columns.map((column) => (
        <td key={column.id} className={phoneCellClass({ columns }, column)}>
          {column.cell(row)}
        </td>
      ))}
      {actions ? <td className={styles.actions}>{actions(row)}</td> : null}
    </tr>
  );
}

/**
 * A click that starts on a control in the row, or outside the row's DOM (a menu item in a portal
 * still bubbles through React), is not a row click.
 */
function isFromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return true;
  return (
    target.closest('button, a, input, select, textarea, label, [role="checkbox"], [role="menuitem"]') !== null
  );
}

export function columnCount({ columns, selection, actions }: ErasedTableProps): number {
  return columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
}
