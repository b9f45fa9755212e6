import { z } from 'zod';
import { paths } from '@sso/shared/contract';
import type { Session } from '@sso/shared/session';
import { api } from './api-client';
import { ApiError } from './api-error';

const id = z.union([z.number(), z.string()]);
const tokenResponse = z.object({
  message: z.string().optional(),
  data: z.object({ token: z.string().min(1), apps_id: id }),
});
const appsResponse = z.object({
  data: z.array(z.object({ id, name: z.string(), url: z.string().nullish() }).loose()),
});
const createResponse = z.object({
  data: z.object({
    access_token: z.string().min(1),
    session_token: z.string().min(1),
    refresh_token: z.string().nullish(),
    expires_at: z.number().nullish(),
  }),
});
const validateResponse = z.object({ data: z.unknown() });
const meResponse = z.object({
  data: z.object({
    user: z
      .object({
        id: id.nullish(),
        nik: z.string().nullish(),
        name: z.string().nullish(),
        phone: z.string().nullish(),
        email: z.string().nullish(),
        is_active: z.union([z.boolean(), z.number()]).nullish(),
        created_at: z.string().nullish(),
        updated_at: z.string().nullish(),
        client_group: z.unknown().optional(),
      })
      .loose(),
    roles: z.array(z.object({ id, name: z.string(), position: z.union([z.number(), z.string()]).nullish() }).loose()),
    user_menu: z.array(z.unknown()).nullish(),
    user_unit: z.array(z.unknown()).nullish(),
  }),
});

export const loginTokenResponseSchema = tokenResponse;

/**
 * The login chain of spec 4, after a credential login gave a token and apps_id: the applications
 * list (pick the one matching apps_id), app access (access/session/refresh tokens), session
 * validation, then the profile. Returns the session to store; stores nothing itself, so a failing
 * step leaves no half-stored session.
 */
export async function completeLogin(token: string, appsId: number | string): Promise<Session> {
  const apps = await api.get(paths.session.availableApps, appsResponse, { token });
  const app = apps.data.find((a) => String(a.id) === String(appsId));
  if (!app) throw new ApiError('http', 'Aplikasi tidak tersedia untuk akun ini', 403);
  const created = await api.post(paths.session.create, { app_id: app.id }, createResponse, { token });
  await api.post(
    paths.session.validate,
    { session_token: created.data.session_token },
    validateResponse,
    { token },
  );
  const me = await api.get(paths.session.me, meResponse, { token });
  const { user, roles } = me.data;
  const role = roles[0];
  return {
    id: user.id ?? null,
    nik: user.nik ?? null,
    phone: user.phone ?? null,
    email: user.email ?? null,
    is_active: user.is_active ?? null,
    created_at: user.created_at ?? null,
    updated_at: user.updated_at ?? null,
    client_group: user.client_group,
    role_id: role?.id ?? null,
    role_name: role?.name ?? null,
    role_position: role?.position ?? null,
    user_menu: me.data.user_menu ?? [],
    user_unit: me.data.user_unit ?? [],
    app_id: app.id,
    app_url: app.url ?? null,
    app_name: app.name,
    token,
    expires_at: created.data.expires_at ?? null,
    access_token: created.data.access_token,
    session_token: created.data.session_token,
    refresh_token: created.data.refresh_token ?? null,
    name: user.name ?? null,
    user,
  };
}

/** NIK + password, then the chain (spec 4 "Login chain (NIK)"). */
export async function loginWithNik(nik: string, password: string): Promise<Session> {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const result = await api.post(paths.auth.loginNik, { nik, password, url: origin }, tokenResponse);
  return completeLogin(result.data.token, result.data.apps_id);
}
