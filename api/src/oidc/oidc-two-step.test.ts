import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import {
  API_PREFIX,
  loginOrTwoStepResponseSchema,
  totpOfferResponseSchema,
  twoStepDataSchema,
  twoStepEnrolledResponseSchema,
  twoStepPaths,
  loginResponseSchema,
} from '@sso/shared/contract';
import {
  authorizationRequest,
  browse,
  codeGrant,
  CookieJar,
  finishLogin,
  followToPanelOrApp,
  loginToken,
  startAtLogin,
  useOidcApp,
} from '../test-support/oidc';
import { ACR_MFA, ACR_SINGLE } from './provider';

const api = useOidcApp();

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api.origin}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
};
const codeOf = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: api.clock() + ahead * 30_000 });

/** Signs in at HRIS from a fresh browser with `token`; the ID token's claims. */
async function signInAtHris(
  jar: CookieJar,
  token: () => Promise<string>,
  extra: Record<string, string> = {},
) {
  const { config: hris, started, uid } = await startAtLogin(api, jar, 'hris', extra);
  const back = await finishLogin(jar, api.origin, uid, await token());
  return { hris, started, uid, back };
}

async function idTokenClaims(
  hris: oidc.Configuration,
  started: { verifier: string; state: string; nonce: string },
  url: URL,
) {
  const tokens = await codeGrant(hris, started, url);
  return tokens.claims();
}

let secret = '';

describe('two-step verification carried to applications (amr, acr, acr_values)', () => {
  it('a password sign-in says pwd and the single-factor acr; discovery lists both acr values', async () => {
    const discovery = z
      .object({ acr_values_supported: z.array(z.string()) })
      .parse(await (await fetch(`${api.issuer}/.well-known/openid-configuration`)).json());
    expect(discovery.acr_values_supported).toEqual([ACR_SINGLE, ACR_MFA]);
    const { hris, started, back } = await signInAtHris(new CookieJar(), () =>
      loginToken(api.origin, '100001', 'admin123'),
    );
    if (back.kind !== 'callback') throw new Error('expected the callback');
    expect(await idTokenClaims(hris, started, back.url)).toMatchObject({ amr: ['pwd'], acr: ACR_SINGLE });
  });

  it('acr_values asking for two-step verification: a user without a factor enrols, then the application gets amr otp + mfa', async () => {
    const jar = new CookieJar();
    const { config: hris, started, uid } = await startAtLogin(api, jar, 'hris', { acr_values: ACR_MFA });
    // A password-only login is not enough: the interaction answers with a second step to take.
    const held = await browse(jar, `${api.origin}/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: await loginToken(api.origin, '100001', 'admin123') }).toString(),
    });
    expect(held.status).toBe(200);
    const pending = z.object({ data: twoStepDataSchema }).parse(await held.json()).data.two_step;
    expect(pending).toMatchObject({ enrol: true, methods: [] });
    const offer = totpOfferResponseSchema.parse(
      (await post(twoStepPaths.enrolStart, { challenge: pending.challenge })).json,
    ).data;
    secret = offer.secret;
    const enrolled = twoStepEnrolledResponseSchema.parse(
      (await post(twoStepPaths.enrolConfirm, { challenge: pending.challenge, code: codeOf(secret) })).json,
    ).data;
    const back = await finishLogin(jar, api.origin, uid, enrolled.token);
    if (back.kind !== 'callback') throw new Error('expected the callback');
    const claims = await idTokenClaims(hris, started, back.url);
    expect(claims).toMatchObject({ acr: ACR_MFA });
    expect(claims?.amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('a user with a factor: the panel login itself asks for the code; the SSO session then satisfies acr_values', async () => {
    const jar = new CookieJar();
    api.clock.advance(30);
    const token = async () => {
      const first = loginOrTwoStepResponseSchema.parse(
        (await post('/auth/login/nik', { nik: '100001', password: 'admin123' })).json,
      );
      if (!('two_step' in first.data)) throw new Error('expected the second step');
      const done = await post(twoStepPaths.verify, {
        challenge: first.data.two_step.challenge,
        method: 'totp',
        code: codeOf(secret),
      });
      return loginResponseSchema.parse(done.json).data.token;
    };
    const { hris, started, back } = await signInAtHris(jar, token, { acr_values: ACR_MFA });
    if (back.kind !== 'callback') throw new Error('expected the callback');
    expect(await idTokenClaims(hris, started, back.url)).toMatchObject({
      acr: ACR_MFA,
      amr: ['pwd', 'otp', 'mfa'],
    });
    // The same browser asks again: no new login, the session's acr already meets the request.
    const again = await authorizationRequest(hris, 'hris', { acr_values: ACR_MFA });
    const direct = await followToPanelOrApp(jar, again.url.href, api.origin);
    expect(direct.kind).toBe('callback');
  });
});
