import { tooManyAttemptsMessage } from './constants';
import { logoutPayloadSchema, newPasswordSchema } from './payloads';

describe('newPasswordSchema', () => {
  const issues = (value: unknown) =>
    newPasswordSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it.each(['abcdef', ' abcdef', 'a    b', 'rahasia baru', 'ab  cd'])('accepts %j', (value) => {
    expect(newPasswordSchema.parse(value)).toBe(value);
  });

  it.each(['', 'abc', '      ', ' abcde ', '\tabc\n  ', undefined, null])(
    'refuses %j with the hint text',
    (value) => {
      expect(issues(value)).toContain('Password minimal 6 karakter');
    },
  );

  it('keeps the password as typed (no trimming)', () => {
    expect(newPasswordSchema.parse('  abcdef  ')).toBe('  abcdef  ');
  });

  it('refuses more than 128 characters', () => {
    expect(issues('x'.repeat(129))).toEqual(['Password maksimal 128 karakter']);
  });
});

describe('logoutPayloadSchema', () => {
  it.each([{}, { app_id: null }, { app_id: null, session_token: null }, { app_id: 1, session_token: 'x' }])(
    'accepts %j',
    (body) => {
      expect(logoutPayloadSchema.safeParse(body).success).toBe(true);
    },
  );

  it.each([{ app_id: 'satu' }, { app_id: 0 }, { session_token: 5 }])('refuses %j', (body) => {
    expect(logoutPayloadSchema.safeParse(body).success).toBe(false);
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [1, 1],
    [60, 1],
    [61, 2],
    [900, 15],
    [0, 1],
  ])('%s seconds → %s minutes', (seconds, minutes) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(
      `Terlalu banyak percobaan. Silakan coba lagi dalam ${minutes} menit.`,
    );
  });
});
