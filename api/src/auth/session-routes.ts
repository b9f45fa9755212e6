import {
  NO_PANEL_ACCESS_MESSAGE,
  SSO_PANEL_APP_ID,
  createSessionPayloadSchema,
  logoutPayloadSchema,
  paths,
  validateSessionPayloadSchema,
} from '@sso/shared/contract';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { ok } from '../http/reply';
import { route, routeTable, session, signInStep } from '../http/route';
import { SIGN_IN_STEP } from '../audit/sign-in-steps';
import { initiateLoginUris } from '../applications/sso-client-store';
import { findApplication, grantedApplications } from '../reference/applications';
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

const loginToken = session('login');
const eitherToken = session('login', 'access');

export const sessionRoutes = routeTable([
  route({
    method: 'GET',
    path: paths.session.availableApps,
    access: loginToken,
    handler: async ({ auth }, ctx) => {
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
    },
  }),
  route({
    method: 'POST',
    path: paths.session.create,
    access: loginToken,
    body: createSessionPayloadSchema,
    audit: signInStep(SIGN_IN_STEP.sessionCreate),
    handler: async ({ body: { app_id }, auth }, ctx) => {
      if (!(await findApplication(ctx.store.db, app_id))) throw notFound('Aplikasi tidak ditemukan');
      if (!(await grantedApplications(ctx.store.db, auth.userId)).some((a) => a.id === app_id)) {
        throw forbidden(
          app_id === SSO_PANEL_APP_ID ? NO_PANEL_ACCESS_MESSAGE : 'Anda tidak memiliki akses ke aplikasi ini',
        );
      }
      return ok('Sesi aplikasi berhasil dibuat', await ctx.sessions.createAppSession(auth, app_id));
    },
  }),
  route({
    method: 'POST',
    path: paths.session.validate,
    access: eitherToken,
    body: validateSessionPayloadSchema,
    handler: async ({ body: { session_token }, auth }, ctx) => {
      const session = await ctx.sessions.validateAppSession(auth, session_token);
      if (!session) throw unauthorized();
      return ok('Sesi valid', { valid: true, app_id: session.appId, expires_at: session.expiresAt });
    },
  }),
  route({
    method: 'GET',
    path: paths.session.me,
    access: eitherToken,
    handler: async ({ auth }, ctx) => {
      const profile = await loadProfile(ctx.store, auth.userId, ctx.logoUrl);
      if (!profile) throw unauthorized();
      return ok('Profil berhasil dimuat', profile);
    },
  }),
  // The body is checked but not needed: the bearer names the session that ends (session-store).
  route({
    method: 'POST',
    path: paths.session.logout,
    access: eitherToken,
    body: logoutPayloadSchema,
    audit: signInStep(SIGN_IN_STEP.logout),
    handler: async ({ auth }, ctx) => {
      await ctx.sessions.logout(auth);
      return ok('Logout berhasil', { message: 'Logout berhasil' });
    },
  }),
]);
