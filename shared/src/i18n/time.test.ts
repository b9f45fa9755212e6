import { clockTime, exactTime, relativeTime } from './time';

describe('relativeTime', () => {
  const now = new Date(2026, 10, 25, 10, 0, 0).getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [ago(20_000), 'baru saja'],
    [ago(-60_000), 'baru saja'],
    [ago(5 * 60_000), '5 menit lalu'],
    [ago(3 * 3_600_000 + 59 * 60_000), '3 jam lalu'],
    [ago(2 * 86_400_000), '2 hari lalu'],
    [ago(65 * 86_400_000), '2 bulan lalu'],
    [ago(400 * 86_400_000), '1 tahun lalu'],
    ['bukan tanggal', '-'],
  ])('%s → %s', (iso, words) => {
    expect(relativeTime(iso, now)).toBe(words);
  });

  it.each([
    ['2026-11-25T09:59:30Z', 'baru saja'],
    ['2026-11-25T10:05:00Z', 'baru saja'],
    ['2026-11-25T09:55:00Z', '5 menit lalu'],
    ['2026-11-25T07:00:00Z', '3 jam lalu'],
    ['2026-11-23T10:00:00Z', '2 hari lalu'],
    // Log Aktivitas wrote the date from a month on; every screen now says months, the date on hover.
    ['2026-09-01T10:00:00Z', '2 bulan lalu'],
  ])('a record of Log Aktivitas at %s → %s', (iso, words) => {
    expect(relativeTime(iso, Date.parse('2026-11-25T10:00:00Z'))).toBe(words);
  });

  it('reads the clock when no time is given', () => {
    expect(relativeTime(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 menit lalu');
  });
});

describe('clockTime and exactTime', () => {
  it('write hours and minutes with a colon, in the local time zone', () => {
    const iso = new Date(2026, 10, 25, 10, 5).toISOString();
    expect(clockTime(iso)).toBe('10:05');
    expect(exactTime(iso)).toBe('25 Nov 2026 10:05');
    expect(exactTime('')).toBe('-');
    expect(clockTime('x')).toBe('-');
  });

  it('add the seconds when asked (a record of Log Aktivitas), midnight as 00', () => {
    const iso = new Date(2026, 7, 5, 0, 5, 9).toISOString();
    expect(exactTime(iso, { seconds: true })).toBe('5 Agu 2026 00:05:09');
    expect(clockTime(iso, { seconds: true })).toBe('00:05:09');
  });
});
