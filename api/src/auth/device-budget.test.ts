import {
  API_PREFIX,
  DEV_OUTBOX_PATH,
  forgotPasswordResponseSchema,
  loginResponseSchema,
  otpSentResponseSchema,
  outboxResponseSchema,
  paths,
  secondProofResponseSchema,
  tooManyAttemptsMessage,
} from '@sso/shared/contract';
import {
  ADMIN,
  MODIFIER,
  VIEWER,
  call,
  callRoot,
  expectError,
  expectOk,
  latestCode,
  otherCode,
  type Reply,
} from '../test-support/http';
import { createTestApp, openTestStore, type TestApp } from '../test-support/test-app';
import { findAccountByNik } from './accounts';
import { accountLock, liftAccountLock } from './account-lock';
import { DEVICE_COOKIE } from './devices';

// Issue 36, findings 3 and 4: nobody can keep anyone out. A browser that signed in to an account
// before (its signed device cookie) keeps its own budget whatever happens at its address or
// elsewhere; an unknown browser whose budget is spent gets a second proof (a code to the registered
// phone) instead of 429. Guessing stays bounded per account, per address and per device.

/** One office behind NAT: every browser there reaches the api from this address. */
const OFFICE = '127.0.0.1';
const ELSEWHERE = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];

let t: TestApp;
beforeEach(async () => {
  // The per-address limit at its default (5), as the probe had it.
  t = await createTestApp({ authMaxFailuresPerAddress: 5 });
});
afterEach(() => t.close());

/** A browser: its own cookie jar (the device cookie only), at an address. */
class Browser {
  cookie: string | undefined;
  constructor(public from: string) {}

  async post(path: string, body: unknown): Promise<Reply> {
    const reply = await call(t.app, 'POST', path, {
      body,
      from: this.from,
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const set = reply.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    return reply;
  }

  login(nik: string, password: string): Promise<Reply> {
    return this.post(paths.auth.loginNik, { nik, password });
  }
}

function expectSecondProof(reply: Reply) {
  expect(reply.statusCode).toBe(202);
  const body = secondProofResponseSchema.parse(reply.json());
  expect(body.message).toBe('Verifikasi tambahan diperlukan');
  return body.data.second_proof;
}

function expectThrottled(reply: Reply): void {
  const body = expectError(reply, 429);
  expect(body.message).toBe(tooManyAttemptsMessage(Number(reply.headers.get('retry-after'))));
}

async function outboxSize(): Promise<number> {
  return expectOk(await callRoot(t.app, 'GET', DEV_OUTBOX_PATH), outboxResponseSchema).length;
}

describe('the device cookie', () => {
  it('is set by a sign-in: signed, HttpOnly, SameSite, for the api only, 30 days', async () => {
    const reply = await new Browser(OFFICE).login(VIEWER.nik, VIEWER.password);
    expectOk(reply, loginResponseSchema);
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{24}\\.[A-Za-z0-9_-]{43}; `));
    expect(cookie.split('; ').slice(1)).toEqual([
      `Path=${API_PREFIX}`,
      'Max-Age=2592000',
      'HttpOnly',
      'SameSite=Strict',
    ]);
  });

  it('is not set by a failed sign-in, and CORS lets the panel send it', async () => {
    const reply = await new Browser(OFFICE).login(VIEWER.nik, 'salah');
    expect(reply.headers.get('set-cookie')).toBeNull();
    const preflight = await call(t.app, 'OPTIONS', paths.auth.loginNik, {
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('one address, everyone out (finding 3)', () => {
  it('a browser that signed in still signs in after five wrong passwords for other NIKs from its address', async () => {
    const known = new Browser(OFFICE);
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    const guesser = new Browser(OFFICE);
    for (const nik of ['100010', '100011', '100012', '100013', '100014']) {
      expectError(await guesser.login(nik, 'tebakan-salah'), 422);
    }
    // The probe's case: no 429 for the browser that signed in.
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    // Another browser at that address with the right password: a second proof, not 429.
    expectSecondProof(await new Browser(OFFICE).login(MODIFIER.nik, MODIFIER.password));
  });
});

describe('a new user or a new address (finding 4)', () => {
  it('five wrong passwords from anywhere: the known browser signs in, a new one proves the phone', async () => {
    const known = new Browser(OFFICE);
    expectOk(await known.login(ADMIN.nik, ADMIN.password), loginResponseSchema);
    for (const from of ELSEWHERE) expectError(await new Browser(from).login(ADMIN.nik, 'salah'), 422);

    expectOk(await known.login(ADMIN.nik, ADMIN.password), loginResponseSchema);
    const fresh = new Browser('127.0.0.9');
    const proof = expectSecondProof(await fresh.login(ADMIN.nik, ADMIN.password));
    expect(proof.masked_phone).toBe('0812xxxxx890');
    expect(fresh.cookie).toBeUndefined();
    const code = await latestCode(t.app, ADMIN.phone, 'login');

    // A wrong code, then the right one: a login token, and the browser is known from now on.
    const wrong = expectError(
      await fresh.post(paths.auth.loginSecondProof, { challenge: proof.challenge, otp: otherCode(code) }),
      422,
    );
    expect(wrong.errors).toEqual({ otp: 'Kode OTP tidak sesuai, silakan periksa kembali' });
    const signedIn = expectOk(
      await fresh.post(paths.auth.loginSecondProof, { challenge: proof.challenge, otp: code }),
      loginResponseSchema,
    );
    expect(signedIn.data.apps_id).toBe(1);
    expect(fresh.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expectOk(await fresh.login(ADMIN.nik, ADMIN.password), loginResponseSchema);
    // The challenge is used up.
    expectError(
      await fresh.post(paths.auth.loginSecondProof, { challenge: proof.challenge, otp: code }),
      422,
    );
  });

  it('a wrong password gets the same answer, and no code is sent; its challenge takes no code', async () => {
    for (const from of ELSEWHERE) expectError(await new Browser(from).login(VIEWER.nik, 'salah'), 422);
    const before = await outboxSize();
    const guesser = new Browser('127.0.0.9');
    const wrong = expectSecondProof(await guesser.login(VIEWER.nik, 'masih-salah'));
    expect(await outboxSize()).toBe(before);
    const right = expectSecondProof(await new Browser('127.0.0.10').login(VIEWER.nik, VIEWER.password));
    expect(await outboxSize()).toBe(before + 1);
    expect(Object.keys(wrong)).toEqual(Object.keys(right));
    expect(wrong.masked_phone).toBe(right.masked_phone);

    // The decoy refuses every code as a wrong one, then dies after 5 like a real code.
    const code = '123456';
    for (let i = 0; i < 4; i += 1) {
      const refused = expectError(
        await guesser.post(paths.auth.loginSecondProof, { challenge: wrong.challenge, otp: code }),
        422,
      );
      expect(refused.errors?.otp).toBe('Kode OTP tidak sesuai, silakan periksa kembali');
    }
    expect(
      expectError(
        await guesser.post(paths.auth.loginSecondProof, { challenge: wrong.challenge, otp: code }),
        422,
      ).errors?.otp,
    ).toMatch(/Terlalu banyak percobaan/);
  });

  it('sends the login code although a reset code went to the phone a moment ago, once a minute', async () => {
    expectOk(
      await call(t.app, 'POST', paths.forgotPassword.requestOtp, { body: { nik: ADMIN.nik } }),
      otpSentResponseSchema,
    );
    for (const from of ELSEWHERE) expectError(await new Browser(from).login(ADMIN.nik, 'salah'), 422);
    const before = await outboxSize();
    const fresh = new Browser('127.0.0.9');
    const first = expectSecondProof(await fresh.login(ADMIN.nik, ADMIN.password));
    expect(await outboxSize()).toBe(before + 1);
    const code = await latestCode(t.app, ADMIN.phone, 'login');
    // Again within the minute: no second code; the first one still signs in with the new challenge.
    const second = expectSecondProof(await fresh.login(ADMIN.nik, ADMIN.password));
    expect(await outboxSize()).toBe(before + 1);
    expect(second.challenge).not.toBe(first.challenge);
    expectOk(
      await fresh.post(paths.auth.loginSecondProof, { challenge: second.challenge, otp: code }),
      loginResponseSchema,
    );
  });

  it('an unknown NIK gets the same answer, with the masked phone recovery shows for it', async () => {
    for (const from of ELSEWHERE) expectError(await new Browser(from).login('424242', 'salah'), 422);
    const proof = expectSecondProof(await new Browser('127.0.0.9').login('424242', 'salah'));
    const recovery = expectOk(
      await call(t.app, 'POST', paths.forgotPassword.start, { body: { nik: '424242' } }),
      forgotPasswordResponseSchema,
    );
    expect(proof.masked_phone).toBe(recovery.data.masked_phone);
  });

  it('a phone code from a known browser on a new network is not refused by wrong codes from elsewhere', async () => {
    const known = new Browser(OFFICE);
    expectOk(await known.login(ADMIN.nik, ADMIN.password), loginResponseSchema);
    // The laptop goes home: an address that never signed in to the account.
    known.from = '127.0.0.7';
    expectOk(await known.post(paths.auth.requestOtp, { phone: ADMIN.phone }), otpSentResponseSchema);
    const first = await latestCode(t.app, ADMIN.phone, 'login');
    for (const from of ELSEWHERE) {
      expectError(
        await new Browser(from).post(paths.auth.loginPhone, {
          phone: ADMIN.phone,
          otp: Number(otherCode(first)),
        }),
        422,
      );
    }
    t.clock.advance(60);
    expectOk(await known.post(paths.auth.requestOtp, { phone: ADMIN.phone }), otpSentResponseSchema);
    const code = await latestCode(t.app, ADMIN.phone, 'login');
    // Another browser (on a phone's network) is refused; the browser with the cookie signs in.
    expectThrottled(
      await new Browser('127.0.0.9').post(paths.auth.loginPhone, { phone: ADMIN.phone, otp: Number(code) }),
    );
    expectOk(
      await known.post(paths.auth.loginPhone, { phone: ADMIN.phone, otp: Number(code) }),
      loginResponseSchema,
    );
  });
});

describe('guessing stays bounded', () => {
  it('per device: five wrong passwords from the known browser are 429 there, and nowhere else', async () => {
    const known = new Browser(OFFICE);
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    for (let i = 0; i < 5; i += 1) expectError(await known.login(VIEWER.nik, 'salah'), 422);
    expectThrottled(await known.login(VIEWER.nik, VIEWER.password));
    expectOk(await new Browser('127.0.0.9').login(VIEWER.nik, VIEWER.password), loginResponseSchema);
  });

  it('a forged or foreign cookie is an unknown browser', async () => {
    const known = new Browser(OFFICE);
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    for (const from of ELSEWHERE) expectError(await new Browser(from).login(VIEWER.nik, 'salah'), 422);
    const forged = new Browser('127.0.0.9');
    forged.cookie = `${known.cookie?.slice(0, -1) ?? ''}${known.cookie?.endsWith('A') ? 'B' : 'A'}`;
    expectSecondProof(await forged.login(VIEWER.nik, VIEWER.password));
    // Known to VIEWER, not to ADMIN.
    for (const from of ELSEWHERE) expectError(await new Browser(from).login(ADMIN.nik, 'salah'), 422);
    expectSecondProof(await known.login(ADMIN.nik, ADMIN.password));
  });

  it('per address: second proofs are counted there too, then 429', async () => {
    await t.close();
    t = await createTestApp({ authMaxFailuresPerAddress: 5, secondProofMaxPerAddress: 3 });
    const known = new Browser(OFFICE);
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    const guesser = new Browser(OFFICE);
    for (let i = 0; i < 5; i += 1) expectError(await guesser.login(`10002${i}`, 'salah'), 422);
    for (let i = 0; i < 3; i += 1) expectSecondProof(await guesser.login(`10003${i}`, 'salah'));
    expectThrottled(await guesser.login(MODIFIER.nik, MODIFIER.password));
    // A known browser at that address is not held by any of it.
    expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
  });
});

describe('"Buka blokir"', () => {
  it("still reports and lifts the lock of unknown browsers, and the known browsers' counts", async () => {
    const opened = openTestStore(t);
    try {
      const ctx = { store: opened.store, clock: t.clock, config: { authMaxFailures: 5 } };
      const id = (await findAccountByNik(opened.store.db, VIEWER.nik))?.id ?? 0;
      const known = new Browser(OFFICE);
      expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
      for (let i = 0; i < 5; i += 1) expectError(await known.login(VIEWER.nik, 'salah'), 422);
      for (const from of ELSEWHERE) expectError(await new Browser(from).login(VIEWER.nik, 'salah'), 422);
      expect((await accountLock(ctx, id))?.failures).toBe(5);

      expect(await liftAccountLock(opened.store.db, id)).toBe(true);
      expect(await accountLock(ctx, id)).toBeNull();
      expectOk(await known.login(VIEWER.nik, VIEWER.password), loginResponseSchema);
      expectOk(await new Browser('127.0.0.9').login(VIEWER.nik, VIEWER.password), loginResponseSchema);
    } finally {
      await opened.close();
    }
  });
});
