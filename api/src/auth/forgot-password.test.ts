import {
  OTP_RATE_LIMIT_CODE,
  OTP_UNKNOWN_ERROR_MESSAGE,
  forgotPasswordResponseSchema,
  otpSentResponseSchema,
  paths,
  resetPasswordResponseSchema,
  verifyResetOtpResponseSchema,
} from '@sso/shared/contract';
import {
  ADMIN,
  call,
  expectError,
  expectOk,
  latestCode,
  loginAsAdmin,
  loginWithNik,
  otherCode,
} from '../test-support/http';
import { useTestApp } from '../test-support/test-app';

const t = useTestApp({}, { each: true });

const fp = paths.forgotPassword;
const post = (path: string, body: unknown) => call(t.app, 'POST', path, { body });

async function verifiedCode(): Promise<string> {
  expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }), otpSentResponseSchema);
  const code = await latestCode(t.app, ADMIN.phone, 'reset');
  expectOk(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }), verifyResetOtpResponseSchema);
  return code;
}

describe('password recovery', () => {
  it('runs NIK → masked phone → code → verify → reset; the old password stops working', async () => {
    const start = expectOk(await post(fp.start, { nik: ADMIN.nik }), forgotPasswordResponseSchema);
    expect(start.data.masked_phone).toBe('0812xxxxx890');
    const oldToken = await loginAsAdmin(t.app);
    const code = await verifiedCode();
    const reset = expectOk(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'rahasia-baru' }),
      resetPasswordResponseSchema,
    );
    expect(reset.message).toBe('Password berhasil diubah');
    expect(
      expectError(await call(t.app, 'POST', paths.auth.loginNik, { body: ADMIN }), 422).errors?.password,
    ).toBe('NIK atau password salah');
    await loginWithNik(t.app, ADMIN.nik, 'rahasia-baru');
    // Sessions opened with the old password are over.
    expectError(await call(t.app, 'GET', paths.session.me, { token: oldToken }), 401);
  });

  it('sends reset codes with purpose "reset" to the phone', async () => {
    await post(fp.requestOtp, { nik: ADMIN.nik });
    expect(await latestCode(t.app, ADMIN.phone, 'reset')).toMatch(/^[0-9]{6}$/);
  });

  it('answers errors.nik for a missing NIK; an unknown NIK is answered like a known one (issue 36)', async () => {
    expect(expectError(await post(fp.start, {}), 422).errors?.nik).toBe('NIK tidak boleh kosong');
    expect(expectOk(await post(fp.start, { nik: '424242' }), forgotPasswordResponseSchema).message).toBe(
      'NIK ditemukan',
    );
    expect(expectOk(await post(fp.requestOtp, { nik: '424242' }), otpSentResponseSchema).message).toBe(
      'Kode OTP berhasil dikirim',
    );
  });

  it('rate-limits resend-otp with code 6 and window_seconds', async () => {
    expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }), otpSentResponseSchema);
    t.clock.advance(10);
    const error = expectError(await post(fp.resendOtp, { nik: ADMIN.nik }), 429);
    expect(error).toMatchObject({ code: OTP_RATE_LIMIT_CODE, window_seconds: 50 });
    t.clock.advance(50);
    expectOk(await post(fp.resendOtp, { nik: ADMIN.nik }), otpSentResponseSchema);
  });

  it('verify-otp: wrong code → 422 "Unknown error.", empty → 400', async () => {
    await post(fp.requestOtp, { nik: ADMIN.nik });
    const code = await latestCode(t.app, ADMIN.phone);
    expect(expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: otherCode(code) }), 422).message).toBe(
      OTP_UNKNOWN_ERROR_MESSAGE,
    );
    expect(expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: '' }), 400).errors?.otp).toBe(
      'Kode OTP tidak boleh kosong',
    );
    expectError(await post(fp.verifyOtp, { nik: ADMIN.nik }), 400);
  });

  it('reset needs a verified code', async () => {
    await post(fp.requestOtp, { nik: ADMIN.nik });
    const code = await latestCode(t.app, ADMIN.phone);
    const error = expectError(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'abcdef' }),
      422,
    );
    expect(error.errors?.otp).toMatch(/belum diverifikasi/);
  });

  it('reset refuses a short password with errors.new_password', async () => {
    const code = await verifiedCode();
    for (const new_password of ['abc', '', undefined]) {
      const error = expectError(await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password }), 422);
      expect(error.errors?.new_password).toBe('Password minimal 6 karakter');
    }
  });

  it('reset refuses a password of white space only, counting no outer spaces', async () => {
    const code = await verifiedCode();
    for (const new_password of ['      ', '\t  abc  \n', ' abcde ']) {
      const error = expectError(await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password }), 422);
      expect(error.errors?.new_password).toBe('Password minimal 6 karakter');
    }
    // Inner and outer spaces stay part of an accepted password.
    expectOk(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: ' ab cd ef ' }),
      resetPasswordResponseSchema,
    );
    await loginWithNik(t.app, ADMIN.nik, ' ab cd ef ');
    expectError(
      await call(t.app, 'POST', paths.auth.loginNik, { body: { ...ADMIN, password: 'ab cd ef' } }),
      422,
    );
  });

  // Regression: each verify used to restart the code's 5 minutes, so it never had to be used.
  it('verifying a verified code again keeps the window of the first verify', async () => {
    expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }), otpSentResponseSchema);
    const code = await latestCode(t.app, ADMIN.phone, 'reset');
    t.clock.advance(100);
    expectOk(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }), verifyResetOtpResponseSchema);
    // Fresh window from the first verify: 300 s. A second verify 200 s later changes nothing.
    t.clock.advance(200);
    expectOk(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }), verifyResetOtpResponseSchema);
    t.clock.advance(101);
    const reverify = expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }), 422);
    expect(reverify.errors?.otp).toMatch(/kedaluwarsa/);
    const error = expectError(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'abcdef' }),
      422,
    );
    expect(error.errors?.otp).toMatch(/kedaluwarsa/);
  });

  it('reset refuses a wrong code and a reused code', async () => {
    const code = await verifiedCode();
    expect(
      expectError(await post(fp.reset, { nik: ADMIN.nik, otp: otherCode(code), new_password: 'abcdef' }), 422)
        .message,
    ).toBe(OTP_UNKNOWN_ERROR_MESSAGE);
    expectOk(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'Kuda-Lari-Senja-42' }),
      resetPasswordResponseSchema,
    );
    expectError(await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'Tiga-Ekor-Kucing-7' }), 422);
  });

  it('a login code is not a reset code', async () => {
    await call(t.app, 'POST', paths.auth.requestOtp, { body: { phone: ADMIN.phone } });
    const loginCode = await latestCode(t.app, ADMIN.phone, 'login');
    expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: loginCode }), 422);
  });
});
