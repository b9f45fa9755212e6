/** Spec 9 "Logos shown: 3 then +n": how many items a compact list shows before its `+n` badge. */
export const OVERFLOW_VISIBLE = 3;

export interface OverflowSplit<T> {
  /** The first `max` items, shown in full. */
  visible: T[];
  /** How many items the `+n` badge stands for (0: no badge). */
  hidden: number;
}

/** Splits a list into the items shown and the count behind `+n` (`max` below 0 counts as 0). */
export function splitOverflow<T>(items: readonly T[], max: number = OVERFLOW_VISIBLE): OverflowSplit<T> {
  const shown = Math.max(0, Math.floor(max));
  return { visible: items.slice(0, shown), hidden: Math.max(0, items.length - shown) };
}

/** The badge text: `+n`, or '' when nothing is hidden. */
export function overflowLabel(hidden: number): string {
  return hidden > 0 ? `+${hidden}` : '';
}
