/**
 * Times of the account views in words: relative ("3 jam lalu"), exact ("25 Nov 2026 10:15") and
 * the clock alone ("10:15"), in the browser's time zone. Hours and minutes are written with a
 * colon (id-ID's own format writes 10.15).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "baru saja", "5 menit lalu", "3 jam lalu", "2 hari lalu", "4 bulan lalu", "1 tahun lalu". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '-';
  const ago = now - date.getTime();
  if (ago < MINUTE) return 'baru saja';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} menit lalu`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} jam lalu`;
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} hari lalu`;
  if (ago < 365 * DAY) return `${Math.floor(ago / (30 * DAY))} bulan lalu`;
  return `${Math.floor(ago / (365 * DAY))} tahun lalu`;
}

/** "10:15". */
export function clockTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '-';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** "25 Nov 2026 10:15". */
export function exactTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '-';
  dayFormat ??= new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric' });
  return `${dayFormat.format(date)} ${clockTime(iso)}`;
}
