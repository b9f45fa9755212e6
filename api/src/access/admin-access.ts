import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { ACCESS_DENIED_MESSAGE, SSO_PANEL_APP_ID, canDoAny } from '@sso/shared/contract';
import { authenticate, bearerGuard } from '../auth/guard';
import type { AppContext } from '../context';
import { fieldError, forbidden, notFound, unauthorized } from '../http/errors';
import { FORMAT_CONTROL_MESSAGE, formatControlPath } from '../http/format-controls';
import type { AccessHooks, AdminAccess } from '../http/route';
import { fromThisMachine } from '../dev/outbox-routes';
import { createPanelGrants } from './panel-grants';

// Every text an admin write stores: no bidi or other format control, no control character (issue
// 36, finding 12). Refused before the route validates or writes anything.
const refuseFormatControls: preValidationAsyncHookHandler = async (request) => {
  if (request.body === undefined || request.body === null) return;
  const path = formatControlPath(request.body);
  if (path !== null) throw fieldError(path, FORMAT_CONTROL_MESSAGE);
};

/**
 * The checks a route's `access` declaration binds to it (http/route.ts): a development route answers
 * clients on this machine only (404 for anyone else); a session route needs a
 * live bearer of its kinds (401); an admin route needs the access token of an app-1 session (else
 * 401) whose role's current grants meet its action (else 403 with ACCESS_DENIED_MESSAGE), checked
 * on request, before the body is read or validated, and its body is refused with format controls.
 */
export function accessHooks(ctx: AppContext): AccessHooks {
  const grantsOf = createPanelGrants(ctx.store);
  return {
    thisMachine: async (request) => {
      if (!fromThisMachine(request)) throw notFound('Endpoint tidak ditemukan');
    },
    session: (tokens) => bearerGuard(ctx.sessions, tokens),
    admin: (access: AdminAccess) => async (request) => {
      const auth = await authenticate(request, ctx.sessions, ['access']);
      if (auth.appId !== SSO_PANEL_APP_ID) throw unauthorized();
      if (!canDoAny(await grantsOf(auth.userId), access.requires)) throw forbidden(ACCESS_DENIED_MESSAGE);
    },
    adminBody: refuseFormatControls,
  };
}

/**
 * Makes `scope` the admin scope: every route registered in it must be declared with an admin action
 * (http/route.ts); any other route there is a programming error, and the api does not start.
 */
export function installAdminScope(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.route?.access.kind !== 'admin') {
      throw new Error(`admin route ${methods.join(',')} ${route.url} declares no admin action`);
    }
  });
}
