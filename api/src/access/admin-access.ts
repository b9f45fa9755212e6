import type { FastifyInstance } from 'fastify';
import { ACCESS_DENIED_MESSAGE, API_PREFIX, SSO_PANEL_APP_ID, canDoAny } from '@sso/shared/contract';
import { authenticate } from '../auth/guard';
import type { AppContext } from '../context';
import { fieldError, forbidden, unauthorized } from '../http/errors';
import { FORMAT_CONTROL_MESSAGE, formatControlPath } from '../http/format-controls';
import { createPanelGrants } from './panel-grants';
import { adminRouteFor, type AdminRoute } from './route-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's row of ADMIN_ROUTES, bound when an admin route is registered. */
    adminRoute?: AdminRoute;
  }
}

/**
 * Makes `scope` the admin scope: every route registered in it is bound to its row of ADMIN_ROUTES
 * (a route without one is a programming error: the api does not start), and every request needs
 * the access token of an app-1 session (else 401) whose role's current grants meet the row
 * (else 403 with ACCESS_DENIED_MESSAGE). Checked on request, before the body is read or validated.
 */
export function installAdminAccess(scope: FastifyInstance, ctx: AppContext): void {
  const grantsOf = createPanelGrants(ctx.store);

  scope.addHook('onRoute', (route) => {
    const path = route.url.startsWith(API_PREFIX) ? route.url.slice(API_PREFIX.length) : route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rows = methods.map((method) => adminRouteFor(method, path));
    const [row] = rows;
    if (!row || rows.some((other) => other !== row)) {
      throw new Error(`admin route ${methods.join(',')} ${route.url} has no row in ADMIN_ROUTES`);
    }
    route.config = { ...route.config, adminRoute: row };
  });

  scope.addHook('onRequest', async (request) => {
    const auth = await authenticate(request, ctx.sessions, ['access']);
    if (auth.appId !== SSO_PANEL_APP_ID) throw unauthorized();
    const row = request.routeOptions.config.adminRoute;
    if (!row || !canDoAny(await grantsOf(auth.userId), row.requires)) throw forbidden(ACCESS_DENIED_MESSAGE);
  });

  // Every text an admin write stores: no bidi or other format control, no control character (issue
  // 36, finding 12). Refused before the route validates or writes anything.
  scope.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const path = formatControlPath(request.body);
    if (path !== null) throw fieldError(path, FORMAT_CONTROL_MESSAGE);
  });
}
