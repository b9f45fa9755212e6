import { clockTime, exactTime, relativeTime } from './time-text';

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
});

describe('clockTime and exactTime', () => {
  it('write hours and minutes with a colon, in the local time zone', () => {
    const iso = new Date(2026, 10, 25, 10, 5).toISOString();
    expect(clockTime(iso)).toBe('10:05');
    expect(exactTime(iso)).toBe('25 Nov 2026 10:05');
    expect(exactTime('')).toBe('-');
  });
});
