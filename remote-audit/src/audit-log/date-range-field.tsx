import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@sso/shared/ui';
import { auditText } from '../texts';
import { dayKey, parseDayKey, rangeLabel } from './event-time';
import styles from './date-range-field.module.css';

/** The calendar (react-day-picker) loads on the first open: the list's first render does not wait. */
const DateRangeCalendar = lazy(() => import('./date-range-calendar'));

export interface DateRangeFieldProps {
  /** `YYYY-MM-DD` days from the URL (either may be absent). */
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | null; to: string | null }) => void;
}

/**
 * "Tanggal": a button showing the chosen days that opens a two-month range calendar below it.
 * Escape or a click outside closes it; "Terapkan" writes the range to the URL, "Hapus tanggal"
 * clears it. A single day picked is that day alone.
 */
export function DateRangeField({ from, to, onChange }: DateRangeFieldProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const fromDate = parseDayKey(from);
  const toDate = parseDayKey(to);
  const [draft, setDraft] = useState<{ from?: Date; to?: Date }>({});

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    if (!open) setDraft({ from: fromDate, to: toDate });
    setOpen(!open);
  };
  const apply = () => {
    const start = draft.from ?? draft.to;
    const end = draft.to ?? draft.from;
    onChange({ from: start ? dayKey(start) : null, to: end ? dayKey(end) : null });
    setOpen(false);
    button.current?.focus();
  };
  const clear = () => {
    onChange({ from: null, to: null });
    setOpen(false);
    button.current?.focus();
  };

  const label = rangeLabel(fromDate, toDate);
  return (
    <div className={styles.field} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${auditText.filters.dates}: ${label ?? auditText.filters.anyDate}`}
        onClick={toggle}
      >
        <span className={label ? undefined : styles.placeholder}>{label ?? auditText.filters.anyDate}</span>
      </button>
      {open ? (
        <div id={panelId} className={styles.panel} role="group" aria-label={auditText.dates.open}>
          <Suspense fallback={<p className={styles.loading}>{auditText.dates.loading}</p>}>
            <DateRangeCalendar selected={draft} onSelect={setDraft} />
          </Suspense>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={clear}>
              {auditText.dates.clear}
            </Button>
            <Button onClick={apply}>{auditText.dates.apply}</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
