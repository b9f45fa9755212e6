import type Provider from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { toUnixSeconds, type Clock } from '../clock';
import type { Store } from '../db/store';
import { revokeSignIn } from '../auth/session-store';
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
export function createSsoSessions(store: Store, clock: Clock, log: FastifyBaseLogger) {
  const db = store.db;
  const now = () => toUnixSeconds(clock());

  const loginOf = async (sessionUid: string) =>
    db
      .selectFrom('oidc_session_links as k')
      .innerJoin('login_sessions as l', 'l.id', 'k.login_session_id')
      .select(['k.login_session_id', 'l.expires_at'])
      .where('k.session_uid', '=', sessionUid)
      .executeTakeFirst();

  return {
    /** The provider session `sessionUid` belongs to the login `loginSessionId` of `userId`. */
    async link(sessionUid: string, loginSessionId: string, userId: number): Promise<void> {
      await db
        .insertInto('oidc_session_links')
        .values({ session_uid: sessionUid, login_session_id: loginSessionId, user_id: userId })
        .onConflict((oc) =>
          oc.column('session_uid').doUpdateSet((eb) => ({
            login_session_id: eb.ref('excluded.login_session_id'),
            user_id: eb.ref('excluded.user_id'),
          })),
        )
        .execute();
    },

    /** Records a sign-in to `applicationId` as an app session of the linked login (once per app). */
    async recordSignIn(sessionUid: string, applicationId: number): Promise<void> {
      const login = await loginOf(sessionUid);
      if (!login) return;
      const at = now();
      // Under a lock of the login: two instances recording one sign-in make one app session.
      await store.transaction(async (trx) => {
        await store.lockKeys(trx, [`app-sessions:${login.login_session_id}`]);
        const open = await trx
          .selectFrom('app_sessions')
          .select('id')
          .where('login_session_id', '=', login.login_session_id)
          .where('app_id', '=', applicationId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (open) return;
        await trx
          .insertInto('app_sessions')
          .values({
            id: newSessionId(),
            login_session_id: login.login_session_id,
            app_id: applicationId,
            expires_at: login.expires_at,
            created_at: at,
          })
          .execute();
      });
    },

    /**
     * The user signed out of the application `applicationId` (RP-initiated logout): its app session
     * ends; when the whole provider session ended, the login it hung on ends too.
     */
    async loggedOut(
      sessionUid: string,
      applicationId: number | undefined,
      wholeSession: boolean,
    ): Promise<void> {
      const login = await loginOf(sessionUid);
      if (!login) return;
      const at = now();
      await store.transaction(async (trx) => {
        if (wholeSession) {
          await revokeSignIn(trx, login.login_session_id, at);
          await trx.deleteFrom('oidc_session_links').where('session_uid', '=', sessionUid).execute();
        } else if (applicationId !== undefined) {
          await trx
            .updateTable('app_sessions')
            .set({ revoked_at: at })
            .where('login_session_id', '=', login.login_session_id)
            .where('app_id', '=', applicationId)
            .where('revoked_at', 'is', null)
            .execute();
        }
      });
    },

    /**
     * Ends the provider sessions of `userId` whose login is no longer open: back-channel logout to
     * each application that registered a URI, then their grants (codes, tokens) and the session
     * itself are deleted. Safe to call any time (a live login is left alone).
     */
    async sweep(provider: Provider, userId: number): Promise<void> {
      const links = await db
        .selectFrom('oidc_session_links')
        .select('session_uid')
        .where('user_id', '=', userId)
        .execute();
      const at = now();
      for (const { session_uid: uid } of links) {
        if (await sessionLoginLive(db, uid, at)) continue;
        const row = await db
          .selectFrom('oidc_models')
          .select(['id', 'payload'])
          .where('model', '=', 'Session')
          .where('uid', '=', uid)
          .executeTakeFirst();
        const session = row ? storedSession.safeParse(JSON.parse(row.payload)).data : undefined;
        const notices: Promise<void>[] = [];
        for (const [clientId, authorization] of Object.entries(session?.authorizations ?? {})) {
          if (authorization.grantId) {
            const grantId = authorization.grantId;
            await db
              .deleteFrom('oidc_models')
              .where((eb) =>
                eb.or([
                  eb('grant_id', '=', grantId),
                  eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)]),
                ]),
              )
              .execute();
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
        await store.transaction(async (trx) => {
          if (row) {
            await trx
              .deleteFrom('oidc_models')
              .where('model', '=', 'Session')
              .where('id', '=', row.id)
              .execute();
          }
          await trx.deleteFrom('oidc_session_links').where('session_uid', '=', uid).execute();
        });
        await Promise.all(notices);
      }
    },
  };
}

export type SsoSessions = ReturnType<typeof createSsoSessions>;
