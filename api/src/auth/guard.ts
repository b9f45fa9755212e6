import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { unauthorized } from '../http/errors';
import type { AuthContext, SessionStore } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on protected routes. */
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** onRequest hook of protected routes: a live login (or access) token, else 401. */
export function bearerGuard(sessions: SessionStore): onRequestAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    const auth = token ? sessions.authenticate(token) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
  };
}

/** The caller of a protected route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
