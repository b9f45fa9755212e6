import { createElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import styles from './tooltip.module.css';
import { lazyPart } from './lazy-part';

export interface TooltipProps {
  /** What the tooltip shows. */
  content: ReactNode;
  /** The trigger: one focusable element (a button), so keyboard users reach the tooltip too. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** Radix's hover delay, kept for the first hover too. */
const OPEN_DELAY_MS = 200;

const tooltip = lazyPart(() => import('./tooltip-view'));

/**
 * A hover/focus tooltip (Radix: Escape closes, content described to screen readers). Its code loads
 * on the first hover or focus of the trigger; until then the trigger renders alone, inside a box-less
 * wrapper that notices the hover and the focus.
 */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const View = tooltip.useLoaded(wanted !== null);
  if (View) {
    return createElement(View, { content, side, defaultOpen: true, refocus: wanted === 'focus', children });
  }
  return (
    <span
      className={styles.wrap}
      onPointerEnter={() => {
        tooltip.preload();
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setWanted('hover'), OPEN_DELAY_MS);
      }}
      onPointerLeave={() => {
        window.clearTimeout(timer.current);
        setWanted((current) => (current === 'hover' ? null : current));
      }}
      onFocus={() => setWanted('focus')}
    >
      {children}
    </span>
  );
}
