import { Secret, TOTP } from 'otpauth';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AUDIT_ACTION,
  SESSION_END_MESSAGES,
  accountPasskeyOptionsResponseSchema,
  passkeyLoginOptionsResponseSchema,
  accountTotpConfirmResponseSchema,
  accountTotpStartResponseSchema,
  auditListResponseSchema,
  auditPaths,
  loginOrTwoStepResponseSchema,
  loginResponseSchema,
  paths,
  recoveryCodesResponseSchema,
  roleResponseSchema,
  totpOfferResponseSchema,
  twoStepEnrolledResponseSchema,
  twoStepPaths,
  twoStepStatusResponseSchema,
} from '@sso/shared/contract';
import { createAccount, type TestAccount } from '../../test-support/accounts';
import { createRolePayload } from '../../test-support/factories';
import { ADMIN, MODIFIER, VIEWER, call, expectError, expectOk, openSession } from '../../test-support/http';
import { openTestStore, useTestApp } from '../../test-support/test-app';
import { DEMO_TOTP_SECRET, DEMO_TWO_STEP_NIK } from './demo-two-step';

const t = useTestApp({ tokenTtlSeconds: 3600 });
let admin: string;
beforeAll(async () => {
  admin = (await openSession(t.app, ADMIN)).accessToken;
});

const codeOf = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock() + offsetSeconds * 1000 });

/** A sign-in with the password alone (no second step asked): its login token. */
async function passwordLogin(account: { nik: string; password: string }): Promise<string> {
  const reply = await call(t.app, 'POST', paths.auth.loginNik, {
    body: { nik: account.nik, password: account.password },
  });
  return expectOk(reply, loginResponseSchema).data.token;
}

/** The first step: the pending second step it asks for (202). */
async function firstStep(nik: string, password: string) {
  const reply = await call(t.app, 'POST', paths.auth.loginNik, {
    body: { nik, password, url: 'http://localhost:3000' },
  });
  const body = expectOk(reply, loginOrTwoStepResponseSchema, 202);
  if (!('two_step' in body.data)) throw new Error('expected a two-step answer');
  expect(body.message).toBe('Verifikasi dua langkah diperlukan');
  return body.data.two_step;
}

/** A passkey answer no authenticator made. */
const FORGED_PASSKEY = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } };
/** `FORGED_PASSKEY` sent to `path` for `challenge`: refused with 422, the passkey field's message. */
const forgedPasskeyRefusal = async (path: string, challenge: string) => {
  const refused = expectError(
    await call(t.app, 'POST', path, { body: { challenge, response: FORGED_PASSKEY } }),
    422,
  );
  return refused.errors?.passkey;
};
const verify = (challenge: string, method: string, code: unknown) =>
  call(t.app, 'POST', twoStepPaths.verify, { body: { challenge, method, code } });

/** A sign-in of an account with an authenticator app: the password, then its current code. */
async function totpLogin(account: { nik: string; password: string; secret: string }): Promise<string> {
  const pending = await firstStep(account.nik, account.password);
  return expectOk(await verify(pending.challenge, 'totp', codeOf(account.secret)), loginResponseSchema).data
    .token;
}

/** An account that added an authenticator app through Keamanan Akun: its secret and recovery codes. */
async function accountWithTotp(overrides = {}): Promise<TestAccount & { secret: string; codes: string[] }> {
  const account = await createAccount(t.app, admin, overrides);
  const token = await passwordLogin(account);
  const offer = expectOk(
    await call(t.app, 'POST', twoStepPaths.accountTotp, { token, body: {} }),
    accountTotpStartResponseSchema,
  ).data;
  const confirmed = expectOk(
    await call(t.app, 'POST', twoStepPaths.accountTotpConfirm, {
      token,
      body: { enrolment: offer.enrolment, label: 'Ponsel', code: codeOf(offer.secret) },
    }),
    accountTotpConfirmResponseSchema,
  ).data;
  expect(confirmed.status.factors.map((f) => f.label)).toEqual(['Ponsel']);
  expect(confirmed.recovery_codes).toHaveLength(10);
  // The confirming code's period is used: the next code is a later one.
  t.clock.advance(30);
  return { ...account, secret: offer.secret, codes: confirmed.recovery_codes ?? [] };
}

async function events(action: string) {
  const list = expectOk(
    await call(t.app, 'GET', auditPaths.list, { token: admin, query: { action, perPage: 100 } }),
    auditListResponseSchema,
  );
  return list.data;
}

describe('sign-in with an authenticator app (the demo account)', () => {
  it('holds the password sign-in (202, no token) until a right code, then signs in; a code is not used twice', async () => {
    const pending = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    expect(pending).toMatchObject({ enrol: false, methods: ['totp', 'recovery'] });
    expect(JSON.stringify(pending)).not.toMatch(/token/);
    const code = codeOf(DEMO_TOTP_SECRET);
    const done = expectOk(await verify(pending.challenge, 'totp', code), loginResponseSchema);
    expect(done.data.apps_id).toBe(1);
    // The same challenge is spent, and the same code on a new one is a replay.
    expectError(await verify(pending.challenge, 'totp', code), 422);
    const again = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    expect(expectError(await verify(again.challenge, 'totp', code), 422).errors?.code).toBe(
      'Kode salah atau sudah digunakan',
    );
    // An older code (two periods back) is refused too; the next period's code works.
    t.clock.advance(30);
    expectOk(await verify(again.challenge, 'totp', codeOf(DEMO_TOTP_SECRET)), loginResponseSchema);
  });

  it.each([
    ['12345', 'Kode autentikator harus 6 digit angka'],
    ['12345a', 'Kode autentikator harus 6 digit angka'],
    ['1234567', 'Kode autentikator harus 6 digit angka'],
    ['9'.repeat(40), 'Kode terlalu panjang'],
    ['', 'Kode tidak boleh kosong'],
  ])('refuses the code %j with 400 and a clear message', async (code, message) => {
    const pending = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    const error = expectError(await verify(pending.challenge, 'totp', code), 400);
    expect(error.errors?.code).toBe(message);
  });

  it('refuses a second step without a first, a forged challenge and an unknown method', async () => {
    expect(expectError(await verify('forged-challenge', 'totp', '123456'), 422).message).toBe(
      'Sesi verifikasi tidak berlaku. Silakan masuk lagi.',
    );
    expectError(await verify('', 'totp', '123456'), 422);
    const pending = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    expect(expectError(await verify(pending.challenge, 'sms', '123456'), 400).errors?.method).toBe(
      'Metode verifikasi tidak dikenal',
    );
    // The pending second step is not a phone-code challenge of the second proof (issue 36).
    const other = await call(t.app, 'POST', paths.auth.loginSecondProof, {
      body: { challenge: pending.challenge, otp: '123456' },
    });
    expect(other.statusCode).toBe(422);
  });

  it('a wrong password never reaches the second step', async () => {
    const reply = await call(t.app, 'POST', paths.auth.loginNik, {
      body: { nik: DEMO_TWO_STEP_NIK, password: 'salah-123' },
    });
    expect(expectError(reply, 422).errors?.password).toBe('NIK atau password salah');
  });
});

describe('throttle', () => {
  it('ends a pending sign-in after 5 wrong codes (429) and records each failure; other accounts are untouched', async () => {
    const account = await accountWithTotp();
    const pending = await firstStep(account.nik, account.password);
    for (let i = 0; i < 5; i += 1) expectError(await verify(pending.challenge, 'totp', '000000'), 422);
    const refused = await verify(pending.challenge, 'totp', codeOf(account.secret));
    expect(refused.statusCode).toBe(429);
    // The demo account (another user) still signs in.
    t.clock.advance(30);
    const other = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    expectOk(await verify(other.challenge, 'totp', codeOf(DEMO_TOTP_SECRET)), loginResponseSchema);
    const failed = (await events(AUDIT_ACTION.twoStepVerify)).filter(
      (e) => e.actor_id === account.id && e.result === 'failed',
    );
    expect(failed).toHaveLength(5);
    expect(failed[0]?.reason).toBe('Kode salah atau sudah digunakan');
  });

  it('caps wrong codes per account across new pending sign-ins (a password holder cannot guess on)', async () => {
    const account = await accountWithTotp();
    let refusedAt = -1;
    for (let round = 0; round < 3 && refusedAt < 0; round += 1) {
      const pending = await firstStep(account.nik, account.password);
      for (let i = 0; i < 5; i += 1) {
        const reply = await verify(pending.challenge, 'totp', '000000');
        if (reply.statusCode === 429) {
          refusedAt = round * 5 + i;
          break;
        }
      }
    }
    expect(refusedAt).toBe(10);
  });
});

describe('recovery codes', () => {
  it('sign in once each, are recorded, and a regenerated set replaces the old one', async () => {
    const account = await accountWithTotp();
    const [first, second] = account.codes;
    const pending = await firstStep(account.nik, account.password);
    // Typed in capitals without the hyphen: the same code.
    const typed = (first ?? '').replace('-', '').toUpperCase();
    const done = expectOk(await verify(pending.challenge, 'recovery', typed), loginResponseSchema);
    const again = await firstStep(account.nik, account.password);
    expectError(await verify(again.challenge, 'recovery', first), 422);
    expect(expectError(await verify(again.challenge, 'recovery', 'abc'), 400).errors?.code).toBe(
      'Kode pemulihan terdiri dari 10 huruf dan angka',
    );
    const used = (await events(AUDIT_ACTION.twoStepRecoveryUse)).filter((e) => e.actor_id === account.id);
    expect(used).toHaveLength(1);
    expect(used[0]?.changes[0]?.after).toBe('Sisa kode pemulihan: 9');

    const status = expectOk(
      await call(t.app, 'GET', twoStepPaths.account, { token: done.data.token }),
      twoStepStatusResponseSchema,
    );
    expect(status.data.recovery_codes_left).toBe(9);
    // New codes need the password (or a code): a wrong one is refused.
    expectError(
      await call(t.app, 'POST', twoStepPaths.accountRecoveryCodes, {
        token: done.data.token,
        body: { password: 'salah' },
      }),
      422,
    );
    const fresh = expectOk(
      await call(t.app, 'POST', twoStepPaths.accountRecoveryCodes, {
        token: done.data.token,
        body: { password: account.password },
      }),
      recoveryCodesResponseSchema,
    ).data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expectError(await verify(again.challenge, 'recovery', second), 422);
    expectOk(await verify(again.challenge, 'recovery', fresh[0]), loginResponseSchema);
  });
});

describe('secrets', () => {
  it('are never returned by a read and are stored sealed; recovery codes are stored hashed', async () => {
    const account = await accountWithTotp();
    const token = await totpLogin(account);
    const own = await call(t.app, 'GET', twoStepPaths.account, { token });
    const byAdmin = await call(t.app, 'GET', twoStepPaths.user(account.id), { token: admin });
    for (const reply of [own, byAdmin]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(account.secret);
      expect(reply.body).not.toMatch(/"secret"/);
    }
    const { store, close } = openTestStore(t);
    let stored: string | null | undefined;
    let hashes: string[];
    try {
      const factors = await sql<{
        secret: string | null;
      }>`SELECT secret FROM two_step_factors WHERE user_id = ${account.id}`.execute(store.db);
      stored = factors.rows[0]?.secret;
      const codes = await sql<{
        code_hash: string;
      }>`SELECT code_hash FROM recovery_codes WHERE user_id = ${account.id}`.execute(store.db);
      hashes = codes.rows.map((row) => row.code_hash);
    } finally {
      await close();
    }
    expect(String(stored)).toMatch(/^v1\./);
    expect(String(stored)).not.toContain(account.secret);
    expect(hashes).toHaveLength(10);
    for (const code of account.codes) expect(hashes).not.toContain(code.replace('-', ''));
  });
});

describe('required by role', () => {
  it('takes a member without a factor to enrol before any login exists; the role flag is recorded', async () => {
    const role = expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: admin,
        body: createRolePayload({ requires_two_step: true }),
      }),
      roleResponseSchema,
      201,
    ).data;
    expect(role.requires_two_step).toBe(true);
    const account = await createAccount(t.app, admin, { role_ids: [role.id] });
    const pending = await firstStep(account.nik, account.password);
    expect(pending).toMatchObject({ enrol: true, methods: [] });
    // No way around it: the enrolment challenge is not a second step, nor a login token.
    expectError(await verify(pending.challenge, 'totp', '123456'), 422);
    expect((await call(t.app, 'GET', twoStepPaths.account, { token: pending.challenge })).statusCode).toBe(
      401,
    );
    const offer = expectOk(
      await call(t.app, 'POST', twoStepPaths.enrolStart, { body: { challenge: pending.challenge } }),
      totpOfferResponseSchema,
    ).data;
    expect(offer.uri).toContain('issuer=SSO%20Panel');
    expectError(
      await call(t.app, 'POST', twoStepPaths.enrolConfirm, {
        body: { challenge: pending.challenge, code: '000000' },
      }),
      422,
    );
    const enrolled = expectOk(
      await call(t.app, 'POST', twoStepPaths.enrolConfirm, {
        body: { challenge: pending.challenge, code: codeOf(offer.secret) },
      }),
      twoStepEnrolledResponseSchema,
    ).data;
    expect(enrolled.recovery_codes).toHaveLength(10);
    const status = expectOk(
      await call(t.app, 'GET', twoStepPaths.account, { token: enrolled.token }),
      twoStepStatusResponseSchema,
    ).data;
    expect(status).toMatchObject({ required: true, recovery_codes_left: 10 });
    // The last factor of a user whose role requires one cannot be removed.
    const id = status.factors[0]?.id ?? 0;
    const refused = expectError(
      await call(t.app, 'DELETE', twoStepPaths.accountFactor(id), {
        token: enrolled.token,
        body: { password: account.password },
      }),
      409,
    );
    expect(refused.message).toMatch(/^Role Anda mewajibkan verifikasi dua langkah/);
    const edits = (await events('role.update')).length;
    const detail = expectOk(
      await call(t.app, 'GET', paths.roles.detail(role.id), { token: admin }),
      roleResponseSchema,
    ).data;
    expectOk(
      await call(t.app, 'PATCH', paths.roles.update(role.id), {
        token: admin,
        body: { requires_two_step: false, version: detail.version },
      }),
      roleResponseSchema,
    );
    const roleEvents = await events('role.update');
    expect(roleEvents).toHaveLength(edits + 1);
    expect(roleEvents[0]?.changes).toContainEqual({
      field: 'Wajib verifikasi dua langkah',
      before: 'Ya',
      after: 'Tidak',
    });
  });

  it('a modifier without the edit right of roles cannot change the flag', async () => {
    const viewer = await openSession(t.app, VIEWER);
    const reply = await call(t.app, 'PATCH', paths.roles.update(2), {
      token: viewer.accessToken,
      body: { requires_two_step: true, version: 1 },
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('removing a factor', () => {
  it('needs the current password or a code; removing the last one ends the recovery codes too', async () => {
    const account = await accountWithTotp();
    const token = await totpLogin(account);
    const status = expectOk(
      await call(t.app, 'GET', twoStepPaths.account, { token }),
      twoStepStatusResponseSchema,
    ).data;
    const id = status.factors[0]?.id ?? 0;
    expectError(await call(t.app, 'DELETE', twoStepPaths.accountFactor(id), { token, body: {} }), 422);
    expectError(
      await call(t.app, 'DELETE', twoStepPaths.accountFactor(id), { token, body: { password: 'salah' } }),
      422,
    );
    expectError(
      await call(t.app, 'DELETE', twoStepPaths.accountFactor(999999), {
        token,
        body: { password: account.password },
      }),
      404,
    );
    const after = expectOk(
      await call(t.app, 'DELETE', twoStepPaths.accountFactor(id), {
        token,
        body: { password: account.password },
      }),
      twoStepStatusResponseSchema,
    ).data;
    expect(after).toMatchObject({ factors: [], recovery_codes_left: 0 });
    // Signs in with the password alone again.
    await passwordLogin(account);
    expect((await events(AUDIT_ACTION.twoStepRemove)).some((e) => e.actor_id === account.id)).toBe(true);
  });
});

describe('administration (Detail User)', () => {
  it('an administrator resets a user: factors gone, sessions ended with the reason, recorded with the reason typed', async () => {
    const account = await accountWithTotp();
    const token = await totpLogin(account);
    const listed = expectOk(
      await call(t.app, 'GET', twoStepPaths.user(account.id), { token: admin }),
      twoStepStatusResponseSchema,
    ).data;
    expect(listed.factors).toHaveLength(1);
    const reset = expectOk(
      await call(t.app, 'DELETE', twoStepPaths.user(account.id), {
        token: admin,
        body: { reason: 'Ponsel hilang' },
      }),
      twoStepStatusResponseSchema,
    ).data;
    expect(reset).toMatchObject({ factors: [], recovery_codes_left: 0 });
    const ended = expectError(await call(t.app, 'GET', twoStepPaths.account, { token }), 401);
    expect(ended.message).toBe(SESSION_END_MESSAGES.two_step_reset);
    const recorded = (await events('user.two_step_reset')).find((e) => e.target_id === String(account.id));
    expect(recorded?.changes).toContainEqual({
      field: 'Verifikasi dua langkah',
      before: 'Ponsel',
      after: 'Tidak aktif',
    });
    expect(recorded?.changes).toContainEqual({ field: 'Alasan', before: null, after: 'Ponsel hilang' });
  });

  it('nobody resets their own factors there; the privilege rules hold; a viewer may not', async () => {
    const self = expectError(
      await call(t.app, 'DELETE', twoStepPaths.user(1), { token: admin, body: {} }),
      409,
    );
    expect(self.message).toMatch(/akun Anda sendiri/);
    // Admin (100004) covers only Admin users: not the Super Admin.
    const modifier = await openSession(t.app, MODIFIER);
    expect(
      (await call(t.app, 'DELETE', twoStepPaths.user(1), { token: modifier.accessToken, body: {} }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', twoStepPaths.user(1), { token: modifier.accessToken })).statusCode).toBe(
      403,
    );
    const viewer = await openSession(t.app, VIEWER);
    expect(
      (await call(t.app, 'DELETE', twoStepPaths.user(7), { token: viewer.accessToken, body: {} })).statusCode,
    ).toBe(403);
    expectError(await call(t.app, 'DELETE', twoStepPaths.user(999999), { token: admin, body: {} }), 404);
  });
});

describe('demo seed', () => {
  it('gives 100007 an authenticator app and leaves the Super Admin signing in with a password', async () => {
    expectOk(await call(t.app, 'POST', paths.auth.loginNik, { body: ADMIN }), loginResponseSchema);
    const status = expectOk(
      await call(t.app, 'GET', twoStepPaths.user(7), { token: admin }),
      twoStepStatusResponseSchema,
    ).data;
    expect(status.factors.map((f) => f.label)).toEqual(['Demo (README)']);
    expect(z.string().parse(DEMO_TOTP_SECRET)).toMatch(/^[A-Z2-7]+$/);
  });
});

describe('passkeys', () => {
  it('options for a new passkey name our RP (the panel host); a forged or foreign answer stores nothing', async () => {
    const account = await createAccount(t.app, admin);
    const token = await passwordLogin(account);
    const started = expectOk(
      await call(t.app, 'POST', twoStepPaths.accountPasskeyOptions, { token, body: {} }),
      accountPasskeyOptionsResponseSchema,
    ).data;
    expect(started.options).toMatchObject({
      rp: { id: 'localhost', name: 'SSO Panel' },
      attestation: 'none',
    });
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'AA' },
    };
    const refused = expectError(
      await call(t.app, 'POST', twoStepPaths.accountPasskey, {
        token,
        body: { registration: started.registration, label: 'Kunci', response: forged },
      }),
      422,
    );
    expect(refused.errors?.passkey).toBe('Passkey tidak dapat diverifikasi. Coba lagi.');
    // Another user's registration token is not this user's.
    const other = await createAccount(t.app, admin);
    const otherToken = await passwordLogin(other);
    expectError(
      await call(t.app, 'POST', twoStepPaths.accountPasskey, {
        token: otherToken,
        body: { registration: started.registration, label: 'Kunci', response: forged },
      }),
      422,
    );
    const status = expectOk(
      await call(t.app, 'GET', twoStepPaths.account, { token }),
      twoStepStatusResponseSchema,
    );
    expect(status.data.factors).toEqual([]);
  });

  it('a pending sign-in of a user without a passkey gets no passkey options; a second step answer without options is refused', async () => {
    const pending = await firstStep(DEMO_TWO_STEP_NIK, 'password123');
    expect(pending.methods).not.toContain('passkey');
    expectError(
      await call(t.app, 'POST', twoStepPaths.passkeyOptions, { body: { challenge: pending.challenge } }),
      409,
    );
    expect(await forgedPasskeyRefusal(twoStepPaths.passkeyVerify, pending.challenge)).toBe(
      'Passkey tidak dikenali untuk akun ini',
    );
  });
});

describe('Gunakan passkey (a passkey alone)', () => {
  it('options ask for user verification with no account named; a forged answer or a reused challenge is refused', async () => {
    const started = expectOk(
      await call(t.app, 'POST', twoStepPaths.passkeyLoginOptions, { body: {} }),
      passkeyLoginOptionsResponseSchema,
    ).data;
    expect(started.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(started.options).not.toHaveProperty(
      'allowCredentials',
      expect.arrayContaining([expect.anything()]),
    );
    expect(await forgedPasskeyRefusal(twoStepPaths.passkeyLogin, started.challenge)).toBe(
      'Passkey tidak dikenali. Masuk dengan NIK dan password.',
    );
    const reused = expectError(
      await call(t.app, 'POST', twoStepPaths.passkeyLogin, {
        body: { challenge: started.challenge, response: FORGED_PASSKEY },
      }),
      422,
    );
    expect(reused.errors?.passkey).toBe('Sesi verifikasi tidak berlaku. Silakan masuk lagi.');
    expectError(
      await call(t.app, 'POST', twoStepPaths.passkeyLogin, { body: { challenge: 'x', response: 'bukan' } }),
      422,
    );
  });
});
