/**
 * Times in words, Indonesian, in the browser's time zone: one relative form ("3 jam lalu") and one
 * exact form ("25 Nov 2026 10:15", with seconds where a record needs them) for every screen.
 * Intl writes the words and the calendar; hours and minutes are joined with a colon (id-ID's own
 * pattern writes 10.15). Not `Intl.RelativeTimeFormat`: for Indonesian it writes "3 jam yang lalu",
 * "kemarin" and "sekarang", where the panel says "3 jam lalu", "1 hari lalu" and "baru saja".
 * Formatters are built on first use (ICU data costs a cold page; /login never needs them).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = 'minute' | 'hour' | 'day' | 'month' | 'year';
const unitFormats = new Map<Unit, Intl.NumberFormat>();
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "3 jam", "2 bulan". */
function amount(value: number, unit: Unit): string {
  let format = unitFormats.get(unit);
  if (!format) {
    format = new Intl.NumberFormat('id-ID', { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(unit, format);
  }
  return format.format(value);
}

const dateOf = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * How long ago, as a person says it: "baru saja", "5 menit lalu", "3 jam lalu", "2 hari lalu",
 * "4 bulan lalu", "1 tahun lalu". A time ahead of the clock reads "baru saja"; no time reads "-".
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const date = dateOf(iso);
  if (!date) return '-';
  const ago = now - date.getTime();
  if (ago < MINUTE) return 'baru saja';
  const [count, unit]: [number, Unit] =
    ago < HOUR
      ? [ago / MINUTE, 'minute']
      : ago < DAY
        ? [ago / HOUR, 'hour']
        : ago < 30 * DAY
          ? [ago / DAY, 'day']
          : ago < 365 * DAY
            ? [ago / (30 * DAY), 'month']
            : [ago / (365 * DAY), 'year'];
  return `${amount(Math.floor(count), unit)} lalu`;
}

function partsOf(date: Date): Record<string, string> {
  dateTimeFormat ??= new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(dateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
}

/** "10:15" ("10:15:07" with `seconds`). */
export function clockTime(iso: string, { seconds = false } = {}): string {
  const date = dateOf(iso);
  if (!date) return '-';
  const part = partsOf(date);
  return [part.hour, part.minute, ...(seconds ? [part.second] : [])].join(':');
}

/** "25 Nov 2026 10:15" ("25 Nov 2026 10:15:07" with `seconds`, as Log Aktivitas shows a record). */
export function exactTime(iso: string, { seconds = false } = {}): string {
  const date = dateOf(iso);
  if (!date) return '-';
  const part = partsOf(date);
  return `${part.day} ${part.month} ${part.year} ${clockTime(iso, { seconds })}`;
}
