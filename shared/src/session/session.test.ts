import * as v from 'valibot';
import {
  clearSession,
  displayNameOf,
  initialOf,
  isExpired,
  readSession,
  SESSION_KEY,
  sessionSchema,
  subscribeSession,
  writeSession,
} from '.';

const base = { access_token: 'a', session_token: 's' };

describe('initialOf (spec 2: first letter of the e-mail local part, uppercased)', () => {
  test.each([
    [{ email: 'budi.santoso@corp.id', name: 'Zed', nik: '1' }, 'B'],
    [{ email: 'ani@corp.id', name: null, nik: '1' }, 'A'],
    [{ email: null, name: 'citra', nik: '1' }, 'C'],
    [{ email: '', name: '', nik: '100001' }, '1'],
    [{ email: null, name: null, nik: null }, '?'],
  ])('%j → %s', (session, expected) => {
    expect(initialOf(session)).toBe(expected);
  });
});

test('displayNameOf falls back to the nik when there is no name', () => {
  expect(displayNameOf({ name: 'Administrator', nik: '100001' })).toBe('Administrator');
  expect(displayNameOf({ name: '  ', nik: '100001' })).toBe('100001');
  expect(displayNameOf({ name: null, nik: '100001' })).toBe('100001');
});

describe('isExpired (spec 4: expiry compared with now in seconds)', () => {
  test.each([
    [{ ...base, expires_at: 99 }, 100, true],
    [{ ...base, expires_at: 100 }, 100, false],
    [{ ...base, expires_at: 101 }, 100, false],
    [{ ...base }, 100, false],
  ])('%j at %i → %s', (session, now, expected) => {
    expect(isExpired(session, now)).toBe(expected);
  });
});

describe('session store', () => {
  afterEach(() => window.localStorage.clear());

  test('writes, reads and clears under the one key, notifying subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    writeSession({ ...base, nik: '100001' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY) ?? '{}')).toMatchObject({ nik: '100001' });
    expect(readSession()).toMatchObject({ nik: '100001' });
    clearSession();
    expect(readSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  test.each([
    ['not JSON', '{oops'],
    ['wrong shape', JSON.stringify({ nik: '1' })],
    ['empty tokens', JSON.stringify({ access_token: '', session_token: '' })],
    ['an array', '[]'],
  ])('a corrupted value (%s) is cleared, not trusted', (_label, raw) => {
    window.localStorage.setItem(SESSION_KEY, raw);
    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  test('the store owns expiry: an expired session reads as none and is removed', () => {
    const now = Math.floor(Date.now() / 1000);
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ ...base, expires_at: now - 5 }));
    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  test('subscribers hear when the session expires while the page is open', () => {
    jest.useFakeTimers();
    try {
      const listener = jest.fn();
      const unsubscribe = subscribeSession(listener);
      writeSession({ ...base, expires_at: Math.floor(Date.now() / 1000) + 3 });
      expect(readSession()).not.toBeNull();
      listener.mockClear();
      jest.advanceTimersByTime(5000);
      expect(listener).toHaveBeenCalled();
      expect(readSession()).toBeNull();
      expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
      unsubscribe();
    } finally {
      jest.useRealTimers();
    }
  });

  test('another tab changing the key notifies this tab (cross-tab logout)', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('sessionSchema (checked on every read, before the first screen paints)', () => {
  it('reads a numeric expiry written as text and drops keys it does not know', () => {
    expect(v.parse(sessionSchema, { ...base, expires_at: '1700000000', injected: '<b>' })).toEqual({
      ...base,
      expires_at: 1_700_000_000,
    });
  });

  it('keeps absent optional keys absent and null ones null', () => {
    const session = v.parse(sessionSchema, { ...base, name: null });
    expect(session).toEqual({ ...base, name: null });
    expect('nik' in session).toBe(false);
  });

  it.each([
    ['an empty access token', { ...base, access_token: '' }],
    ['an over-long token', { ...base, session_token: 'x'.repeat(4001) }],
    ['an expiry that is no number', { ...base, expires_at: 'soon' }],
    ['an id that is neither number nor short text', { ...base, id: { $gt: 0 } }],
    ['too many menu grants', { ...base, user_menu: Array.from({ length: 501 }, () => ({})) }],
    ['not an object', []],
  ])('refuses %s', (_label, value) => {
    expect(v.safeParse(sessionSchema, value).success).toBe(false);
  });
});
