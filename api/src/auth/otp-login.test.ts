import {
  OTP_RATE_LIMIT_CODE,
  OTP_UNKNOWN_ERROR_MESSAGE,
  loginResponseSchema,
  meResponseSchema,
  otpSentResponseSchema,
  paths,
} from '@sso/shared/contract';
import { ADMIN, call, expectError, expectOk, latestCode, otherCode } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const requestOtp = (phone: string) => call(t.app, 'POST', paths.auth.requestOtp, { body: { phone } });
const loginPhone = (body: unknown) => call(t.app, 'POST', paths.auth.loginPhone, { body });

describe('phone login', () => {
  it('sends a 6-digit code to the outbox and logs in with it (as a number)', async () => {
    const sent = expectOk(await requestOtp(ADMIN.phone), otpSentResponseSchema);
    expect(sent.data).toEqual({ masked_phone: '0812xxxxx890', expires_in: 300, resend_in: 60 });
    const code = await latestCode(t.app, ADMIN.phone, 'login');
    expect(code).toMatch(/^[0-9]{6}$/);
    const login = expectOk(await loginPhone({ phone: ADMIN.phone, otp: Number(code) }), loginResponseSchema);
    expect(login.data.apps_id).toBe(1);
    const me = expectOk(
      await call(t.app, 'GET', paths.session.me, { token: login.data.token }),
      meResponseSchema,
    );
    expect(me.data.user.nik).toBe(ADMIN.nik);
  });

  it('answers "Unknown error." with errors.otp for a wrong code', async () => {
    await requestOtp(ADMIN.phone);
    const code = await latestCode(t.app, ADMIN.phone);
    const error = expectError(await loginPhone({ phone: ADMIN.phone, otp: Number(otherCode(code)) }), 422);
    expect(error.message).toBe(OTP_UNKNOWN_ERROR_MESSAGE);
    expect(error.errors?.otp).toBeDefined();
  });

  it.each([0, '', null, undefined])('answers 400 errors.otp for an empty code (%p)', async (otp) => {
    await requestOtp(ADMIN.phone);
    const error = expectError(await loginPhone({ phone: ADMIN.phone, otp }), 400);
    expect(error.errors?.otp).toBe('Kode OTP tidak boleh kosong');
  });

  it('refuses a code used once already', async () => {
    await requestOtp(ADMIN.phone);
    const code = Number(await latestCode(t.app, ADMIN.phone));
    expectOk(await loginPhone({ phone: ADMIN.phone, otp: code }), loginResponseSchema);
    const error = expectError(await loginPhone({ phone: ADMIN.phone, otp: code }), 422);
    expect(error.errors?.otp).toMatch(/sudah digunakan/);
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
    // The code's own limit, without the per-phone throttle (which would answer 429 first: throttle.test.ts).
    await t.close();
    t = await createTestApp({ authMaxFailures: 100 });
    await requestOtp(ADMIN.phone);
    const code = await latestCode(t.app, ADMIN.phone);
    const wrong = Number(otherCode(code));
    for (let i = 0; i < 4; i += 1) {
      expect(expectError(await loginPhone({ phone: ADMIN.phone, otp: wrong }), 422).message).toBe(
        OTP_UNKNOWN_ERROR_MESSAGE,
      );
    }
    expect(expectError(await loginPhone({ phone: ADMIN.phone, otp: wrong }), 422).message).toMatch(
      /minta kode OTP baru/,
    );
    expect(expectError(await loginPhone({ phone: ADMIN.phone, otp: Number(code) }), 422).message).toMatch(
      /Terlalu banyak percobaan/,
    );
  });

  it('expires a code after 5 minutes', async () => {
    await requestOtp(ADMIN.phone);
    const code = Number(await latestCode(t.app, ADMIN.phone));
    t.clock.advance(301);
    expect(expectError(await loginPhone({ phone: ADMIN.phone, otp: code }), 422).message).toMatch(
      /kedaluwarsa/,
    );
  });

  it('rate-limits sends with code 6 and the seconds left, then allows the resend', async () => {
    expectOk(await requestOtp(ADMIN.phone), otpSentResponseSchema);
    const first = await latestCode(t.app, ADMIN.phone);
    t.clock.advance(15);
    const error = expectError(await requestOtp(ADMIN.phone), 429);
    expect(error.code).toBe(OTP_RATE_LIMIT_CODE);
    expect(error.window_seconds).toBe(45);
    t.clock.advance(45);
    expectOk(await requestOtp(ADMIN.phone), otpSentResponseSchema);
    const second = await latestCode(t.app, ADMIN.phone);
    // The new code replaces the old one.
    if (first !== second) {
      expectError(await loginPhone({ phone: ADMIN.phone, otp: Number(first) }), 422);
    }
    expectOk(await loginPhone({ phone: ADMIN.phone, otp: Number(second) }), loginResponseSchema);
  });

  it('answers errors.phone for an unknown or invalid phone', async () => {
    expect(expectError(await requestOtp('089999999999'), 422).errors?.phone).toBe('Nomor HP tidak terdaftar');
    expect(expectError(await requestOtp('12ab'), 422).errors?.phone).toBe('Nomor HP tidak valid');
    expect(
      expectError(await call(t.app, 'POST', paths.auth.requestOtp, { body: {} }), 422).errors?.phone,
    ).toBe('Nomor HP tidak boleh kosong');
    expect(
      expectError(await loginPhone({ phone: '089999999999', otp: 123456 }), 422).errors?.phone,
    ).toBeDefined();
  });

  it('accepts the +62 form of a registered number', async () => {
    expectOk(await requestOtp('+6281234567890'), otpSentResponseSchema);
  });

  it('keeps a code with a leading zero working when sent as a number', async () => {
    // Codes are 100000–999999, but a client may still drop zeros: 6 digits are restored.
    await requestOtp(ADMIN.phone);
    const error = expectError(await loginPhone({ phone: ADMIN.phone, otp: 12345 }), 422);
    expect(error.message).toBe(OTP_UNKNOWN_ERROR_MESSAGE);
  });
});
