import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MemoRow, Spacer, TableFrame, columnCount, type ErasedTableProps } from './data-table-parts';

/** Only the rows in view are rendered; spacer rows keep the scroll height (data-table.tsx). */
export default function VirtualTable(props: ErasedTableProps) {
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
    <TableFrame props={props} scrollerRef={scroller} virtual>
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
    </TableFrame>
  );
}
