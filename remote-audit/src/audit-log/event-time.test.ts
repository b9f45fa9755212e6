import { dayKey, parseDayKey, rangeLabel } from './event-time';

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
