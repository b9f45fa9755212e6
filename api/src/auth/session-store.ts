import { SESSION_END_REASONS, type SessionEndReason, type SessionTokens } from '@sso/shared/contract';
import { toUnixSeconds, type Clock } from '../clock';
import { sql } from 'kysely';
import type { Q, Store } from '../db/store';
import { newSessionId, type TokenSigner } from './tokens';

const isSessionEndReason = (value: string | null): value is SessionEndReason =>
  SESSION_END_REASONS.some((reason) => reason === value);

/** Which token a bearer is: the login token, or the access token of an app session. */
export type BearerKind = 'login' | 'access';

/**
 * Ends a whole sign-in in `q` (a transaction): the application sessions it opened, then the login
 * session itself; what already ended keeps its time.
 */
export async function revokeSignIn(q: Q, loginSessionId: string, at: number): Promise<void> {
  await q
    .updateTable('app_sessions')
    .set({ revoked_at: at })
    .where('login_session_id', '=', loginSessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await q
    .updateTable('login_sessions')
    .set({ revoked_at: at })
    .where('id', '=', loginSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

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
  ): Promise<{ token: string; expiresAt: number }>;
  /** The caller, when `bearer` is a live token of one of `kinds`; null otherwise. */
  authenticate(bearer: string, kinds: readonly BearerKind[]): Promise<AuthContext | null>;
  createAppSession(auth: AuthContext, appId: number): Promise<SessionTokens>;
  /** App id of a live app session of this login, or null. */
  validateAppSession(
    auth: AuthContext,
    sessionToken: string,
  ): Promise<{ appId: number; expiresAt: number } | null>;
  /**
   * Ends the bearer's whole sign-in, whichever token it is (the login token or an app session's
   * access token): the login and every app session opened from it.
   */
  logout(auth: AuthContext): Promise<void>;
  /** Ends every login of a user, and records why (the 401 of their next request says it). */
  revokeUser(userId: number, reason: SessionEndReason): Promise<void>;
  /**
   * Why `bearer`, a token this api signed and not expired, no longer works: its user was
   * deactivated, or its login was ended for a recorded reason. Null when there is none to tell.
   */
  whyEnded(bearer: string, kinds: readonly BearerKind[]): Promise<SessionEndReason | null>;
  /**
   * Calls `listener` with the user whenever logins of theirs end (logout, revokeUser, or
   * `announceEnded` by another writer) in this instance: the single sign-on provider ends what hung
   * on them. Another instance's provider learns it from the database (the login is revoked there).
   */
  onEnded(listener: (userId: number) => void): void;
  /** Tells the listeners that logins of `userId` ended (a writer that revokes them itself). */
  announceEnded(userId: number): void;
}

/**
 * Sessions in the database (tables `login_sessions`, `app_sessions`) through the data layer: every
 * instance on one database sees the same logins, and an ending is seen by all at their next request.
 */
export function createSessionStore(
  store: Store,
  signer: TokenSigner,
  clock: Clock,
  ttlSeconds: number,
): SessionStore {
  const db = store.db;
  const now = () => toUnixSeconds(clock());
  const touched = new Map<string, number>();
  /**
   * Records the login's last use, at most once a minute per login (a memory of this instance's last
   * write: it only saves writes, it decides no answer).
   */
  const touch = async (loginId: string) => {
    const at = clock();
    if (at - (touched.get(loginId) ?? -Infinity) < TOUCH_EVERY_MS) return;
    if (touched.size >= TOUCHED_MAX) touched.clear();
    touched.set(loginId, at);
    await db
      .updateTable('login_sessions')
      .set({ last_active_at: toUnixSeconds(at) })
      .where('id', '=', loginId)
      .execute();
  };
  const liveLogin = async (id: string, at: number) => {
    const { rows } = await sql<LoginRow>`
      SELECT l.id, l.user_id, l.apps_id, l.app_url, l.expires_at FROM login_sessions l
      JOIN users u ON u.id = l.user_id AND u.is_active = 1
      WHERE l.id = ${id} AND l.revoked_at IS NULL AND l.expires_at > ${at}`.execute(db);
    return rows[0];
  };
  const liveAppSession = async (id: string, at: number) => {
    const { rows } = await sql<LoginRow & { app_id: number; app_session_id: string }>`
      SELECT l.id, l.user_id, l.apps_id, l.app_url, l.expires_at, a.app_id, a.id AS app_session_id
      FROM app_sessions a
      JOIN login_sessions l ON l.id = a.login_session_id AND l.revoked_at IS NULL
      JOIN users u ON u.id = l.user_id AND u.is_active = 1
      WHERE a.id = ${id} AND a.revoked_at IS NULL AND a.expires_at > ${at}`.execute(db);
    return rows[0];
  };
  const ended = async (kind: 'login' | 'app', id: string) => {
    const { rows } = await (
      kind === 'login'
        ? sql<EndedRow>`SELECT u.is_active, l.revoked_reason FROM login_sessions l
          JOIN users u ON u.id = l.user_id WHERE l.id = ${id}`
        : sql<EndedRow>`SELECT u.is_active, l.revoked_reason FROM app_sessions a
          JOIN login_sessions l ON l.id = a.login_session_id JOIN users u ON u.id = l.user_id
          WHERE a.id = ${id}`
    ).execute(db);
    return rows[0];
  };

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
    async createLogin(userId, appsId, appUrl, client) {
      const issuedAt = now();
      const id = newSessionId();
      const expiresAt = issuedAt + ttlSeconds;
      await store.transaction(async (trx) => {
        await trx.deleteFrom('login_sessions').where('expires_at', '<', issuedAt).execute();
        await trx
          .insertInto('login_sessions')
          .values({
            id,
            user_id: userId,
            apps_id: appsId,
            app_url: appUrl,
            expires_at: expiresAt,
            created_at: issuedAt,
            address: client?.address ?? null,
            user_agent: client?.userAgent?.slice(0, 512) ?? null,
            amr: client?.amr ? client.amr.join(' ') : null,
          })
          .execute();
        await sql`UPDATE users SET last_login_at = ${new Date(clock()).toISOString()} WHERE id = ${userId}`.execute(
          trx,
        );
      });
      return { token: signer.sign({ typ: 'login', sid: id, sub: userId, exp: expiresAt }), expiresAt };
    },

    async authenticate(bearer, kinds) {
      const at = now();
      const claims = signer.verify(bearer, kinds, at);
      if (!claims) return null;
      if (claims.typ === 'login') {
        const row = await liveLogin(claims.sid, at);
        if (!row || row.user_id !== claims.sub) return null;
        await touch(row.id);
        return toContext(row, null);
      }
      const row = await liveAppSession(claims.sid, at);
      if (!row || row.user_id !== claims.sub) return null;
      await touch(row.id);
      return toContext(row, row);
    },

    async createAppSession(auth, appId) {
      const id = newSessionId();
      await db
        .insertInto('app_sessions')
        .values({
          id,
          login_session_id: auth.loginSessionId,
          app_id: appId,
          expires_at: auth.expiresAt,
          created_at: now(),
        })
        .execute();
      const base = { sid: id, sub: auth.userId, exp: auth.expiresAt };
      return {
        access_token: signer.sign({ typ: 'access', ...base }),
        session_token: signer.sign({ typ: 'session', ...base }),
        refresh_token: signer.sign({ typ: 'refresh', ...base }),
        expires_at: auth.expiresAt,
      };
    },

    async validateAppSession(auth, sessionToken) {
      const at = now();
      const claims = signer.verify(sessionToken, ['session'], at);
      if (!claims || claims.sub !== auth.userId) return null;
      const row = await liveAppSession(claims.sid, at);
      if (!row || row.id !== auth.loginSessionId) return null;
      return { appId: row.app_id, expiresAt: row.expires_at };
    },

    async logout(auth) {
      // Either token ends the whole sign-in (issue 36): an access token left its login token alive,
      // and the login token could open a new session of any application.
      const at = now();
      await store.transaction((trx) => revokeSignIn(trx, auth.loginSessionId, at));
      announce(auth.userId);
    },

    async whyEnded(bearer, kinds) {
      const claims = signer.verify(bearer, kinds, now());
      if (!claims) return null;
      const row = await ended(claims.typ === 'login' ? 'login' : 'app', claims.sid);
      if (!row) return null;
      if (Number(row.is_active) === 0) return 'account_deactivated';
      return isSessionEndReason(row.revoked_reason) ? row.revoked_reason : null;
    },

    async revokeUser(userId, reason) {
      const at = now();
      await store.transaction(async (trx) => {
        await trx
          .updateTable('app_sessions')
          .set({ revoked_at: at })
          .where('revoked_at', 'is', null)
          .where('login_session_id', 'in', (q) =>
            q.selectFrom('login_sessions').select('id').where('user_id', '=', userId),
          )
          .execute();
        await trx
          .updateTable('login_sessions')
          .set({ revoked_at: at, revoked_reason: reason })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      });
      announce(userId);
    },

    onEnded(listener) {
      listeners.push(listener);
    },

    announceEnded: announce,
  };
}

interface EndedRow {
  is_active: number;
  revoked_reason: string | null;
}
