import type { FastifyInstance } from 'fastify';
import { API_PREFIX, DEV_OUTBOX_PATH } from '@sso/shared/contract';

/**
 * Whether an answer to `url` may carry tokens or personal data: everything under the api prefix
 * (logins, sessions, profiles, users) and the outbox of codes. Those are never stored by a cache.
 */
export function carriesPersonalData(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path === DEV_OUTBOX_PATH;
}

/** The security headers of an answer to `url`. */
export function securityHeaders(url: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...(carriesPersonalData(url) ? { 'cache-control': 'no-store' } : {}),
  };
}

/**
 * Sets them on every answer: successes, errors, 404s and CORS preflights (the first onRequest hook,
 * added before CORS, so a preflight the CORS hook ends early has them too). Answers the router
 * refuses before any hook are written in app.ts with `securityHeaders` as well.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders(request.url));
  });
}
