import {
  NO_PANEL_ACCESS_MESSAGE,
  SESSION_INVALID_MESSAGE,
  availableAppsResponseSchema,
  createSessionResponseSchema,
  logoutResponseSchema,
  meResponseSchema,
  paths,
  validateSessionResponseSchema,
} from '@sso/shared/contract';
import {
  MODIFIER,
  NO_PANEL,
  call,
  expectError,
  expectOk,
  loginAsAdmin,
  loginWithNik,
  openSession,
} from '../test-support/http';
import { useTestApp } from '../test-support/test-app';

const t = useTestApp({ tokenTtlSeconds: 28_800 });

/** Spec 4 "Login chain", as the panel runs it. */
async function runChain() {
  const token = await loginAsAdmin(t.app);
  const apps = expectOk(
    await call(t.app, 'GET', paths.session.availableApps, { token }),
    availableAppsResponseSchema,
  );
  const panel = apps.data.find((a) => a.id === 1);
  const session = expectOk(
    await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 1 } }),
    createSessionResponseSchema,
  );
  return { token, apps, panel, session: session.data };
}

describe('login chain', () => {
  it('lists the apps the role grants; app 1 carries the url sent at login', async () => {
    const { apps, panel } = await runChain();
    expect(apps.data.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
    expect(panel).toEqual({
      id: 1,
      name: 'SSO Admin Panel',
      url: 'http://localhost:3000',
      logo_url: 'http://api.test/static/logos/app-1.svg',
    });
  });

  it('creates an app session that expires with the login token', async () => {
    const { session } = await runChain();
    expect(session.expires_at).toBe(Math.floor(t.clock() / 1000) + 28_800);
    expect(new Set([session.access_token, session.session_token, session.refresh_token]).size).toBe(3);
  });

  it('validates the session token', async () => {
    const { token, session } = await runChain();
    const body = expectOk(
      await call(t.app, 'POST', paths.session.validate, {
        token,
        body: { session_token: session.session_token },
      }),
      validateSessionResponseSchema,
    );
    expect(body.data).toEqual({ valid: true, app_id: 1, expires_at: session.expires_at });
  });

  it('answers the profile with roles, menu tree and units', async () => {
    const { token } = await runChain();
    const me = expectOk(await call(t.app, 'GET', paths.session.me, { token }), meResponseSchema).data;
    expect(me.user).toMatchObject({
      id: 1,
      nik: '100001',
      name: 'Administrator',
      phone: '081234567890',
      is_active: true,
    });
    expect(me.roles).toEqual([{ id: 1, name: 'Super Admin', position: 1 }]);
    const panelMenus = me.user_menu.find((a) => a.apps_id === 1)?.menus ?? [];
    expect(panelMenus.map((m) => m.name)).toEqual([
      'Home',
      'User Management',
      'Role Management',
      'App Management',
      'Settings',
      'Log Aktivitas',
      'Peta Akses',
    ]);
    expect(panelMenus[1]?.children.map((c) => c.name)).toEqual(['Daftar User', 'Tambah User']);
    expect(panelMenus.every((m) => m.acces_level === 1)).toBe(true);
    expect(me.user_unit.length).toBeGreaterThan(0);
  });

  it('accepts the access token on validate and me', async () => {
    const { session } = await runChain();
    const bearer = { token: session.access_token };
    expectOk(await call(t.app, 'GET', paths.session.me, bearer), meResponseSchema);
    const validated = expectOk(
      await call(t.app, 'POST', paths.session.validate, {
        ...bearer,
        body: { session_token: session.session_token },
      }),
      validateSessionResponseSchema,
    );
    expect(validated.data.app_id).toBe(1);
  });

  it('opens app sessions with the login token only', async () => {
    const { session } = await runChain();
    const bearer = { token: session.access_token };
    expectError(await call(t.app, 'GET', paths.session.availableApps, bearer), 401);
    expectError(await call(t.app, 'POST', paths.session.create, { ...bearer, body: { app_id: 1 } }), 401);
    // Neither the session token nor the refresh token is a bearer.
    for (const token of [session.session_token, session.refresh_token]) {
      expectError(await call(t.app, 'GET', paths.session.me, { token }), 401);
    }
  });
});

describe('logout/app', () => {
  const logout = (token: string | undefined, body?: unknown) =>
    call(t.app, 'POST', paths.session.logout, { token, body });
  const me = (token: string) => call(t.app, 'GET', paths.session.me, { token });

  it('with the login token and the spec payload: the login, its access token and session end', async () => {
    const { token, session } = await runChain();
    const body = expectOk(
      await logout(token, { session_token: session.session_token, app_id: 1 }),
      logoutResponseSchema,
    );
    expect(body.data.message).toBe('Logout berhasil');
    expectError(await me(token), 401);
    expectError(await me(session.access_token), 401);
    expectError(await logout(token, {}), 401);
  });

  it.each([
    ['no body', undefined],
    ['{}', {}],
    ['app_id null', { app_id: null }],
    ['both null', { app_id: null, session_token: null }],
  ])('with the login token and %s: the login ends', async (_name, body) => {
    const { token, session } = await runChain();
    expectOk(await logout(token, body), logoutResponseSchema);
    expect(expectError(await me(token), 401).message).toBe(SESSION_INVALID_MESSAGE);
    expectError(await me(session.access_token), 401);
  });

  // Issue 36 (finding 13): logging out ends the whole sign-in, whichever of its tokens is sent.
  it.each([
    ['no body', undefined],
    ['app_id null', { app_id: null }],
    ['the spec payload', 'spec'],
  ])('with an access token and %s: the login and all its app sessions end', async (_name, body) => {
    const { token, session } = await runChain();
    const other = expectOk(
      await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 1 } }),
      createSessionResponseSchema,
    ).data;
    const payload = body === 'spec' ? { session_token: session.session_token, app_id: 1 } : body;
    expectOk(await logout(session.access_token, payload), logoutResponseSchema);
    expectError(await me(session.access_token), 401);
    expectError(await logout(session.access_token, payload), 401);
    // The login token is dead too: it cannot open a new session or read the profile.
    expectError(await me(token), 401);
    expectError(await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 1 } }), 401);
    // And so is every other app session opened from that login.
    expectError(await me(other.access_token), 401);
  });

  it('refuses a malformed payload with 422 and logs nothing out', async () => {
    const { token } = await runChain();
    expectError(await logout(token, { app_id: 'satu' }), 422);
    expectOk(await me(token), meResponseSchema);
  });

  it('keeps other logins of the same user alive after one logs out', async () => {
    const first = await runChain();
    const second = await runChain();
    await logout(first.token, {});
    expectOk(await me(second.token), meResponseSchema);
    expectOk(await me(second.session.access_token), meResponseSchema);
  });
});

describe('session errors', () => {
  it('requires the bearer on every session call', async () => {
    expectError(await call(t.app, 'GET', paths.session.availableApps), 401);
    expectError(await call(t.app, 'POST', paths.session.create, { body: { app_id: 1 } }), 401);
    expectError(await call(t.app, 'POST', paths.session.validate, { body: { session_token: 'x' } }), 401);
    expectError(await call(t.app, 'GET', paths.session.me), 401);
    expectError(await call(t.app, 'POST', paths.session.logout, { body: {} }), 401);
  });

  it('validates the app_id of session/create', async () => {
    const token = await loginAsAdmin(t.app);
    const missing = expectError(await call(t.app, 'POST', paths.session.create, { token, body: {} }), 422);
    expect(missing.errors?.app_id).toBe('app_id tidak boleh kosong');
    expectError(await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 'satu' } }), 422);
    expectError(await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 999 } }), 404);
  });

  it('refuses app 1 to a role without it: 403 with the no-panel message', async () => {
    const token = await loginWithNik(t.app, NO_PANEL.nik, NO_PANEL.password);
    const apps = expectOk(
      await call(t.app, 'GET', paths.session.availableApps, { token }),
      availableAppsResponseSchema,
    );
    expect(apps.data.map((a) => a.id)).toEqual([2]);
    const error = expectError(
      await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 1 } }),
      403,
    );
    expect(error).toEqual({ message: NO_PANEL_ACCESS_MESSAGE });
    // Its own application opens.
    expectOk(
      await call(t.app, 'POST', paths.session.create, { token, body: { app_id: 2 } }),
      createSessionResponseSchema,
    );
  });

  it('refuses another app the role does not grant with 403', async () => {
    const { loginToken } = await openSession(t.app, MODIFIER);
    const error = expectError(
      await call(t.app, 'POST', paths.session.create, { token: loginToken, body: { app_id: 3 } }),
      403,
    );
    expect(error.message).toBe('Anda tidak memiliki akses ke aplikasi ini');
  });

  it('answers 401 for a session token that is forged, foreign or logged out', async () => {
    const { token } = await runChain();
    expectError(
      await call(t.app, 'POST', paths.session.validate, { token, body: { session_token: 'forged' } }),
      401,
    );
    const other = await runChain();
    // A valid session token of another login is not this login's session.
    expectError(
      await call(t.app, 'POST', paths.session.validate, {
        token,
        body: { session_token: other.session.session_token },
      }),
      401,
    );
    // The login token is not a session token.
    expectError(
      await call(t.app, 'POST', paths.session.validate, { token, body: { session_token: token } }),
      401,
    );
    expectError(await call(t.app, 'POST', paths.session.validate, { token, body: {} }), 422);
  });
});
