import * as v from 'valibot';
import { paths } from '@sso/shared/contract';
import { sessionSchema } from '@sso/shared/session';
import { runLoginChain, signInWithNik, type LoginChainClient } from './login-chain';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string | undefined;
}

const app = { id: 1, name: 'SSO Admin Panel', url: 'http://panel.test', logo_url: 'http://panel.test/l.png' };
const tokens = { access_token: 'access', session_token: 'sess', refresh_token: 'refresh', expires_at: 2e9 };
const replies: Record<string, unknown> = {
  [paths.auth.loginNik]: { message: 'ok', data: { token: 'login-token', apps_id: 1 } },
  [paths.session.availableApps]: { message: 'ok', data: [app] },
  [paths.session.create]: { message: 'ok', data: tokens },
  [paths.session.validate]: { message: 'ok', data: { valid: true, app_id: 1, expires_at: 2e9 } },
  [paths.session.me]: {
    message: 'ok',
    data: {
      user: {
        id: 7,
        nik: '100001',
        name: 'Administrator',
        phone: '081234567890',
        email: 'admin@corp.id',
        is_active: true,
        created_at: '2026-01-01',
        updated_at: '2026-01-01',
        client_group: null,
      },
      roles: [{ id: 3, name: 'Super Admin', position: 1 }],
      user_menu: [
        {
          apps_id: 1,
          apps_name: 'SSO Admin Panel',
          logo_url: 'http://panel.test/l.png',
          menus: [{ id: 1, name: 'Home', acces_level: 1, children: [] }],
        },
      ],
      user_unit: [],
    },
  },
};

/** A client answering every step of the chain from `replies`, recording what was sent. */
function fakeClient(overrides: Record<string, unknown> = {}) {
  const calls: Call[] = [];
  const answer = <T>(path: string, schema: { parse: (v: unknown) => T }) =>
    Promise.resolve(schema.parse({ ...replies, ...overrides }[path]));
  const client: LoginChainClient = {
    get: (path, schema, token) => {
      calls.push({ method: 'GET', path, token });
      return answer(path, schema);
    },
    post: (path, body, schema, token) => {
      calls.push({ method: 'POST', path, body, token });
      return answer(path, schema);
    },
  };
  return { client, calls };
}

test('the chain opens an app session and reads the profile with its access token, not the login token', async () => {
  const { client, calls } = fakeClient();
  await runLoginChain(client, 'login-token', 1);
  expect(calls.map((c) => [c.method, c.path, c.token])).toEqual([
    ['GET', paths.session.availableApps, 'login-token'],
    ['POST', paths.session.create, 'login-token'],
    ['POST', paths.session.validate, 'login-token'],
    ['GET', paths.session.me, 'access'],
  ]);
  expect(calls[2]?.body).toEqual({ session_token: 'sess' });
});

test('the session it returns is the one the panel stores, with the app session tokens', async () => {
  const { client } = fakeClient();
  const session = await signInWithNik(client, { nik: '100001', password: 'admin123', url: 'http://x' });
  expect(v.parse(sessionSchema, session)).toEqual(session);
  expect(session).toMatchObject({
    nik: '100001',
    role_name: 'Super Admin',
    app_id: 1,
    token: 'login-token',
    access_token: 'access',
    session_token: 'sess',
    expires_at: 2e9,
  });
});

test('signInWithNik sends the credentials and the panel url to the NIK login', async () => {
  const { client, calls } = fakeClient();
  await signInWithNik(client, { nik: '100001', password: 'admin123', url: 'http://panel.test' });
  expect(calls[0]).toEqual({
    method: 'POST',
    path: paths.auth.loginNik,
    body: { nik: '100001', password: 'admin123', url: 'http://panel.test' },
    token: undefined,
  });
});

test('a login whose apps_id is not among the available apps stops before any session is opened', async () => {
  const { client, calls } = fakeClient({ [paths.session.availableApps]: { message: 'ok', data: [] } });
  await expect(runLoginChain(client, 'login-token', 1)).rejects.toMatchObject({ status: 403 });
  expect(calls.map((c) => c.path)).toEqual([paths.session.availableApps]);
});

test('an employee whose role does not grant the panel is refused, with no session', async () => {
  const me = replies[paths.session.me] as { data: object };
  const { client } = fakeClient({
    [paths.session.me]: { ...me, data: { ...me.data, user_menu: [] } },
  });
  await expect(runLoginChain(client, 'login-token', 1)).rejects.toMatchObject({
    status: 403,
    message: 'Akun Anda tidak memiliki akses ke SSO Admin Panel',
  });
});

test('a login for another app is refused before any app session is opened', async () => {
  const { client, calls } = fakeClient({
    [paths.session.availableApps]: { message: 'ok', data: [{ ...app, id: 2, name: 'HRIS' }] },
  });
  await expect(runLoginChain(client, 'login-token', 2)).rejects.toMatchObject({ status: 403 });
  expect(calls.map((c) => c.path)).toEqual([paths.session.availableApps]);
});
