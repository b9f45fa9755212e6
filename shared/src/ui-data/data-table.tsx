import { memo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import styles from './data-table.module.css';
import { Checkbox } from './checkbox';
import { selectAllState, toggleAll, toggleOne, type RowId } from './row-selection';

export interface DataTableColumn<T> {
  /** Stable key of the column. */
  id: string;
  /** Header cell content. */
  header: ReactNode;
  /** Body cell content of one row. */
  cell: (row: T) => ReactNode;
  /** CSS width (`'22%'`, `'120px'`); the table uses a fixed layout, so virtualized rows line up. */
  width?: string;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<RowId>;
  onChange: (next: Set<RowId>) => void;
  /** Screen-reader name of a row's box, e.g. `Pilih Budi`. */
  rowLabel: (row: T) => string;
  /** Name of the select-all box (default `Pilih semua`). */
  allLabel?: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  columns: DataTableColumn<T>[];
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
  /** Dims the rows while a new page loads. */
  busy?: boolean;
  /** Rows above this count are virtualized (default 50). */
  virtualizeAbove?: number;
  /** Estimated row height in px for the virtualizer (default 57). */
  rowHeight?: number;
}

/**
 * A real `<table>` with optional selection, row click and row actions. Long pages (spec: the page
 * size may reach the total) render only the visible rows inside a scrolling body; spacer rows keep
 * the scroll height, and `aria-rowcount`/`aria-rowindex` keep the table's size for screen readers.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, virtualizeAbove = 50 } = props;
  return rows.length > virtualizeAbove ? <VirtualTable {...props} /> : <PlainTable {...props} />;
}

function PlainTable<T>(props: DataTableProps<T>) {
  return (
    <div className={styles.scroller}>
      <table
        className={styles.table}
        aria-rowcount={props.rows.length + 1}
        aria-busy={props.busy || undefined}
      >
        <Head {...props} />
        <tbody className={props.busy ? styles.busy : undefined}>
          {props.rows.length === 0 && props.empty ? (
            <tr>
              <td className={styles.emptyCell} colSpan={columnCount(props)}>
                {props.empty}
              </td>
            </tr>
          ) : (
            props.rows.map((row, index) => (
              <MemoRow key={props.getRowId(row)} {...props} row={row} index={index} />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function VirtualTable<T>(props: DataTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => props.rowHeight ?? 57,
    overscan: 6,
    getItemKey: (index) => {
      const row = props.rows[index];
      return row === undefined ? index : props.getRowId(row);
    },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const span = columnCount(props);
  return (
    <div ref={scroller} className={`${styles.scroller} ${styles.virtual}`}>
      <table
        className={styles.table}
        aria-rowcount={props.rows.length + 1}
        aria-busy={props.busy || undefined}
      >
        <Head {...props} />
        <tbody className={props.busy ? styles.busy : undefined}>
          {before > 0 ? <Spacer height={before} span={span} /> : null}
          {items.map((item) => {
            const row = props.rows[item.index];
            return row === undefined ? null : (
              <MemoRow
                key={item.key}
                {...props}
                row={row}
                index={item.index}
                measure={virtualizer.measureElement}
              />
            );
          })}
          {after > 0 ? <Spacer height={after} span={span} /> : null}
        </tbody>
      </table>
    </div>
  );
}

function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacer}>
      {/* Dynamic value: the height of the rows not rendered. */}
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

function Head<T>({ caption, columns, rows, getRowId, selection, actions, actionsLabel }: DataTableProps<T>) {
  const ids = rows.map(getRowId);
  return (
    <>
      <caption className="sso-visually-hidden">{caption}</caption>
      <colgroup>
        {selection ? <col className={styles.checkCol} /> : null}
        {columns.map((column) => (
          // Dynamic value: the column width given by the caller.
          <col key={column.id} style={column.width ? { width: column.width } : undefined} />
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
          {columns.map((column) => (
            <th key={column.id} scope="col">
              {column.header}
            </th>
          ))}
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

/**
 * A row's props with the row type erased, so one memoized component serves every table. The
 * callbacks are method signatures (checked bivariantly): a DataTableProps<T> fits.
 */
interface RowProps {
  row: unknown;
  index: number;
  measure?: (element: Element | null) => void;
  columns: readonly { id: string; cell(row: unknown): ReactNode }[];
  getRowId(row: unknown): RowId;
  selection?: {
    selected: ReadonlySet<RowId>;
    onChange(next: Set<RowId>): void;
    rowLabel(row: unknown): string;
  };
  onRowClick?(row: unknown): void;
  actions?(row: unknown): ReactNode;
}

/** One body row. Memoized: while the table scrolls, only rows entering the window render. */
const MemoRow = memo(Row);

function Row({ row, index, measure, columns, getRowId, selection, onRowClick, actions }: RowProps) {
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
      className={`${onRowClick ? styles.clickable : ''} ${selected ? styles.selected : ''}`}
      onClick={onClick}
    >
      {selection ? (
        <td className={styles.check}>
          <Checkbox
            ariaLabel={selection.rowLabel(row)}
            checked={selected}
            onCheckedChange={(checked) => selection.onChange(toggleOne(selection.selected, id, checked))}
          />
        </td>
      ) : null}
      {columns.map((column) => (
        <td key={column.id}>{column.cell(row)}</td>
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

function columnCount<T>({ columns, selection, actions }: DataTableProps<T>): number {
  return columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
}
