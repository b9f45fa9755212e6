import type { FastifyInstance } from 'fastify';
import {
  SSO_PANEL_APP_ID,
  createSessionPayloadSchema,
  logoutPayloadSchema,
  paths,
  validateSessionPayloadSchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { ok } from '../http/reply';
import { validate } from '../http/validate';
import { findApplication, grantedApplications } from '../reference/applications';
import { authOf } from './guard';
import { loadProfile } from './profile';

/** Spec 4 "Login chain" after the login: apps → app session → validation → profile; and logout. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(paths.session.availableApps, async (request) => {
    const auth = authOf(request);
    const apps = grantedApplications(ctx.db, auth.userId).map((a) => ({
      id: a.id,
      name: a.name,
      // This panel is wherever the client said it runs at login.
      url: a.id === SSO_PANEL_APP_ID ? auth.appUrl : a.url,
      logo_url: ctx.logoUrl(a.logo_file),
    }));
    return ok('Daftar aplikasi yang dapat diakses', apps);
  });

  app.post(paths.session.create, async (request) => {
    const auth = authOf(request);
    const { app_id } = validate(createSessionPayloadSchema, request.body);
    if (!findApplication(ctx.db, app_id)) throw notFound('Aplikasi tidak ditemukan');
    if (!grantedApplications(ctx.db, auth.userId).some((a) => a.id === app_id)) {
      throw forbidden('Anda tidak memiliki akses ke aplikasi ini');
    }
    return ok('Sesi aplikasi berhasil dibuat', ctx.sessions.createAppSession(auth, app_id));
  });

  app.post(paths.session.validate, async (request) => {
    const auth = authOf(request);
    const { session_token } = validate(validateSessionPayloadSchema, request.body);
    const session = ctx.sessions.validateAppSession(auth, session_token);
    if (!session) throw unauthorized();
    return ok('Sesi valid', { valid: true, app_id: session.appId, expires_at: session.expiresAt });
  });

  app.get(paths.session.me, async (request) => {
    const auth = authOf(request);
    const profile = loadProfile(ctx.db, auth.userId, ctx.logoUrl);
    if (!profile) throw unauthorized();
    return ok('Profil berhasil dimuat', profile);
  });

  app.post(paths.session.logout, async (request) => {
    const auth = authOf(request);
    validate(logoutPayloadSchema, request.body);
    ctx.sessions.logout(auth);
    return ok('Logout berhasil', { message: 'Logout berhasil' });
  });
}
