import type Provider from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { toUnixSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { newSessionId } from '../auth/tokens';
import { sessionLoginLive } from './adapter';

/** What `sweep` reads of a stored provider session. */
const storedSession = z.object({
  accountId: z.string().optional(),
  authorizations: z
    .record(z.string(), z.object({ sid: z.string().optional(), grantId: z.string().optional() }))
    .optional(),
});

/**
 * How the provider's sessions hang on the panel's logins: a provider session is linked to the
 * login the user made on the panel's screens; each application it signs in to is an app session
 * of that login (so "Sesi Aktif" lists them, and "Akhiri" ends them). Ending the login ends the
 * provider session: the adapter stops answering it and its tokens at once, and `sweep` then sends
 * back-channel logout to the applications and deletes what remains.
 */
export function createSsoSessions(db: Db, clock: Clock, log: FastifyBaseLogger) {
  const now = () => toUnixSeconds(clock());

  const loginOf = (sessionUid: string) =>
    db
      .prepare<[string], { login_session_id: string; expires_at: number }>(
        `SELECT k.login_session_id, l.expires_at FROM oidc_session_links k
         JOIN login_sessions l ON l.id = k.login_session_id WHERE k.session_uid = ?`,
      )
      .get(sessionUid);

  return {
    /** The provider session `sessionUid` belongs to the login `loginSessionId` of `userId`. */
    link(sessionUid: string, loginSessionId: string, userId: number): void {
      db.prepare(
        `INSERT INTO oidc_session_links (session_uid, login_session_id, user_id) VALUES (?, ?, ?)
         ON CONFLICT (session_uid) DO UPDATE SET login_session_id = excluded.login_session_id,
           user_id = excluded.user_id`,
      ).run(sessionUid, loginSessionId, userId);
    },

    /** Records a sign-in to `applicationId` as an app session of the linked login (once per app). */
    recordSignIn(sessionUid: string, applicationId: number): void {
      const login = loginOf(sessionUid);
      if (!login) return;
      const at = now();
      const open = db
        .prepare(
          `SELECT 1 FROM app_sessions WHERE login_session_id = ? AND app_id = ? AND revoked_at IS NULL
           AND expires_at > ?`,
        )
        .get(login.login_session_id, applicationId, at);
      if (open) return;
      db.prepare(
        'INSERT INTO app_sessions (id, login_session_id, app_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(newSessionId(), login.login_session_id, applicationId, login.expires_at, at);
    },

    /**
     * The user signed out of the application `applicationId` (RP-initiated logout): its app session
     * ends; when the whole provider session ended, the login it hung on ends too.
     */
    loggedOut(sessionUid: string, applicationId: number | undefined, wholeSession: boolean): void {
      const login = loginOf(sessionUid);
      if (!login) return;
      const at = now();
      db.transaction(() => {
        if (wholeSession) {
          db.prepare(
            'UPDATE app_sessions SET revoked_at = ? WHERE login_session_id = ? AND revoked_at IS NULL',
          ).run(at, login.login_session_id);
          db.prepare('UPDATE login_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(
            at,
            login.login_session_id,
          );
          db.prepare('DELETE FROM oidc_session_links WHERE session_uid = ?').run(sessionUid);
        } else if (applicationId !== undefined) {
          db.prepare(
            `UPDATE app_sessions SET revoked_at = ? WHERE login_session_id = ? AND app_id = ?
             AND revoked_at IS NULL`,
          ).run(at, login.login_session_id, applicationId);
        }
      })();
    },

    /**
     * Ends the provider sessions of `userId` whose login is no longer open: back-channel logout to
     * each application that registered a URI, then their grants (codes, tokens) and the session
     * itself are deleted. Safe to call any time (a live login is left alone).
     */
    async sweep(provider: Provider, userId: number): Promise<void> {
      const links = db
        .prepare<[number], { session_uid: string }>(
          'SELECT session_uid FROM oidc_session_links WHERE user_id = ?',
        )
        .all(userId);
      const at = now();
      for (const { session_uid: uid } of links) {
        if (sessionLoginLive(db, uid, at)) continue;
        const row = db
          .prepare<[string], { id: string; payload: string }>(
            "SELECT id, payload FROM oidc_models WHERE model = 'Session' AND uid = ?",
          )
          .get(uid);
        const session = row ? storedSession.safeParse(JSON.parse(row.payload)).data : undefined;
        const notices: Promise<void>[] = [];
        for (const [clientId, authorization] of Object.entries(session?.authorizations ?? {})) {
          if (authorization.grantId) {
            db.prepare('DELETE FROM oidc_models WHERE grant_id = ? OR (model = ? AND id = ?)').run(
              authorization.grantId,
              'Grant',
              authorization.grantId,
            );
          }
          const client = await provider.Client.find(clientId);
          if (client?.backchannelLogoutUri && session?.accountId) {
            // The provider's own notice (a signed logout token), as its end_session endpoint sends.
            const send: unknown = Reflect.get(client, 'backchannelLogout');
            if (typeof send === 'function') {
              const notice: unknown = Reflect.apply(send, client, [
                session.accountId,
                authorization.sid ?? '',
              ]);
              notices.push(
                Promise.resolve(notice).then(
                  () => undefined,
                  (error: unknown) => log.warn({ err: error, clientId }, 'back-channel logout failed'),
                ),
              );
            }
          }
        }
        db.transaction(() => {
          if (row) db.prepare("DELETE FROM oidc_models WHERE model = 'Session' AND id = ?").run(row.id);
          db.prepare('DELETE FROM oidc_session_links WHERE session_uid = ?').run(uid);
        })();
        await Promise.all(notices);
      }
    },
  };
}

export type SsoSessions = ReturnType<typeof createSsoSessions>;
