import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sessionEnded, unauthorized } from '../http/errors';
import type { AuthContext, BearerKind, SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guards on protected routes. */
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The caller when the bearer is a live token of one of `kinds`, else a 401. */
export async function authenticate(
  request: FastifyRequest,
  sessions: SessionStore,
  kinds: readonly BearerKind[],
): Promise<AuthContext> {
  const token = bearerToken(request);
  const auth = token ? await sessions.authenticate(token, kinds) : null;
  if (!auth) {
    // A session that was live says why it ended (the panel shows it on the login screen).
    const reason = token ? await sessions.whyEnded(token, kinds) : null;
    throw reason ? sessionEnded(reason) : unauthorized();
  }
  request.auth = auth;
  return auth;
}

/**
 * onRequest hook of a route that takes a bearer of one of `kinds` (401 otherwise):
 * `['login']` for the steps that open app sessions, `['login', 'access']` for the ones after.
 */
export function bearerGuard(sessions: SessionStore, kinds: readonly BearerKind[]): onRequestAsyncHookHandler {
  return async (request) => {
    await authenticate(request, sessions, kinds);
  };
}

/** The caller of a protected route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
