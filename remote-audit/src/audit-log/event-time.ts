/** Times of Log Aktivitas in the viewer's zone, Indonesian. */

const exact = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'medium' });
const dayOnly = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium' });

/** "25 Nov 2026, 09.31.56" (the exact time shown on hover and focus, and in the drawer). */
export const exactTime = (iso: string): string => exact.format(new Date(iso));

/**
 * How long ago, as a person says it: "baru saja", "5 menit lalu", "3 jam lalu", "2 hari lalu";
 * a month or more ago: the date. A time in the future (a clock ahead) reads "baru saja".
 */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.floor((now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'baru saja';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} menit lalu`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} jam lalu`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} hari lalu`;
  return dayOnly.format(new Date(iso));
}

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
