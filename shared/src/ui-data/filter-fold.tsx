import { useId, useState, type ReactNode } from 'react';
import styles from './filter-fold.module.css';

export interface FilterFoldProps {
  /** How many filters are set: shown on the control, so a folded filter is never a surprise. */
  count: number;
  /** The filter controls (and a clear button). */
  children: ReactNode;
  /** The control's text (default `Filter`). */
  label?: string;
}

/**
 * The list filters behind one "Filter" control on phones (issue 37), with the number set. On wider
 * screens the control is not shown and the filters stand in the toolbar as they are (the panel is
 * `display: contents`, so they are items of the toolbar's own grid).
 */
export function FilterFold({ count, children, label = 'Filter' }: FilterFoldProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <FilterIcon />
        {label}
        {count > 0 ? (
          <span className={styles.count}>
            {count}
            <span className="sso-visually-hidden"> aktif</span>
          </span>
        ) : null}
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panelId} className={open ? `${styles.panel} ${styles.open}` : styles.panel}>
        {children}
      </div>
    </>
  );
}

function FilterIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 5h18l-7 8v6l-4 2v-8L3 5z" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
