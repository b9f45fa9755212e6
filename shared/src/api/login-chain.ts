import {
  NO_PANEL_ACCESS_MESSAGE,
  SSO_PANEL_APP_ID,
  availableAppsResponseSchema,
  createSessionResponseSchema,
  grantedApp,
  loginResponseSchema,
  meResponseSchema,
  paths,
  validateSessionResponseSchema,
  loginNikOrTwoStepResponseSchema,
  loginOrTwoStepResponseSchema,
  type MeData,
  type SecondProofData,
  type TwoStepData,
} from '@sso/shared/contract';
import type { z } from 'zod';
import type { Session } from '@sso/shared/session';
import { api } from './api-client';
import { ApiError } from './api-error';

/**
 * How the login chain reaches the api: the panel's client below, or the Node one of the e2e support,
 * screenshots and bench (`scripts/lib/sso-session.mts`), so there is one chain and one session shape.
 * Each call parses the response with the schema or rejects.
 */
export interface LoginChainClient {
  get<T>(path: string, schema: z.ZodType<T>, token: string): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodType<T>, token?: string): Promise<T>;
}

const panelClient: LoginChainClient = {
  get: (path, schema, token) => api.get(path, schema, { token }),
  post: (path, body, schema, token) => api.post(path, body, schema, token ? { token } : undefined),
};

/** The app the session is for, as available-apps lists it. */
interface SessionApp {
  id: number | string;
  url?: string | null;
  name?: string | null;
}

const noPanelAccess = () => new ApiError('http', NO_PANEL_ACCESS_MESSAGE, 403);

/**
 * The stored session (spec 3) from the profile of an app session. Refuses a profile whose role has
 * no grant of this panel: nothing is stored for an employee who may not use it.
 */
function toSession(
  me: MeData,
  app: SessionApp,
  tokens: Pick<Session, 'access_token' | 'session_token' | 'refresh_token' | 'expires_at' | 'token'>,
  forPanel = true,
): Session {
  const { user, roles, user_menu, user_unit } = me;
  if (forPanel && !grantedApp(user_menu, SSO_PANEL_APP_ID)) throw noPanelAccess();
  const role = roles[0];
  return {
    id: user.id,
    nik: user.nik,
    phone: user.phone,
    email: user.email,
    is_active: user.is_active,
    created_at: user.created_at,
    updated_at: user.updated_at,
    client_group: user.client_group,
    role_id: role?.id ?? null,
    role_name: role?.name ?? null,
    role_position: role?.position ?? null,
    user_menu,
    user_unit,
    app_id: app.id,
    app_url: app.url ?? null,
    app_name: app.name ?? null,
    ...tokens,
    name: user.name,
    user,
  };
}

/**
 * The login chain of spec 4, after a credential login gave a token and apps_id: the applications
 * list (pick the one matching apps_id), app access (access/session/refresh tokens), session
 * validation, then the profile of the app session. Every response is parsed with its contract
 * schema. Returns the session to store; stores nothing itself, so a failing step leaves no
 * half-stored session. An employee whose role does not grant this panel is refused here.
 */
export async function runLoginChain(
  client: LoginChainClient,
  token: string,
  appsId: number | string,
): Promise<Session> {
  const apps = await client.get(paths.session.availableApps, availableAppsResponseSchema, token);
  const app = apps.data.find((a) => String(a.id) === String(appsId));
  if (!app || String(app.id) !== String(SSO_PANEL_APP_ID)) throw noPanelAccess();
  return openSession(client, token, app, true);
}

/**
 * The steps both sessions are built with (spec 4): session/create for the app with the login
 * token, session/validate, then the profile of that app session (its grants are what the panel
 * enforces). The panel's session keeps the login token and must grant the panel; another
 * application's session carries neither.
 */
async function openSession(
  client: LoginChainClient,
  token: string,
  app: SessionApp,
  forPanel: boolean,
): Promise<Session> {
  const created = await client.post(
    paths.session.create,
    { app_id: app.id },
    createSessionResponseSchema,
    token,
  );
  await client.post(
    paths.session.validate,
    { session_token: created.data.session_token },
    validateSessionResponseSchema,
    token,
  );
  const me = await client.get(paths.session.me, meResponseSchema, created.data.access_token);
  return toSession(
    me.data,
    app,
    {
      token: forPanel ? token : null,
      expires_at: created.data.expires_at,
      access_token: created.data.access_token,
      session_token: created.data.session_token,
      refresh_token: created.data.refresh_token,
    },
    forPanel,
  );
}

/**
 * A session handed over by another SSO app (route '/'), confirmed with the api before it is
 * stored (DESIGN "Security"): the app session must be valid and of this panel, and the profile is
 * read again, so what is stored is the api's word, not the link's.
 */
export async function confirmHandedOverSession(handed: Session): Promise<Session> {
  const token = handed.access_token;
  const validation = await panelClient.post(
    paths.session.validate,
    { session_token: handed.session_token },
    validateSessionResponseSchema,
    token,
  );
  if (String(validation.data.app_id) !== String(SSO_PANEL_APP_ID)) throw noPanelAccess();
  const me = await panelClient.get(paths.session.me, meResponseSchema, token);
  return toSession(
    me.data,
    { id: validation.data.app_id, url: handed.app_url, name: handed.app_name },
    {
      token: null,
      expires_at: validation.data.expires_at,
      access_token: handed.access_token,
      session_token: handed.session_token,
      refresh_token: handed.refresh_token ?? null,
    },
  );
}

/**
 * A fresh session of another application, built exactly as the chain builds the panel's (spec 4):
 * session/create for its `app_id` with the login token, session/validate, then the profile of that
 * app session. What Home's "Aplikasi Anda" hands to the application as the `/` route's `data`
 * (ours, issue 30). A role that does not grant the application is the api's 403.
 */
export function openApplicationSession(token: string, app: SessionApp): Promise<Session> {
  return openSession(panelClient, token, app, false);
}

/** The chain with the panel's client (the phone login, after its OTP step). */
export function completeLogin(token: string, appsId: number | string): Promise<Session> {
  return runLoginChain(panelClient, token, appsId);
}

/**
 * NIK + password, then the chain (spec 4 "Login chain (NIK)"). `url` is the panel's origin the
 * login is made from.
 */
export async function signInWithNik(
  client: LoginChainClient,
  credentials: { nik: string; password: string; url: string },
): Promise<Session> {
  const result = await client.post(paths.auth.loginNik, credentials, loginResponseSchema);
  return runLoginChain(client, result.data.token, result.data.apps_id);
}

/**
 * The api asks this browser for a second proof (issue 36): it is not known to the account and the
 * account's sign-in budget is spent, so a code went to the registered phone (if NIK and password
 * were right). Not a failure to show under a field: the NIK login goes on to its code screen.
 */
export class SecondProofRequired extends Error {
  readonly proof: SecondProofData['second_proof'];
  constructor(message: string, proof: SecondProofData['second_proof']) {
    super(message);
    this.name = 'SecondProofRequired';
    this.proof = proof;
  }
}

/**
 * The first step passed and a second one is pending (issue 31, ADR 0021): an authenticator code or
 * a recovery code, or, when the role requires a factor the user has not added, its enrolment. Not
 * a failure: the sign-in goes on to "Verifikasi Dua Langkah".
 */
export class TwoStepRequired extends Error {
  readonly twoStep: TwoStepData['two_step'];
  constructor(message: string, twoStep: TwoStepData['two_step']) {
    super(message);
    this.name = 'TwoStepRequired';
    this.twoStep = twoStep;
  }
}

/**
 * NIK + password from the panel's own page (`url` is the current origin), then the chain; the call
 * carries the device cookie. Rejects with SecondProofRequired when the api asks for a code, with
 * TwoStepRequired when it asks for the second step.
 */
export async function loginWithNik(nik: string, password: string): Promise<Session> {
  const url = typeof window === 'undefined' ? '' : window.location.origin;
  const result = await api.post(
    paths.auth.loginNik,
    { nik, password, url },
    loginNikOrTwoStepResponseSchema,
    {
      withCredentials: true,
    },
  );
  if ('second_proof' in result.data) throw new SecondProofRequired(result.message, result.data.second_proof);
  if ('two_step' in result.data) throw new TwoStepRequired(result.message, result.data.two_step);
  return runLoginChain(panelClient, result.data.token, result.data.apps_id);
}

/** The code of a second proof (auth/login/second-proof), then the chain (or TwoStepRequired). */
export async function loginWithSecondProof(challenge: string, otp: string): Promise<Session> {
  const result = await api.post(
    paths.auth.loginSecondProof,
    { challenge, otp },
    loginOrTwoStepResponseSchema,
    {
      withCredentials: true,
    },
  );
  if ('two_step' in result.data) throw new TwoStepRequired(result.message, result.data.two_step);
  return runLoginChain(panelClient, result.data.token, result.data.apps_id);
}
