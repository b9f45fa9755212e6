import { dayKey, parseDayKey, rangeLabel, relativeTime } from './event-time';

const now = Date.parse('2026-11-25T10:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-25T09:59:30Z', 'baru saja'],
    ['2026-11-25T10:05:00Z', 'baru saja'],
    ['2026-11-25T09:55:00Z', '5 menit lalu'],
    ['2026-11-25T07:00:00Z', '3 jam lalu'],
    ['2026-11-23T10:00:00Z', '2 hari lalu'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it('gives the date a month or more ago', () => {
    expect(relativeTime('2026-09-01T10:00:00Z', now)).toMatch(/2026/);
  });
});

describe('day keys', () => {
  it('round-trips a local day and refuses days that do not exist', () => {
    expect(dayKey(new Date(2026, 10, 5))).toBe('2026-11-05');
    expect(parseDayKey('2026-11-05')?.getDate()).toBe(5);
    expect(parseDayKey('2026-02-30')).toBeUndefined();
    expect(parseDayKey('kemarin')).toBeUndefined();
    expect(parseDayKey(undefined)).toBeUndefined();
  });

  it('labels a range, one day once', () => {
    const day = new Date(2026, 10, 5);
    expect(rangeLabel(undefined, undefined)).toBeUndefined();
    expect(rangeLabel(day, day)).not.toContain('–');
    expect(rangeLabel(day, new Date(2026, 10, 7))).toContain('–');
  });
});
