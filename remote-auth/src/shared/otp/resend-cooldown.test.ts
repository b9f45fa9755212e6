import { localValue } from '@sso/shared/session';
import {
  afterRateLimit,
  afterResend,
  cooldownGuard,
  nextCount,
  remainingSeconds,
  startCooldown,
  waitSecondsFor,
  type Cooldown,
} from './resend-cooldown';

const T0 = 1_700_000_000_000;

describe('waitSecondsFor (spec 9: 60 s, 300 s, 300 s, then server window or 60 s)', () => {
  it.each([
    { count: 0, window: null, wait: 60 },
    { count: 1, window: null, wait: 300 },
    { count: 2, window: null, wait: 300 },
    { count: 3, window: null, wait: 60 },
    { count: 3, window: 42, wait: 42 },
    { count: 0, window: 42, wait: 60 },
    { count: 1, window: 42, wait: 300 },
  ])('count $count, server window $window → $wait s', ({ count, window, wait }) => {
    expect(waitSecondsFor(count, window)).toBe(wait);
  });
});

describe('nextCount (wraps to 0 after 3)', () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 0],
  ])('%i → %i', (from, to) => {
    expect(nextCount(from)).toBe(to);
  });
});

describe('the schedule over successive resends', () => {
  it('waits 60, 300, 300, 60, then wraps to 60 again', () => {
    let state = startCooldown(T0);
    const waits = [remainingSeconds(state, T0)];
    const counts = [state.count];
    for (let i = 0; i < 5; i += 1) {
      state = afterResend(state, T0);
      waits.push(remainingSeconds(state, T0));
      counts.push(state.count);
    }
    expect(counts).toEqual([0, 1, 2, 3, 0, 1]);
    expect(waits).toEqual([60, 300, 300, 60, 60, 300]);
  });

  it('waits the window of an earlier code-6 answer on resend 3', () => {
    let state: Cooldown = { count: 2, expiresAt: T0, windowSeconds: null };
    state = afterRateLimit(state, 90, T0);
    expect(state).toEqual({ count: 2, expiresAt: T0 + 90_000, windowSeconds: 90 });
    state = afterResend(state, T0 + 90_000);
    expect(state.count).toBe(3);
    expect(remainingSeconds(state, T0 + 90_000)).toBe(90);
  });

  it('a code-6 answer sets the wait from window_seconds and keeps the count', () => {
    const state = afterRateLimit({ count: 1, expiresAt: T0, windowSeconds: null }, 37, T0);
    expect(state.count).toBe(1);
    expect(remainingSeconds(state, T0)).toBe(37);
  });

  it('a resend with nothing stored counts as the first one', () => {
    expect(afterResend(null, T0)).toEqual({ count: 1, expiresAt: T0 + 300_000, windowSeconds: null });
  });
});

describe('remainingSeconds', () => {
  it.each([
    { at: T0, left: 60 },
    { at: T0 + 1, left: 60 },
    { at: T0 + 999, left: 60 },
    { at: T0 + 1000, left: 59 },
    { at: T0 + 59_001, left: 1 },
    { at: T0 + 60_000, left: 0 },
    { at: T0 + 3_600_000, left: 0 },
  ])('$left s left at +$at ms', ({ at, left }) => {
    expect(remainingSeconds(startCooldown(T0), at)).toBe(left);
  });

  it('is 0 when nothing is stored', () => {
    expect(remainingSeconds(null, T0)).toBe(0);
  });
});

describe('stored cooldown (survives a reload)', () => {
  const store = localValue('test.cooldown', cooldownGuard);
  beforeEach(() => window.localStorage.clear());

  it('reads back what was written, so a reloaded page resumes the countdown', () => {
    const state = afterResend(startCooldown(T0), T0);
    store.write(state);
    // A "reload": a fresh reader of the same key.
    const reloaded = localValue('test.cooldown', cooldownGuard).read();
    expect(reloaded).toEqual(state);
    expect(remainingSeconds(reloaded, T0 + 120_000)).toBe(180);
  });

  it.each([
    ['not JSON', '{oops'],
    ['a count above 3', JSON.stringify({ count: 4, expiresAt: T0, windowSeconds: null })],
    ['a negative count', JSON.stringify({ count: -1, expiresAt: T0, windowSeconds: null })],
    ['a missing expiry', JSON.stringify({ count: 1, windowSeconds: null })],
    ['a text expiry', JSON.stringify({ count: 1, expiresAt: 'soon', windowSeconds: null })],
  ])('reads a tampered value (%s) as nothing: the button is available', (_label, raw) => {
    window.localStorage.setItem('test.cooldown', raw);
    expect(store.read()).toBeNull();
    expect(remainingSeconds(store.read(), T0)).toBe(0);
  });
});
