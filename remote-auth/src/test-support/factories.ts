import type { Session } from '@sso/shared/session';

/** A session as the login chain returns it, with overrides. */
export function createSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 1,
    nik: '100001',
    name: 'Admin',
    email: 'admin@example.com',
    access_token: 'access',
    session_token: 'session',
    token: 'token',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}
