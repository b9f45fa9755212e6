import Database from 'better-sqlite3';
import * as oidc from 'openid-client';
import {
  authorizationRequest,
  browse,
  codeGrant,
  CookieJar,
  finishLogin,
  followToPanelOrApp,
  location,
  loginToken,
  startAtLogin,
  startOidcApp,
  startSignIn,
  type OidcTestApp,
} from '../test-support/oidc';

let api: OidcTestApp;
beforeEach(async () => {
  api = await startOidcApp();
});
afterEach(() => api.close());

/** A browser signing in at `clientId` through the panel's login; the tokens of the callback. */
async function signIn(jar: CookieJar, clientId: 'hris' | 'inventory', nik = '100001', password = 'admin123') {
  const { config, started, step: arrived } = await startSignIn(api, jar, clientId);
  let step = arrived;
  if (step.kind === 'login')
    step = await finishLogin(jar, api.origin, step.uid, await loginToken(api.origin, nik, password));
  if (step.kind !== 'callback') throw new Error(`no callback: ${step.kind}`);
  const tokens = await codeGrant(config, started, step.url);
  return { config, tokens, callback: step.url, verifier: started.verifier, state: started.state };
}

const errorOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => {
      if (error instanceof oidc.ResponseBodyError) return error.error;
      // A 401 answer names the error in its WWW-Authenticate challenge.
      if (error instanceof oidc.WWWAuthenticateChallengeError) return error.cause[0]?.parameters.error ?? '';
      return String(error);
    },
  );

/** The SSO session is gone: the refresh token is refused and HRIS's next sign-in asks to log in. */
async function expectSignedOutOfHris(jar: CookieJar, hris: Awaited<ReturnType<typeof signIn>>) {
  expect(await errorOf(oidc.refreshTokenGrant(hris.config, hris.tokens.refresh_token ?? ''))).toBe(
    'invalid_grant',
  );
  const again = await followToPanelOrApp(
    jar,
    (await authorizationRequest(hris.config, 'hris')).url.href,
    api.origin,
  );
  expect(again.kind).toBe('login');
}

describe('single sign-on rules', () => {
  it('refuses HR Manager at Inventory with a page in Indonesian and access_denied, no code', async () => {
    const jar = new CookieJar();
    const login = await startAtLogin(api, jar, 'inventory');
    const refused = await finishLogin(
      jar,
      api.origin,
      login.uid,
      await loginToken(api.origin, '100003', 'password123'),
    );
    if (refused.kind !== 'page') throw new Error('expected the refusal page');
    expect(refused.response.status).toBe(403);
    const html = await refused.response.text();
    expect(html).toContain('Role Anda tidak memiliki akses ke Inventory');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const abort = await browse(jar, new URL(action, api.origin).href, { method: 'POST' });
    const back = await followToPanelOrApp(jar, new URL(location(abort), api.origin).href, api.origin);
    if (back.kind !== 'callback') throw new Error('expected the callback');
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('code')).toBeNull();
  });

  it('claims carry the role and exactly the granted menus of that application, fresh at each call', async () => {
    const { config, tokens } = await signIn(new CookieJar(), 'hris', '100003', 'password123');
    const claims = tokens.claims();
    expect(claims?.role).toEqual({ id: expect.any(Number), name: 'HR Manager' });
    const db = new Database(api.dbFile, { readonly: true });
    const granted = db
      .prepare<[], { id: number }>(
        `SELECT m.id FROM role_menus rm JOIN menus m ON m.id = rm.menu_id JOIN roles r ON r.id = rm.role_id
         WHERE r.name = 'HR Manager' AND m.app_id = 2 AND m.parent_id IS NULL ORDER BY m.id`,
      )
      .all();
    db.close();
    const menus = claims?.menus as { id: number; access_level: number; children: unknown[] }[];
    expect(menus.map((m) => m.id).sort((a, b) => a - b)).toEqual(granted.map((g) => g.id));
    expect(menus.every((m) => m.access_level === 1)).toBe(true);

    const writer = new Database(api.dbFile);
    writer
      .prepare(
        `UPDATE role_menus SET access_level = 3 WHERE role_id = (SELECT id FROM roles WHERE name = 'HR Manager')
         AND menu_id = ?`,
      )
      .run(menus[0]?.id);
    writer.close();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '');
    const fresh = info.menus as { id: number; access_level: number }[];
    expect(fresh.find((m) => m.id === menus[0]?.id)?.access_level).toBe(3);
  });

  it('refuses a wrong secret, a replayed code and a used refresh token (rotation)', async () => {
    const jar = new CookieJar();
    const { config, tokens, callback, verifier, state } = await signIn(jar, 'hris');
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const wrong = await oidc.discovery(
      new URL(api.issuer),
      'hris',
      undefined,
      oidc.ClientSecretBasic('salah'),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    expect(await errorOf(oidc.refreshTokenGrant(wrong, refreshed.refresh_token ?? ''))).toBe(
      'invalid_client',
    );
    // A rotated-out token is refused, and its reuse revokes the grant (the newest token too).
    expect(await errorOf(oidc.refreshTokenGrant(config, tokens.refresh_token ?? ''))).toBe('invalid_grant');
    expect(await errorOf(oidc.refreshTokenGrant(config, refreshed.refresh_token ?? ''))).toBe(
      'invalid_grant',
    );
    // A replayed code is refused.
    const replay = oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(await errorOf(replay)).toBe('invalid_grant');
  });

  it('never redirects to an unregistered redirect URI and refuses other response types or no PKCE', async () => {
    const jar = new CookieJar();
    const base = `${api.issuer}/auth?client_id=hris&scope=openid&state=s&nonce=n`;
    const pkce = '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256';
    const foreign = await browse(
      jar,
      `${base}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.test/cb')}${pkce}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.text()).toContain('redirect URI');

    const redirect = encodeURIComponent('http://localhost:3101/callback');
    const implicit = await browse(jar, `${base}&response_type=id_token&redirect_uri=${redirect}${pkce}`);
    expect(`${implicit.status} ${location(implicit)}`).toMatch(/unsupported_response_type|400/);
    const noPkce = await browse(jar, `${base}&response_type=code&redirect_uri=${redirect}`);
    expect(new URL(location(noPkce)).searchParams.get('error')).toBe('invalid_request');

    const unknown = await browse(jar, `${api.issuer}/auth?client_id=nobody&response_type=code&scope=openid`);
    expect(unknown.status).toBe(400);
  });

  it('refuses a stale or foreign interaction and an invalid login token', async () => {
    const jar = new CookieJar();
    const stale = await browse(jar, `${api.origin}/oidc/interaction/bukan-interaksi/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(stale.status).toBe(400);
    const login = await startAtLogin(api, jar, 'hris');
    const badToken = await finishLogin(jar, api.origin, login.uid, 'bukan-token');
    expect(badToken.kind === 'page' && badToken.response.status).toBe(401);
    // Another browser (no interaction cookie) cannot finish this one.
    const other = await finishLogin(
      new CookieJar(),
      api.origin,
      login.uid,
      await loginToken(api.origin, '100001', 'admin123'),
    );
    expect(other.kind === 'page' && other.response.status).toBe(400);
  });

  it('deactivation ends the SSO session and the refresh tokens of every application at once', async () => {
    const jar = new CookieJar();
    const hris = await signIn(jar, 'hris', '100003', 'password123');
    const sub = hris.tokens.claims()?.sub ?? '';
    const db = new Database(api.dbFile);
    db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(Number(sub));
    db.close();
    await expectSignedOutOfHris(jar, hris);
  });

  it('a login that expired and was purged takes its SSO session and tokens with it', async () => {
    const jar = new CookieJar();
    const hris = await signIn(jar, 'hris');
    const db = new Database(api.dbFile);
    // What the session store's purge of expired logins does (the link goes with it: ON DELETE CASCADE).
    db.prepare('DELETE FROM login_sessions WHERE user_id = 1').run();
    db.close();
    await expectSignedOutOfHris(jar, hris);
  });

  it('keeps sessions and refresh tokens across an api restart', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, 'hris');
    const port = Number(new URL(api.origin).port);
    await api.stop();
    api = await startOidcApp({ dbFile: api.dbFile, port });
    // The client's pooled keep-alive socket to the stopped server fails once; the next is fresh.
    await fetch(`${api.issuer}/.well-known/openid-configuration`).catch(() => undefined);
    const refreshed = await oidc.refreshTokenGrant(first.config, first.tokens.refresh_token ?? '');
    expect(refreshed.access_token).toEqual(expect.any(String));
    const { step: sso } = await startSignIn(api, jar, 'inventory');
    expect(sso.kind).toBe('callback');
  });
});
