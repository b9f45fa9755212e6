import { useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MemoRow, Spacer, TableFrame, columnCount, type ErasedTableProps } from './data-table-parts';

/**
 * The scroller's height before it is measured: `.virtual`'s max-height in data-table.module.css
 * (a long page fills it). The virtualizer starts from zero otherwise, so its first render has no
 * rows and the rows came one render later; if this is off, the measured height corrects it before
 * the first paint.
 */
export function initialScrollerHeight(viewportHeight: number): number {
  return Math.max(360, viewportHeight - 300);
}

/** Only the rows in view are rendered; spacer rows keep the scroll height (data-table.tsx). */
export default function VirtualTable(props: ErasedTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, getRowId, rowHeight = 57 } = props;
  // Stable while the page is the same: the virtualizer lays out every row again when they change.
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : getRowId(row);
    },
    [rows, getRowId],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: 6,
    getItemKey,
    initialRect: { width: 0, height: initialScrollerHeight(window.innerHeight) },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const span = columnCount(props);
  return (
    <TableFrame props={props} scrollerRef={scroller} virtual>
      {before > 0 ? <Spacer height={before} span={span} /> : null}
      {items.map((item) => {
        const row = rows[item.index];
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
    </TableFrame>
  );
}
