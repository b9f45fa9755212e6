import { SESSION_END_REASONS, type SessionEndReason, type SessionTokens } from '@sso/shared/contract';
import { toUnixSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { newSessionId, type TokenSigner } from './tokens';

const isSessionEndReason = (value: string | null): value is SessionEndReason =>
  SESSION_END_REASONS.some((reason) => reason === value);

/** Which token a bearer is: the login token, or the access token of an app session. */
export type BearerKind = 'login' | 'access';

/** Who is calling: resolved from the bearer (a login token, or an app session's access token). */
export interface AuthContext {
  kind: BearerKind;
  userId: number;
  loginSessionId: string;
  /** The app session of an access token (null for the login token). */
  appSessionId: string | null;
  /** Application of that app session (null for the login token). */
  appId: number | null;
  /** Application the login was made for (apps_id of the login answer). */
  appsId: number;
  /** Url the client sent at login (url of app 1 in available-apps). */
  appUrl: string;
  /** Unix seconds. */
  expiresAt: number;
}

interface LoginRow {
  id: string;
  user_id: number;
  apps_id: number;
  app_url: string;
  expires_at: number;
}

/** Where a sign-in comes from (shown to administrators in the user's session list). */
export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
  /** How the user signed in (RFC 8176 values, e.g. pwd, otp, mfa); `pwd` alone when absent. */
  amr?: readonly string[];
}

/** A session's last use is written at most this often (ms): one write a minute, not one a request. */
const TOUCH_EVERY_MS = 60_000;
/** Sessions whose last write is remembered in memory (then the memory starts over). */
const TOUCHED_MAX = 10_000;

export interface SessionStore {
  /** Opens a login (a successful sign-in: the user's last sign-in becomes now). */
  createLogin(
    userId: number,
    appsId: number,
    appUrl: string,
    client?: ClientInfo,
  ): { token: string; expiresAt: number };
  /** The caller, when `bearer` is a live token of one of `kinds`; null otherwise. */
  authenticate(bearer: string, kinds: readonly BearerKind[]): AuthContext | null;
  createAppSession(auth: AuthContext, appId: number): SessionTokens;
  /** App id of a live app session of this login, or null. */
  validateAppSession(auth: AuthContext, sessionToken: string): { appId: number; expiresAt: number } | null;
  /**
   * Ends the bearer's whole sign-in, whichever token it is (the login token or an app session's
   * access token): the login and every app session opened from it.
   */
  logout(auth: AuthContext): void;
  /** Ends every login of a user, and records why (the 401 of their next request says it). */
  revokeUser(userId: number, reason: SessionEndReason): void;
  /**
   * Why `bearer`, a token this api signed and not expired, no longer works: its user was
   * deactivated, or its login was ended for a recorded reason. Null when there is none to tell.
   */
  whyEnded(bearer: string, kinds: readonly BearerKind[]): SessionEndReason | null;
  /**
   * Calls `listener` with the user whenever logins of theirs end (logout, revokeUser, or
   * `announceEnded` by another writer): the single sign-on provider ends what hung on them.
   */
  onEnded(listener: (userId: number) => void): void;
  /** Tells the listeners that logins of `userId` ended (a writer that revokes them itself). */
  announceEnded(userId: number): void;
}

export function createSessionStore(
  db: Db,
  signer: TokenSigner,
  clock: Clock,
  ttlSeconds: number,
): SessionStore {
  const now = () => toUnixSeconds(clock());
  const insertLogin = db.prepare(
    `INSERT INTO login_sessions (id, user_id, apps_id, app_url, expires_at, created_at, address, user_agent, amr)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setLastLogin = db.prepare('UPDATE users SET last_login_at = ? WHERE id = ?');
  const touchLogin = db.prepare('UPDATE login_sessions SET last_active_at = ? WHERE id = ?');
  const touched = new Map<string, number>();
  /** Records the login's last use, at most once a minute per login (a memory of the last write). */
  const touch = (loginId: string) => {
    const at = clock();
    if (at - (touched.get(loginId) ?? -Infinity) < TOUCH_EVERY_MS) return;
    if (touched.size >= TOUCHED_MAX) touched.clear();
    touched.set(loginId, at);
    touchLogin.run(toUnixSeconds(at), loginId);
  };
  const purgeExpired = db.prepare('DELETE FROM login_sessions WHERE expires_at < ?');
  const liveLogin = db.prepare<[string, number], LoginRow>(
    `SELECT l.id, l.user_id, l.apps_id, l.app_url, l.expires_at FROM login_sessions l
     JOIN users u ON u.id = l.user_id AND u.is_active = 1
     WHERE l.id = ? AND l.revoked_at IS NULL AND l.expires_at > ?`,
  );
  const liveAppSession = db.prepare<[string, number], LoginRow & { app_id: number; app_session_id: string }>(
    `SELECT l.id, l.user_id, l.apps_id, l.app_url, l.expires_at, a.app_id, a.id AS app_session_id
     FROM app_sessions a
     JOIN login_sessions l ON l.id = a.login_session_id AND l.revoked_at IS NULL
     JOIN users u ON u.id = l.user_id AND u.is_active = 1
     WHERE a.id = ? AND a.revoked_at IS NULL AND a.expires_at > ?`,
  );
  const insertAppSession = db.prepare(
    'INSERT INTO app_sessions (id, login_session_id, app_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const revokeLogin = db.prepare(
    'UPDATE login_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const revokeAppSessions = db.prepare(
    'UPDATE app_sessions SET revoked_at = ? WHERE login_session_id = ? AND revoked_at IS NULL',
  );
  const revokeUserLogins = db.prepare(
    'UPDATE login_sessions SET revoked_at = ?, revoked_reason = ? WHERE user_id = ? AND revoked_at IS NULL',
  );
  const endedLogin = db.prepare<[string], { is_active: number; revoked_reason: string | null }>(
    `SELECT u.is_active, l.revoked_reason FROM login_sessions l JOIN users u ON u.id = l.user_id
     WHERE l.id = ?`,
  );
  const endedAppSession = db.prepare<[string], { is_active: number; revoked_reason: string | null }>(
    `SELECT u.is_active, l.revoked_reason FROM app_sessions a
     JOIN login_sessions l ON l.id = a.login_session_id JOIN users u ON u.id = l.user_id
     WHERE a.id = ?`,
  );

  const listeners: ((userId: number) => void)[] = [];
  const announce = (userId: number) => {
    for (const listener of listeners) listener(userId);
  };

  const toContext = (row: LoginRow, app: { app_session_id: string; app_id: number } | null): AuthContext => ({
    kind: app ? 'access' : 'login',
    userId: row.user_id,
    loginSessionId: row.id,
    appSessionId: app?.app_session_id ?? null,
    appId: app?.app_id ?? null,
    appsId: row.apps_id,
    appUrl: row.app_url,
    expiresAt: row.expires_at,
  });

  return {
    createLogin(userId, appsId, appUrl, client) {
      const issuedAt = now();
      purgeExpired.run(issuedAt);
      const id = newSessionId();
      const expiresAt = issuedAt + ttlSeconds;
      db.transaction(() => {
        insertLogin.run(
          id,
          userId,
          appsId,
          appUrl,
          expiresAt,
          issuedAt,
          client?.address ?? null,
          client?.userAgent?.slice(0, 512) ?? null,
          client?.amr ? client.amr.join(' ') : null,
        );
        setLastLogin.run(new Date(clock()).toISOString(), userId);
      })();
      return { token: signer.sign({ typ: 'login', sid: id, sub: userId, exp: expiresAt }), expiresAt };
    },

    authenticate(bearer, kinds) {
      const at = now();
      const claims = signer.verify(bearer, kinds, at);
      if (!claims) return null;
      if (claims.typ === 'login') {
        const row = liveLogin.get(claims.sid, at);
        if (!row || row.user_id !== claims.sub) return null;
        touch(row.id);
        return toContext(row, null);
      }
      const row = liveAppSession.get(claims.sid, at);
      if (!row || row.user_id !== claims.sub) return null;
      touch(row.id);
      return toContext(row, row);
    },

    createAppSession(auth, appId) {
      const id = newSessionId();
      insertAppSession.run(id, auth.loginSessionId, appId, auth.expiresAt, now());
      const base = { sid: id, sub: auth.userId, exp: auth.expiresAt };
      return {
        access_token: signer.sign({ typ: 'access', ...base }),
        session_token: signer.sign({ typ: 'session', ...base }),
        refresh_token: signer.sign({ typ: 'refresh', ...base }),
        expires_at: auth.expiresAt,
      };
    },

    validateAppSession(auth, sessionToken) {
      const at = now();
      const claims = signer.verify(sessionToken, ['session'], at);
      if (!claims || claims.sub !== auth.userId) return null;
      const row = liveAppSession.get(claims.sid, at);
      if (!row || row.id !== auth.loginSessionId) return null;
      return { appId: row.app_id, expiresAt: row.expires_at };
    },

    logout(auth) {
      // Either token ends the whole sign-in (issue 36): an access token left its login token alive,
      // and the login token could open a new session of any application.
      const at = now();
      db.transaction(() => {
        revokeAppSessions.run(at, auth.loginSessionId);
        revokeLogin.run(at, auth.loginSessionId);
      })();
      announce(auth.userId);
    },

    whyEnded(bearer, kinds) {
      const claims = signer.verify(bearer, kinds, now());
      if (!claims) return null;
      const row = (claims.typ === 'login' ? endedLogin : endedAppSession).get(claims.sid);
      if (!row) return null;
      if (row.is_active === 0) return 'account_deactivated';
      return isSessionEndReason(row.revoked_reason) ? row.revoked_reason : null;
    },

    revokeUser(userId, reason) {
      const at = now();
      db.transaction(() => {
        db.prepare(
          `UPDATE app_sessions SET revoked_at = ? WHERE revoked_at IS NULL
           AND login_session_id IN (SELECT id FROM login_sessions WHERE user_id = ?)`,
        ).run(at, userId);
        revokeUserLogins.run(at, reason, userId);
      })();
      announce(userId);
    },

    onEnded(listener) {
      listeners.push(listener);
    },

    announceEnded: announce,
  };
}
