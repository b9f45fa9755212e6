import {
  DEV_OUTBOX_PATH,
  INACTIVE_ACCOUNT_MESSAGE,
  OTP_RATE_LIMIT_CODE,
  forgotPasswordResponseSchema,
  outboxResponseSchema,
  otpSentResponseSchema,
  paths,
  tooManyAttemptsMessage,
} from '@sso/shared/contract';
import {
  ADMIN,
  VIEWER,
  adminAccessToken,
  call,
  callRoot,
  expectError,
  expectOk,
  listUsers,
  type Reply,
} from '../test-support/http';
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
const fp = paths.forgotPassword;

async function userIdOf(token: string, nik: string): Promise<number> {
  const found = (await listUsers(t.app, token, { keyword: nik })).data.find((user) => user.nik === nik);
  if (!found) throw new Error(`no user ${nik}`);
  return found.id;
}

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
    // An unknown NIK is answered like a known one (issue 36) and counted the same.
    expectOk(await post(paths.forgotPassword.start, { nik: '777777' }), forgotPasswordResponseSchema);
    expectOk(await post(paths.forgotPassword.start, { nik: '777778' }), forgotPasswordResponseSchema);
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
    expectOk(await post(paths.forgotPassword.requestOtp, { nik: '888881' }), otpSentResponseSchema);
    expectOk(await post(paths.forgotPassword.resendOtp, { nik: '888882' }), otpSentResponseSchema);
    expectThrottled(await post(paths.forgotPassword.requestOtp, { nik: ADMIN.nik }));
    expectOk(
      await post(paths.forgotPassword.requestOtp, { nik: ADMIN.nik }, '127.0.0.2'),
      otpSentResponseSchema,
    );
  });
});

describe('login for an unknown NIK', () => {
  it('checks the password against a dummy hash of the same cost, then answers as a wrong password', async () => {
    t = await createTestApp();
    const dummy = jest.mocked(verifyAgainstDummy);
    dummy.mockClear();
    const error = expectError(await post(paths.auth.loginNik, { nik: '555555', password: 'coba-saja' }), 422);
    expect(error.errors).toEqual({ password: 'NIK atau password salah' });
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(dummy).toHaveBeenCalledWith('coba-saja', TEST_PASSWORD_COST);
    // A wrong password for a real NIK does not (it checks the real hash).
    expectError(await post(paths.auth.loginNik, { nik: ADMIN.nik, password: 'coba-saja' }), 422);
    expect(dummy).toHaveBeenCalledTimes(1);
  });
});

// Issue 36, finding 9: nothing tells who exists. One message for an unknown NIK and a wrong
// password; "Password belum diatur" and "Akun Anda tidak aktif" only after the right password;
// every answer counted alike; recovery answers a known and an unknown NIK the same way.
describe('nothing tells who exists (issue 36)', () => {
  const WRONG = 'NIK atau password salah';
  const login = (nik: string, password: string, from?: string) =>
    post(paths.auth.loginNik, { nik, password }, from);

  async function userWithoutPassword(nik: string): Promise<void> {
    const token = await adminAccessToken(t.app);
    const created = await call(t.app, 'POST', paths.users.create, {
      token,
      body: {
        nama: 'Tanpa Password',
        nik,
        phone: '081200000001',
        email: '',
        role_ids: [3],
        perusahaan: [{ perusahaan_id: 1, cabang: [] }],
      },
    });
    expect(created.statusCode).toBe(201);
  }

  it('answers an unknown NIK, a wrong password and a NIK without a password alike, under password', async () => {
    t = await createTestApp();
    await userWithoutPassword('777001');
    for (const [nik, password] of [
      ['555555', 'coba-saja'],
      [ADMIN.nik, 'coba-saja'],
      ['777001', 'coba-saja'],
    ] as const) {
      expect(expectError(await login(nik, password), 422)).toEqual({
        message: WRONG,
        errors: { password: WRONG },
      });
    }
  });

  it('counts every one of them: the sixth try at a NIK without a password is held like any other', async () => {
    t = await createTestApp();
    await userWithoutPassword('777002');
    for (let i = 0; i < 5; i += 1) expectError(await login('777002', 'coba-saja'), 422);
    // Held for a second proof (issue 36), as a known NIK's sixth wrong password is.
    expect((await login('777002', 'coba-saja')).statusCode).toBe(202);
    for (let i = 0; i < 5; i += 1) expectError(await login('555556', 'coba-saja'), 422);
    expect((await login('555556', 'coba-saja')).statusCode).toBe(202);
    for (let i = 0; i < 5; i += 1) expectError(await login(ADMIN.nik, 'coba-saja'), 422);
    expect((await login(ADMIN.nik, 'coba-saja')).statusCode).toBe(202);
  });

  it('says "Akun Anda tidak aktif" only after the right password of a deactivated account', async () => {
    t = await createTestApp();
    const token = await adminAccessToken(t.app);
    const viewerId = await userIdOf(token, VIEWER.nik);
    expect(
      (await call(t.app, 'PATCH', paths.users.status(viewerId), { token, body: { is_active: false } }))
        .statusCode,
    ).toBe(200);
    expect(expectError(await login(VIEWER.nik, 'coba-saja'), 422).errors).toEqual({ password: WRONG });
    expect(expectError(await login(VIEWER.nik, VIEWER.password), 422).message).toBe(INACTIVE_ACCOUNT_MESSAGE);
    // The wrong tries were counted: five in all, then the sign-in is held for a second proof.
    for (let i = 0; i < 4; i += 1) expectError(await login(VIEWER.nik, 'coba-saja'), 422);
    expect((await login(VIEWER.nik, 'coba-saja')).statusCode).toBe(202);
  });

  it('forgot-password: an unknown NIK gets a masked phone like a known one, the same on every ask', async () => {
    t = await createTestApp();
    const known = expectOk(await post(fp.start, { nik: ADMIN.nik }), forgotPasswordResponseSchema);
    const unknown = expectOk(await post(fp.start, { nik: '424242' }), forgotPasswordResponseSchema);
    expect(unknown.message).toBe(known.message);
    expect(unknown.data.masked_phone).toMatch(/^08\d{2}xxxxx\d{3}$/);
    expect(expectOk(await post(fp.start, { nik: '424242' }), forgotPasswordResponseSchema).data).toEqual(
      unknown.data,
    );
    expect(expectOk(await post(fp.start, { nik: '424243' }), forgotPasswordResponseSchema).data).not.toEqual(
      unknown.data,
    );
  });

  it('forgot-password/request-otp: the same answer, no code sent to nobody, the same resend gap', async () => {
    t = await createTestApp();
    const known = expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }), otpSentResponseSchema);
    const unknown = expectOk(await post(fp.requestOtp, { nik: '424242' }), otpSentResponseSchema);
    expect(unknown.message).toBe(known.message);
    expect(unknown.data.expires_in).toBe(known.data.expires_in);
    expect(unknown.data.resend_in).toBe(known.data.resend_in);
    expect(unknown.data.masked_phone).toBe(
      expectOk(await post(fp.start, { nik: '424242' }), forgotPasswordResponseSchema).data.masked_phone,
    );
    const outbox = expectOk(
      await callRoot(t.app, 'GET', DEV_OUTBOX_PATH, { query: {} }),
      outboxResponseSchema,
    );
    expect(outbox.map((entry) => entry.to)).toEqual([ADMIN.phone]);
    // Asking again at once: the same 429 (code 6) for both.
    const knownAgain = expectError(await post(fp.resendOtp, { nik: ADMIN.nik }), 429);
    const unknownAgain = expectError(await post(fp.resendOtp, { nik: '424242' }), 429);
    expect(unknownAgain).toEqual(knownAgain);
  });

  it('verify-otp: wrong codes for an unknown NIK answer as for a known one, and both are throttled', async () => {
    t = await createTestApp();
    await post(fp.requestOtp, { nik: ADMIN.nik });
    await post(fp.requestOtp, { nik: '424242' });
    const known = expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: '000000' }), 422);
    const unknown = expectError(await post(fp.verifyOtp, { nik: '424242', otp: '000000' }), 422);
    expect(unknown).toEqual(known);
  });

  it('verify-otp: a known NIK without a live code is throttled like any other guess', async () => {
    t = await createTestApp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        expectError(await post(fp.verifyOtp, { nik: VIEWER.nik, otp: '123456' }), 422).errors?.otp,
      ).toMatch(/tidak berlaku/);
    }
    expectThrottled(await post(fp.verifyOtp, { nik: VIEWER.nik, otp: '123456' }));
  });
});
