import * as oidc from 'openid-client';
import {
  authorizationRequest,
  codeGrant,
  CookieJar,
  finishLogin,
  loginToken,
  REDIRECT,
  relyingParty,
  startAtLogin,
  startSignIn,
  useOidcApp,
} from '../test-support/oidc';

const api = useOidcApp();

describe('OpenID Connect provider', () => {
  it('signs in at HRIS through the panel login, then Inventory without a second login', async () => {
    const jar = new CookieJar();
    const { config: hris, started, uid } = await startAtLogin(api, jar, 'hris');
    const token = await loginToken(api.origin, '100001', 'admin123');
    const back = await finishLogin(jar, api.origin, uid, token);
    expect(back.kind).toBe('callback');
    if (back.kind !== 'callback') return;
    const tokens = await codeGrant(hris, started, back.url);
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: '1', preferred_username: '100001', role: { name: 'Super Admin' } });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const { config: inventory, started: second, step: sso } = await startSignIn(api, jar, 'inventory');
    expect(sso.kind).toBe('callback');
    if (sso.kind !== 'callback') return;
    expect(sso.url.href.startsWith(REDIRECT.inventory)).toBe(true);
    const more = await codeGrant(inventory, second, sso.url);
    const info = await oidc.fetchUserInfo(inventory, more.access_token, '1');
    expect(info).toMatchObject({ sub: '1', name: expect.any(String), menus: expect.any(Array) });
  });

  it('publishes discovery and public keys (cacheable), code flow only; its cookies are HttpOnly and SameSite', async () => {
    const discovery = await fetch(`${api.issuer}/.well-known/openid-configuration`);
    expect(discovery.headers.get('cache-control')).toBe('public, max-age=300');
    const metadata = (await discovery.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: api.issuer,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      end_session_endpoint: `${api.issuer}/session/end`,
      backchannel_logout_supported: true,
      revocation_endpoint: `${api.issuer}/token/revocation`,
      userinfo_endpoint: `${api.issuer}/me`,
    });
    const jwks = (await (await fetch(`${api.issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');

    const token = await fetch(`${api.issuer}/token`, { method: 'POST' });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const hris = await relyingParty(api.issuer, 'hris');
    const started = await authorizationRequest(hris, 'hris');
    const first = await fetch(started.url, { redirect: 'manual' });
    const cookies = first.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/httponly/i);
    for (const cookie of cookies) expect(cookie).toMatch(/samesite=lax/i);
  });
});
