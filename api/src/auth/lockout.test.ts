import {
  loginResponseSchema,
  otpSentResponseSchema,
  paths,
  resetPasswordResponseSchema,
  secondProofResponseSchema,
  tooManyAttemptsMessage,
  verifyResetOtpResponseSchema,
} from '@sso/shared/contract';
import {
  ADMIN,
  VIEWER,
  call,
  expectError,
  expectOk,
  latestCode,
  otherCode,
  type CallOptions,
  type Reply,
} from '../test-support/http';
import { openTestStore, useTestApp, type UsedTestApp } from '../test-support/test-app';
import { accountLock, liftAccountLock } from './account-lock';
import { findAccountByNik } from './accounts';

// Issue 23: "anyone can lock anyone out". Failures from other addresses must never refuse the right
// password (or code) from an address that signed in to the account before; guessing stays bounded.

/** The owner's computer and the guessers' (loopback aliases: the api sees different peers). */
const OWNER = '127.0.0.1';
const GUESSERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
const NEWCOMER = '127.0.0.9';

// Per-address limits at their defaults: the guessers use one try each, from five addresses.
const t = useTestApp({ authMaxFailuresPerAddress: 5 }, { each: true });

const post = (path: string, body: unknown, from: string, options: CallOptions = {}) =>
  call(t.app, 'POST', path, { ...options, body, from });
const loginNik = (nik: string, password: string, from: string) =>
  post(paths.auth.loginNik, { nik, password }, from);

function expectThrottled(reply: Reply): void {
  const body = expectError(reply, 429);
  // The guesser's message stays as it was.
  expect(body.message).toBe(tooManyAttemptsMessage(Number(reply.headers.get('retry-after'))));
}

/** Issue 36: a password sign-in held for a second proof (202, a challenge, no token) instead of 429. */
function expectSecondProof(reply: Reply) {
  expect(reply.statusCode).toBe(202);
  return secondProofResponseSchema.parse(reply.json()).data.second_proof;
}

/** A second handle on the test app's database, as a lifecycle route would read it (accountLock). */
let lockStore: ReturnType<typeof openTestStore> | undefined;
function contextOf(app: UsedTestApp) {
  lockStore ??= openTestStore(app);
  return { store: lockStore.store, clock: app.clock, config: { authMaxFailures: 5 } };
}
afterEach(async () => {
  await lockStore?.close();
  lockStore = undefined;
});

const adminId = async () => {
  const account = await findAccountByNik(contextOf(t).store.db, ADMIN.nik);
  if (!account) throw new Error('no admin');
  return account.id;
};

describe('NIK and password', () => {
  it('failures from five other addresses refuse newcomers but not the address that signed in before', async () => {
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, OWNER), loginResponseSchema);
    for (const from of GUESSERS) expectError(await loginNik(ADMIN.nik, 'tebakan-salah', from), 422);

    expectSecondProof(await loginNik(ADMIN.nik, ADMIN.password, NEWCOMER));
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, OWNER), loginResponseSchema);
    // A guesser gains nothing from the owner's success: the shared count was not reset.
    expectSecondProof(await loginNik(ADMIN.nik, 'tebakan-lain', GUESSERS[0] ?? ''));
  });

  it('the known address has its own bounded budget: 5 wrong there are 429 there', async () => {
    expectOk(await loginNik(VIEWER.nik, VIEWER.password, OWNER), loginResponseSchema);
    for (let i = 0; i < 5; i += 1) expectError(await loginNik(VIEWER.nik, 'salah-lagi', OWNER), 422);
    expectSecondProof(await loginNik(VIEWER.nik, VIEWER.password, OWNER));
    // Which holds neither other addresses nor the shared count.
    expectOk(await loginNik(VIEWER.nik, VIEWER.password, NEWCOMER), loginResponseSchema);
  });

  it('an address stays known for 30 days after its last sign-in', async () => {
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, OWNER), loginResponseSchema);
    t.clock.advance(31 * 86_400);
    for (const from of GUESSERS) expectError(await loginNik(ADMIN.nik, 'tebakan-salah', from), 422);
    expectSecondProof(await loginNik(ADMIN.nik, ADMIN.password, OWNER));
  });
});

describe('accountLock and liftAccountLock (the admin drawer\'s "Buka blokir")', () => {
  it('reports the lock of unknown addresses and lifts it', async () => {
    const ctx = contextOf(t);
    const id = await adminId();
    expect(await accountLock(ctx, id)).toBeNull();
    for (const from of GUESSERS.slice(0, 4)) await loginNik(ADMIN.nik, 'salah', from);
    expect(await accountLock(ctx, id)).toBeNull();
    await loginNik(ADMIN.nik, 'salah', GUESSERS[4] ?? '');
    const lock = await accountLock(ctx, id);
    expect(lock).toEqual({ until: new Date(t.clock() + 900_000).toISOString(), failures: 5 });

    expect(await liftAccountLock(ctx.store.db, id)).toBe(true);
    expect(await accountLock(ctx, id)).toBeNull();
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, NEWCOMER), loginResponseSchema);
    expect(await liftAccountLock(ctx.store.db, id)).toBe(false);
  });

  it("counts wrong phone codes as the account's lock too", async () => {
    const ctx = contextOf(t);
    expectOk(await post(paths.auth.requestOtp, { phone: ADMIN.phone }, OWNER), otpSentResponseSchema);
    const code = await latestCode(t.app, ADMIN.phone, 'login');
    for (const from of GUESSERS) {
      expectError(
        await post(paths.auth.loginPhone, { phone: ADMIN.phone, otp: Number(otherCode(code)) }, from),
        422,
      );
    }
    expect((await accountLock(ctx, await adminId()))?.failures).toBe(5);
  });
});

describe('phone and code', () => {
  const requestCode = async (from: string) => {
    expectOk(await post(paths.auth.requestOtp, { phone: ADMIN.phone }, from), otpSentResponseSchema);
    return latestCode(t.app, ADMIN.phone, 'login');
  };
  const loginPhone = (otp: string, from: string) =>
    post(paths.auth.loginPhone, { phone: ADMIN.phone, otp: Number(otp) }, from);

  it('wrong codes from other addresses do not keep out the address that signed in before', async () => {
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, OWNER), loginResponseSchema);
    const first = await requestCode(OWNER);
    for (const from of GUESSERS) expectError(await loginPhone(otherCode(first), from), 422);

    // The guesses used up that code's tries; a new code (after the per-phone gap) works from home.
    t.clock.advance(60);
    const code = await requestCode(OWNER);
    expectThrottled(await loginPhone(code, NEWCOMER));
    expectOk(await loginPhone(code, OWNER), loginResponseSchema);
  });
});

describe('password recovery code', () => {
  const fp = paths.forgotPassword;

  it('wrong codes from other addresses do not keep out the address that signed in before', async () => {
    expectOk(await loginNik(ADMIN.nik, ADMIN.password, OWNER), loginResponseSchema);
    expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }, OWNER), otpSentResponseSchema);
    const first = await latestCode(t.app, ADMIN.phone, 'reset');
    for (const from of GUESSERS) {
      expectError(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: otherCode(first) }, from), 422);
    }
    t.clock.advance(60);
    expectOk(await post(fp.requestOtp, { nik: ADMIN.nik }, OWNER), otpSentResponseSchema);
    const code = await latestCode(t.app, ADMIN.phone, 'reset');
    expectThrottled(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }, NEWCOMER));
    expectOk(await post(fp.verifyOtp, { nik: ADMIN.nik, otp: code }, OWNER), verifyResetOtpResponseSchema);
    expectOk(
      await post(fp.reset, { nik: ADMIN.nik, otp: code, new_password: 'Kuda-Lari-Senja-42' }, OWNER),
      resetPasswordResponseSchema,
    );
    expectOk(await loginNik(ADMIN.nik, 'Kuda-Lari-Senja-42', OWNER), loginResponseSchema);
  });

  it('a reset does not make its address known (it proves the phone, not a sign-in)', async () => {
    expectOk(await post(fp.requestOtp, { nik: VIEWER.nik }, NEWCOMER), otpSentResponseSchema);
    for (const from of GUESSERS) expectError(await loginNik(VIEWER.nik, 'salah', from), 422);
    expectSecondProof(await loginNik(VIEWER.nik, VIEWER.password, NEWCOMER));
  });
});
