import { loginResponseSchema, meResponseSchema, paths, SESSION_INVALID_MESSAGE } from '@sso/shared/contract';
import {
  ADMIN,
  adminAccessToken,
  call,
  expectError,
  expectOk,
  loginAsAdmin,
  loginWithNik,
  openSession,
} from '../test-support/http';
import { useTestApp } from '../test-support/test-app';

const t = useTestApp({ tokenTtlSeconds: 3600 });

const login = (body: unknown) => call(t.app, 'POST', paths.auth.loginNik, { body });
const me = (token?: string) => call(t.app, 'GET', paths.session.me, { token });

describe('POST auth/login/nik', () => {
  it('answers a token and apps_id 1 for the demo administrator', async () => {
    const body = expectOk(await login({ ...ADMIN, url: 'http://localhost:3000' }), loginResponseSchema);
    expect(body.data.apps_id).toBe(1);
    expect(body.message).toBe('Login berhasil');
    expect(body.data.token.split('.')).toHaveLength(2);
  });

  it.each([
    [{ password: 'x' }, 'nik', 'NIK tidak boleh kosong'],
    [{ nik: '   ', password: 'x' }, 'nik', 'NIK tidak boleh kosong'],
    [{ nik: '100001' }, 'password', 'Password tidak boleh kosong'],
    [{ nik: '100001', password: '' }, 'password', 'Password tidak boleh kosong'],
    // One answer for an unknown NIK and a wrong password, under the password (issue 36).
    [{ nik: '999999', password: 'admin123' }, 'password', 'NIK atau password salah'],
    [{ nik: '100001', password: 'salah123' }, 'password', 'NIK atau password salah'],
  ])('%j → 422 errors.%s', async (body, field, message) => {
    const error = expectError(await login(body), 422);
    expect(error.errors?.[field]).toBe(message);
  });

  it('reports both missing fields at once', async () => {
    const error = expectError(await login({}), 422);
    expect(error.errors).toEqual({ nik: 'NIK tidak boleh kosong', password: 'Password tidak boleh kosong' });
  });

  it('answers 422 (not 500) for wrong types, no body and SQL-ish input', async () => {
    expectError(await login({ nik: 100001, password: ['a'] }), 422);
    expectError(await call(t.app, 'POST', paths.auth.loginNik), 422);
    const error = expectError(await login({ nik: "' OR 1=1 --", password: "' OR '1'='1" }), 422);
    expect(error.errors?.password).toBe('NIK atau password salah');
    expectError(await login({ nik: '1'.repeat(5000), password: 'x' }), 422);
  });

  it('answers a user without a password as a wrong password (issue 36: nothing tells who exists)', async () => {
    const token = await adminAccessToken(t.app);
    const created = await call(t.app, 'POST', paths.users.create, {
      token,
      body: {
        nama: 'Tanpa Password',
        nik: '777001',
        phone: '081200000001',
        email: '',
        role_ids: [3],
        perusahaan: [{ perusahaan_id: 1, cabang: [] }],
      },
    });
    expect(created.statusCode).toBe(201);
    const error = expectError(await login({ nik: '777001', password: 'apa saja' }), 422);
    expect(error.errors).toEqual({ password: 'NIK atau password salah' });
  });
});

describe('bearer tokens', () => {
  it('opens the session routes with a valid token', async () => {
    const token = await loginAsAdmin(t.app);
    expectOk(await me(token), meResponseSchema);
  });

  it.each([
    ['missing', undefined],
    ['malformed', 'not-a-token'],
    ['three parts', 'a.b.c'],
    ['bad signature', 'eyJ0eXAiOiJsb2dpbiJ9.AAAA'],
  ])('rejects a %s token with 401 and the session message', async (_name, token) => {
    const error = expectError(await me(token), 401);
    expect(error).toEqual({ message: SESSION_INVALID_MESSAGE });
  });

  it('rejects a token whose payload was edited', async () => {
    const token = await loginAsAdmin(t.app);
    const [payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 2 })).toString('base64url');
    expectError(await me(`${forged}.${signature}`), 401);
  });

  // Regression: a signature with `=` appended or its last character's spare bits changed passed.
  it('rejects a login or access token whose signature was re-encoded', async () => {
    const { loginToken, accessToken } = await openSession(t.app, ADMIN);
    const reencoded = (token: string) => {
      const [payload = '', signature = ''] = token.split('.');
      const last = signature.slice(-1);
      const sibling = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].find(
        (c) =>
          c !== last &&
          Buffer.from(`${signature.slice(0, -1)}${c}`, 'base64url').equals(
            Buffer.from(signature, 'base64url'),
          ),
      );
      if (sibling === undefined) throw new Error('no other spelling of the signature');
      return [`${payload}.${signature}=`, `${payload}.${signature.slice(0, -1)}${sibling}`];
    };
    for (const token of reencoded(loginToken)) expectError(await me(token), 401);
    for (const token of reencoded(accessToken)) {
      expectError(await me(token), 401);
      expectError(await call(t.app, 'GET', paths.users.list, { token }), 401);
    }
    expectOk(await me(loginToken), meResponseSchema);
    expect((await call(t.app, 'GET', paths.users.list, { token: accessToken })).statusCode).toBe(200);
  });

  it('rejects a token once it has expired', async () => {
    const token = await loginWithNik(t.app, ADMIN.nik, ADMIN.password);
    t.clock.advance(3599);
    expectOk(await me(token), meResponseSchema);
    t.clock.advance(2);
    expectError(await me(token), 401);
  });

  it('accepts the scheme name in any case and rejects other schemes', async () => {
    const token = await loginAsAdmin(t.app);
    const lower = await call(t.app, 'GET', paths.session.me, {
      headers: { authorization: `bearer ${token}` },
    });
    expect(lower.statusCode).toBe(200);
    const basic = await call(t.app, 'GET', paths.session.me, {
      headers: { authorization: `Basic ${token}` },
    });
    expect(basic.statusCode).toBe(401);
  });
});
