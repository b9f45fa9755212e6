import { localValue, type StoredValueSchema } from '@sso/shared/session';
import { cooldownGuard, isCooldown } from '../otp/resend-cooldown';
import { digitsOf, textOf } from './stored-value-guard';

/** Standard Schema's verdict, as `localValue` reads it: the value, or the issues. */
function validate<T>(schema: StoredValueSchema<T>, value: unknown) {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('stored values are checked synchronously');
  return result.issues ? { issues: result.issues } : { value: result.value };
}

describe('stored value guards', () => {
  test('digitsOf accepts 1 to max digits and nothing else', () => {
    const otp = digitsOf(6);
    expect(validate(otp, '123456')).toEqual({ value: '123456' });
    for (const bad of ['', '1234567', '12a4', ' 123', 123456, null, undefined, {}]) {
      expect(validate(otp, bad)).toHaveProperty('issues');
    }
  });

  test('textOf bounds the length and, with trim, refuses blanks', () => {
    const nik = textOf(5, { trim: true });
    expect(validate(nik, 'ab')).toEqual({ value: 'ab' });
    expect(validate(nik, '   ')).toHaveProperty('issues');
    expect(validate(nik, 'abcdef')).toHaveProperty('issues');
    expect(validate(textOf(5), '   ')).toEqual({ value: '   ' });
    expect(validate(textOf(5), 7)).toHaveProperty('issues');
  });

  test('a cooldown is whole counts within 0..3, a finite expiry and an optional window', () => {
    expect(isCooldown({ count: 0, expiresAt: 1, windowSeconds: null })).toBe(true);
    expect(isCooldown({ count: 3, expiresAt: 1e12, windowSeconds: 120 })).toBe(true);
    for (const bad of [
      null,
      'x',
      { count: 4, expiresAt: 1, windowSeconds: null },
      { count: -1, expiresAt: 1, windowSeconds: null },
      { count: 1.5, expiresAt: 1, windowSeconds: null },
      { count: 0, expiresAt: -1, windowSeconds: null },
      { count: 0, expiresAt: Number.POSITIVE_INFINITY, windowSeconds: null },
      { count: 0, expiresAt: 1, windowSeconds: -5 },
      { count: 0, expiresAt: 1 },
    ]) {
      expect(isCooldown(bad)).toBe(false);
    }
  });

  test('localValue reads a tampered cooldown as absent', () => {
    const store = localValue('test.guard.cooldown', cooldownGuard);
    window.localStorage.setItem(store.key, JSON.stringify({ count: 9, expiresAt: 1, windowSeconds: null }));
    expect(store.read()).toBeNull();
    store.write({ count: 1, expiresAt: 5, windowSeconds: null });
    expect(store.read()).toEqual({ count: 1, expiresAt: 5, windowSeconds: null });
  });
});
