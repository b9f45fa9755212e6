import {
  availableAppsResponseSchema,
  createSessionResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  paths,
  validateSessionResponseSchema,
} from '@sso/shared/contract';
import type { Session } from '@sso/shared/session';
import { api } from './api-client';
import { ApiError } from './api-error';

/** Body of POST auth/login/nik and auth/login/phone: `{ message, data: { token, apps_id } }`. */
export const loginTokenResponseSchema = loginResponseSchema;

/**
 * The login chain of spec 4, after a credential login gave a token and apps_id: the applications
 * list (pick the one matching apps_id), app access (access/session/refresh tokens), session
 * validation, then the profile. Every response is parsed with its contract schema. Returns the
 * session to store; stores nothing itself, so a failing step leaves no half-stored session.
 */
export async function completeLogin(token: string, appsId: number | string): Promise<Session> {
  const apps = await api.get(paths.session.availableApps, availableAppsResponseSchema, { token });
  const app = apps.data.find((a) => String(a.id) === String(appsId));
  if (!app) throw new ApiError('http', 'Aplikasi tidak tersedia untuk akun ini', 403);
  const created = await api.post(paths.session.create, { app_id: app.id }, createSessionResponseSchema, {
    token,
  });
  await api.post(
    paths.session.validate,
    { session_token: created.data.session_token },
    validateSessionResponseSchema,
    { token },
  );
  // The profile of the app session: its grants are what the panel enforces.
  const me = await api.get(paths.session.me, meResponseSchema, { token: created.data.access_token });
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

/** NIK + password, then the chain (spec 4 "Login chain (NIK)"). `url` is the current origin. */
export async function loginWithNik(nik: string, password: string): Promise<Session> {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const result = await api.post(
    paths.auth.loginNik,
    { nik, password, url: origin },
    loginTokenResponseSchema,
  );
  return completeLogin(result.data.token, result.data.apps_id);
}
