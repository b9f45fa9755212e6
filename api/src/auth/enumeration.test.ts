import {
  OTP_RATE_LIMIT_CODE,
  forgotPasswordResponseSchema,
  otpSentResponseSchema,
  paths,
  tooManyAttemptsMessage,
} from '@sso/shared/contract';
import { ADMIN, VIEWER, call, expectError, expectOk, type Reply } from '../test-support/http';
import { TEST_PASSWORD_COST, createTestApp, type TestApp } from '../test-support/test-app';
import { verifyAgainstDummy } from './password';

// Issue 23, "account enumeration": look-ups that reveal accounts are throttled per address, unknown
// NIKs and phones included, and an unknown NIK at login costs the scrypt of a wrong password.

jest.mock('./password', () => {
  const actual = jest.requireActual<typeof import('./password')>('./password');
  return { ...actual, verifyAgainstDummy: jest.fn(actual.verifyAgainstDummy) };
});

let t: TestApp;
afterEach(() => t.close());

const post = (path: string, body: unknown, from?: string) => call(t.app, 'POST', path, { body, from });

function expectThrottled(reply: Reply): number {
  const body = expectError(reply, 429);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(body.message).toBe(tooManyAttemptsMessage(retryAfter));
  return retryAfter;
}

describe('POST forgot-password (the NIK look-up that answers a masked phone)', () => {
  it('counts every look-up per address, unknown NIKs too: 429 with Retry-After, other addresses go on', async () => {
    t = await createTestApp({ lookupMaxPerAddress: 3, lookupWindowSeconds: 900 });
    expectOk(await post(paths.forgotPassword.start, { nik: ADMIN.nik }), forgotPasswordResponseSchema);
    // The spec's field message stays.
    expect(expectError(await post(paths.forgotPassword.start, { nik: '777777' }), 422).errors).toEqual({
      nik: 'NIK tidak terdaftar',
    });
    expectError(await post(paths.forgotPassword.start, { nik: '777778' }), 422);
    t.clock.advance(100);
    expect(expectThrottled(await post(paths.forgotPassword.start, { nik: VIEWER.nik }))).toBe(800);
    expectThrottled(await post(paths.forgotPassword.start, { nik: '777779' }));
    expectOk(
      await post(paths.forgotPassword.start, { nik: VIEWER.nik }, '127.0.0.2'),
      forgotPasswordResponseSchema,
    );
    t.clock.advance(800);
    expectOk(await post(paths.forgotPassword.start, { nik: VIEWER.nik }), forgotPasswordResponseSchema);
  });

  it('does not count input refused by validation', async () => {
    t = await createTestApp({ lookupMaxPerAddress: 1 });
    for (let i = 0; i < 3; i += 1) expectError(await post(paths.forgotPassword.start, { nik: '' }), 422);
    expectOk(await post(paths.forgotPassword.start, { nik: ADMIN.nik }), forgotPasswordResponseSchema);
  });
});

describe('code requests count unknown NIKs and phones against the address', () => {
  it('auth/request-otp: unknown phones use up the budget (429 with code 6 and window_seconds)', async () => {
    t = await createTestApp({ otpMaxSendsPerAddress: 3 });
    for (const phone of ['089900000001', '089900000002', '089900000003']) {
      expect(expectError(await post(paths.auth.requestOtp, { phone }), 422).errors).toEqual({
        phone: 'Nomor HP tidak terdaftar',
      });
    }
    const refused = await post(paths.auth.requestOtp, { phone: ADMIN.phone });
    expect(expectError(refused, 429)).toMatchObject({ code: OTP_RATE_LIMIT_CODE, window_seconds: 3600 });
    expect(refused.headers.get('retry-after')).toBe('3600');
  });

  it('forgot-password/request-otp and resend-otp: unknown NIKs use up the same budget', async () => {
    t = await createTestApp({ otpMaxSendsPerAddress: 2 });
    expectError(await post(paths.forgotPassword.requestOtp, { nik: '888881' }), 422);
    expectError(await post(paths.forgotPassword.resendOtp, { nik: '888882' }), 422);
    expectThrottled(await post(paths.forgotPassword.requestOtp, { nik: ADMIN.nik }));
    expectOk(
      await post(paths.forgotPassword.requestOtp, { nik: ADMIN.nik }, '127.0.0.2'),
      otpSentResponseSchema,
    );
  });
});

describe('login for an unknown NIK', () => {
  it('checks the password against a dummy hash of the same cost, then answers the spec message', async () => {
    t = await createTestApp();
    const dummy = jest.mocked(verifyAgainstDummy);
    dummy.mockClear();
    const error = expectError(await post(paths.auth.loginNik, { nik: '555555', password: 'coba-saja' }), 422);
    expect(error.errors).toEqual({ nik: 'NIK tidak terdaftar' });
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(dummy).toHaveBeenCalledWith('coba-saja', TEST_PASSWORD_COST);
    // A wrong password for a real NIK does not (it checks the real hash).
    expectError(await post(paths.auth.loginNik, { nik: ADMIN.nik, password: 'coba-saja' }), 422);
    expect(dummy).toHaveBeenCalledTimes(1);
  });
});
