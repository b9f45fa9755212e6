import type { FastifyInstance } from 'fastify';
import {
  NO_PANEL_ACCESS_MESSAGE,
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
import { initiateLoginUris } from '../applications/sso-client-store';
import { findApplication, grantedApplications } from '../reference/applications';
import { authOf, bearerGuard } from './guard';
import { loadProfile } from './profile';

/**
 * Spec 4 "Login chain" after the login: apps → app session → validation → profile; and logout.
 * The login token opens app sessions (available-apps, create); validation, profile and logout take
 * the login token or an app session's access token. Any other bearer is a 401.
 */
/** The initiate-login URI with `iss` set to this provider's issuer; null without one. */
function withIssuer(uri: string | undefined, issuer: string): string | null {
  if (uri === undefined) return null;
  const url = new URL(uri);
  url.searchParams.set('iss', issuer);
  return url.href;
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const loginToken = { onRequest: bearerGuard(ctx.sessions, ['login']) };
  const eitherToken = { onRequest: bearerGuard(ctx.sessions, ['login', 'access']) };

  app.get(paths.session.availableApps, loginToken, async (request) => {
    const auth = authOf(request);
    const initiateLogin = await initiateLoginUris(ctx.store.db);
    const apps = (await grantedApplications(ctx.store.db, auth.userId)).map((a) => ({
      id: a.id,
      name: a.name,
      // This panel is wherever the client said it runs at login.
      url: a.id === SSO_PANEL_APP_ID ? auth.appUrl : a.url,
      logo_url: ctx.logoUrl(a.logo_file),
      // Ours (issue 30): an OpenID Connect client's "URL mulai masuk" opens it signed in, with the
      // `iss` a login initiated by a third party carries (OpenID Connect Core 1.0, section 4).
      initiate_login_uri: withIssuer(initiateLogin.get(a.id), ctx.config.oidcIssuer),
    }));
    return ok('Daftar aplikasi yang dapat diakses', apps);
  });

  app.post(paths.session.create, loginToken, async (request) => {
    const auth = authOf(request);
    const { app_id } = validate(createSessionPayloadSchema, request.body);
    if (!(await findApplication(ctx.store.db, app_id))) throw notFound('Aplikasi tidak ditemukan');
    if (!(await grantedApplications(ctx.store.db, auth.userId)).some((a) => a.id === app_id)) {
      throw forbidden(
        app_id === SSO_PANEL_APP_ID ? NO_PANEL_ACCESS_MESSAGE : 'Anda tidak memiliki akses ke aplikasi ini',
      );
    }
    return ok('Sesi aplikasi berhasil dibuat', await ctx.sessions.createAppSession(auth, app_id));
  });

  app.post(paths.session.validate, eitherToken, async (request) => {
    const auth = authOf(request);
    const { session_token } = validate(validateSessionPayloadSchema, request.body);
    const session = await ctx.sessions.validateAppSession(auth, session_token);
    if (!session) throw unauthorized();
    return ok('Sesi valid', { valid: true, app_id: session.appId, expires_at: session.expiresAt });
  });

  app.get(paths.session.me, eitherToken, async (request) => {
    const auth = authOf(request);
    const profile = await loadProfile(ctx.store, auth.userId, ctx.logoUrl);
    if (!profile) throw unauthorized();
    return ok('Profil berhasil dimuat', profile);
  });

  // The body is checked but not needed: the bearer names the session that ends (session-store).
  app.post(paths.session.logout, eitherToken, async (request) => {
    const auth = authOf(request);
    validate(logoutPayloadSchema, request.body);
    await ctx.sessions.logout(auth);
    return ok('Logout berhasil', { message: 'Logout berhasil' });
  });
}
