import {
  availableAppsResponseSchema,
  createSessionResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  paths,
  validateSessionResponseSchema,
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

/**
 * The login chain of spec 4, after a credential login gave a token and apps_id: the applications
 * list (pick the one matching apps_id), app access (access/session/refresh tokens), session
 * validation, then the profile. Every response is parsed with its contract schema. Returns the
 * session to store; stores nothing itself, so a failing step leaves no half-stored session.
 */
export async function runLoginChain(
  client: LoginChainClient,
  token: string,
  appsId: number | string,
): Promise<Session> {
  const apps = await client.get(paths.session.availableApps, availableAppsResponseSchema, token);
  const app = apps.data.find((a) => String(a.id) === String(appsId));
  if (!app) throw new ApiError('http', 'Aplikasi tidak tersedia untuk akun ini', 403);
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
  // The profile of the app session: its grants are what the panel enforces.
  const me = await client.get(paths.session.me, meResponseSchema, created.data.access_token);
  const { user, roles } = me.data;
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
    user_menu: me.data.user_menu,
    user_unit: me.data.user_unit,
    app_id: app.id,
    app_url: app.url,
    app_name: app.name,
    token,
    expires_at: created.data.expires_at,
    access_token: created.data.access_token,
    session_token: created.data.session_token,
    refresh_token: created.data.refresh_token,
    name: user.name,
    user,
  };
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

/** NIK + password from the panel's own page: `url` is the current origin. */
export function loginWithNik(nik: string, password: string): Promise<Session> {
  const url = typeof window === 'undefined' ? '' : window.location.origin;
  return signInWithNik(panelClient, { nik, password, url });
}
