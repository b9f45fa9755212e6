import type { ReactNode } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import styles from './checkbox.module.css';

export type CheckboxState = boolean | 'indeterminate';

export interface CheckboxProps {
  checked: CheckboxState;
  /** Called with the new state; an indeterminate box becomes checked when clicked. */
  onCheckedChange: (checked: boolean) => void;
  /** Visible label beside the box. Give `label` or `ariaLabel`. */
  label?: ReactNode;
  /** Screen-reader name when there is no visible label (row and select-all boxes). */
  ariaLabel?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * Accessible checkbox (Radix: role=checkbox, Space toggles, `aria-checked="mixed"` when
 * indeterminate — use that for a select-all box over a partial selection).
 */
export function Checkbox({
  checked,
  onCheckedChange,
  label,
  ariaLabel,
  disabled,
  id,
  className,
}: CheckboxProps) {
  const box = (
    <RadixCheckbox.Root
      id={id}
      className={styles.box}
      checked={checked}
      disabled={disabled}
      aria-label={label ? undefined : ariaLabel}
      onCheckedChange={(state) => onCheckedChange(state === true)}
    >
      <RadixCheckbox.Indicator className={styles.indicator}>
        {checked === 'indeterminate' ? <MinusMark /> : <CheckMark />}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
  if (!label) return <span className={`${styles.bare} ${className ?? ''}`}>{box}</span>;
  return (
    // A wrapping label names the box and makes the text clickable.
    <label className={`${styles.field} ${disabled ? styles.disabled : ''} ${className ?? ''}`}>
      {box}
      <span className={styles.text}>{label}</span>
    </label>
  );
}

function CheckMark() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path
        d="M2.5 6.2l2.3 2.3 4.7-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function MinusMark() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 6h7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
