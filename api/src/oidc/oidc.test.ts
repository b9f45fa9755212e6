import * as oidc from 'openid-client';
import {
  authorizationRequest,
  CookieJar,
  finishLogin,
  followToPanelOrApp,
  loginToken,
  relyingParty,
  REDIRECT,
  startOidcApp,
  type OidcTestApp,
} from '../test-support/oidc';

let api: OidcTestApp;
beforeAll(async () => {
  api = await startOidcApp();
});
afterAll(() => api.close());

describe('OpenID Connect provider', () => {
  it('signs in at HRIS through the panel login, then Inventory without a second login', async () => {
    const jar = new CookieJar();
    const hris = await relyingParty(api.issuer, 'hris');
    const started = await authorizationRequest(hris, 'hris');
    const toLogin = await followToPanelOrApp(jar, started.url.href, api.origin);
    expect(toLogin.kind).toBe('login');
    if (toLogin.kind !== 'login') return;
    const token = await loginToken(api.origin, '100001', 'admin123');
    const back = await finishLogin(jar, api.origin, toLogin.uid, token);
    expect(back.kind).toBe('callback');
    if (back.kind !== 'callback') return;
    const tokens = await oidc.authorizationCodeGrant(hris, back.url, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: '1', preferred_username: '100001', role: { name: 'Super Admin' } });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const inventory = await relyingParty(api.issuer, 'inventory');
    const second = await authorizationRequest(inventory, 'inventory');
    const sso = await followToPanelOrApp(jar, second.url.href, api.origin);
    expect(sso.kind).toBe('callback');
    if (sso.kind !== 'callback') return;
    expect(sso.url.href.startsWith(REDIRECT.inventory)).toBe(true);
    const more = await oidc.authorizationCodeGrant(inventory, sso.url, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
    });
    const info = await oidc.fetchUserInfo(inventory, more.access_token, '1');
    expect(info).toMatchObject({ sub: '1', name: expect.any(String), menus: expect.any(Array) });
  });
});
