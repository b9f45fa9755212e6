/**
 * The days of Log Aktivitas's date filter, in the viewer's zone. Times of a record are written by
 * `relativeTime` and `exactTime` of @sso/shared/i18n (with seconds: a record names its second).
 */

const dayOnly = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium' });

/** A local calendar day as `YYYY-MM-DD` (the api's `from`/`to`). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` → that local day (midnight), or undefined when it is not a real day. */
export function parseDayKey(value: string | undefined): Date | undefined {
  const match = value === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : undefined;
}

/** The viewer's zone as the api's `tz`: minutes east of UTC (WIB: 420). */
export const zoneOffset = (date = new Date()): number => -date.getTimezoneOffset();

/** "1 Nov 2026 – 7 Nov 2026" for the date filter's button. */
export function rangeLabel(from: Date | undefined, to: Date | undefined): string | undefined {
  if (!from && !to) return undefined;
  const a = from ? dayOnly.format(from) : '…';
  const b = to ? dayOnly.format(to) : '…';
  return from && to && a === b ? a : `${a} – ${b}`;
}
