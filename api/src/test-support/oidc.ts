import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { loginResponseSchema, paths, API_PREFIX } from '@sso/shared/contract';
import { buildApp, type BuildAppOptions } from '../app';
import { freePort } from './built-api';
import { createTestClock, TEST_PASSWORD_COST, useStarted, type TestClock } from './test-app';

export interface OidcTestApp {
  app: FastifyInstance;
  clock: TestClock;
  origin: string;
  issuer: string;
  dbFile: string;
  /** Stops the api, keeping the database (a restart test starts it again on the same file). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The api listening on a known port, its issuer `http://127.0.0.1:<port>/oidc`. */
export async function startOidcApp(
  options: Partial<BuildAppOptions> & { dbFile?: string; port?: number; clock?: TestClock } = {},
): Promise<OidcTestApp> {
  const dir = options.dbFile ? undefined : mkdtempSync(join(tmpdir(), 'sso-oidc-test-'));
  const dbFile = options.dbFile ?? join(dir ?? '', 'sso.sqlite');
  // The issuer must name the port the api listens on.
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const clock = options.clock ?? createTestClock(Date.now());
  const app = await buildApp({
    publicUrl: origin,
    panelUrl: 'http://panel.test',
    passwordCost: TEST_PASSWORD_COST,
    authMaxFailuresPerAddress: 1000,
    devOutbox: true,
    ...options,
    dbFile,
    clock,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    clock,
    origin,
    issuer: `${origin}/oidc`,
    dbFile,
    stop: () => app.close(),
    async close() {
      await app.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookies for one origin (paths ignored: enough for these flows). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** A browser request: sends the jar's cookies, keeps the answer's, never follows redirects. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.take(response);
  return response;
}

export const location = (response: Response) => response.headers.get('location') ?? '';

/** The login token of a NIK sign-in (the panel's first step, as the login screen makes it). */
export async function loginToken(origin: string, nik: string, password: string): Promise<string> {
  const response = await fetch(`${origin}${API_PREFIX}${paths.auth.loginNik}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nik, password, url: 'http://panel.test' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return loginResponseSchema.parse(await response.json()).data.token;
}

/** A relying party as the sample applications configure one (openid-client, certified). */
export async function relyingParty(
  issuer: string,
  clientId: 'hris' | 'inventory',
): Promise<oidc.Configuration> {
  const execute = [oidc.allowInsecureRequests];
  return clientId === 'hris'
    ? oidc.discovery(new URL(issuer), 'hris', undefined, oidc.ClientSecretBasic('hris-demo-secret'), {
        execute,
      })
    : oidc.discovery(new URL(issuer), 'inventory', undefined, oidc.None(), { execute });
}

export const REDIRECT = {
  hris: 'http://localhost:3101/callback',
  inventory: 'http://localhost:3102/callback',
};

export interface StartedRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(
  config: oidc.Configuration,
  clientId: 'hris' | 'inventory',
  extra: Record<string, string> = {},
): Promise<StartedRequest> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT[clientId],
    scope: 'openid profile email phone sso',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/**
 * Follows the browser through the provider until it leaves for the panel's login screen (returns
 * the interaction id) or for the application (returns the callback URL).
 */
export async function followToPanelOrApp(
  jar: CookieJar,
  start: string,
  origin: string,
): Promise<
  { kind: 'login'; uid: string } | { kind: 'callback'; url: URL } | { kind: 'page'; response: Response }
> {
  let next = start;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await browse(jar, next);
    if (response.status < 300 || response.status >= 400) return { kind: 'page', response };
    const target = new URL(location(response), next);
    if (target.origin === 'http://panel.test')
      return { kind: 'login', uid: target.searchParams.get('sso') ?? '' };
    if (target.origin !== origin) return { kind: 'callback', url: target };
    next = target.href;
  }
  throw new Error('too many redirects');
}

/**
 * A browser starting a sign-in at `clientId`: its relying party, the request (verifier, state,
 * nonce) and where the browser arrives (the panel's login screen, or the application at once).
 */
export async function startSignIn(
  api: Pick<OidcTestApp, 'issuer' | 'origin'>,
  jar: CookieJar,
  clientId: 'hris' | 'inventory',
  extra: Record<string, string> = {},
) {
  const config = await relyingParty(api.issuer, clientId);
  const started = await authorizationRequest(config, clientId, extra);
  const step = await followToPanelOrApp(jar, started.url.href, api.origin);
  return { config, started, step };
}

/** `startSignIn` arriving at the panel's login screen (else the test fails): its interaction id. */
export async function startAtLogin(
  api: Pick<OidcTestApp, 'issuer' | 'origin'>,
  jar: CookieJar,
  clientId: 'hris' | 'inventory',
  extra: Record<string, string> = {},
) {
  const { config, started, step } = await startSignIn(api, jar, clientId, extra);
  if (step.kind !== 'login') throw new Error(`expected the login screen, got ${step.kind}`);
  return { config, started, uid: step.uid };
}

/** The code of `callback` exchanged for the tokens, checked against the request that started it. */
export const codeGrant = (config: oidc.Configuration, started: Omit<StartedRequest, 'url'>, callback: URL) =>
  oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
  });

/** Posts the login token as the panel's login screen does; follows on to the application. */
export async function finishLogin(jar: CookieJar, origin: string, uid: string, token: string) {
  const response = await browse(jar, `${origin}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  if (response.status !== 200) return { kind: 'page' as const, response };
  const answer = z.object({ data: z.object({ location: z.string() }) }).parse(await response.json());
  return followToPanelOrApp(jar, new URL(answer.data.location, origin).href, origin);
}

/** A test file's OIDC api (`startOidcApp`): started before its tests, closed after them. */
export const useOidcApp = (): Readonly<Omit<OidcTestApp, 'close'>> =>
  useStarted('useOidcApp', () => startOidcApp());
