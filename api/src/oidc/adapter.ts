import type { Adapter, AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import { toUnixSeconds, type Clock } from '../clock';
import { sql } from 'kysely';
import type { Q, Store } from '../db/store';
import { clientMetadataById } from './clients';

/** Models whose artefacts belong to a grant (revoked together by `revokeByGrantId`). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);
/** Models bound to a provider session: they die with the login of the panel it belongs to. */
const SESSION_BOUND = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/** A stored payload is an object (the provider wrote it; this only types it). */
const payloadSchema = z.custom<AdapterPayload>((value) => typeof value === 'object' && value !== null);

interface ModelRow {
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
}

/**
 * Whether the login of the panel a provider session belongs to is still open (not ended, not
 * expired, its user active). A session nobody signed in to has no link and is answered
 * (`signedIn` false); a signed-in session or a token without a link is not: its login is gone
 * (an expired login is deleted with its link).
 */
export async function sessionLoginLive(
  q: Q,
  sessionUid: string,
  now: number,
  signedIn = true,
): Promise<boolean> {
  const linked = await q
    .selectFrom('oidc_session_links')
    .select('session_uid')
    .where('session_uid', '=', sessionUid)
    .executeTakeFirst();
  if (linked === undefined) return !signedIn;
  const { rows } = await sql<{ live: number }>`
    SELECT 1 AS live FROM oidc_session_links k
    JOIN login_sessions l ON l.id = k.login_session_id AND l.revoked_at IS NULL AND l.expires_at > ${now}
    JOIN users u ON u.id = l.user_id AND u.is_active = 1
    WHERE k.session_uid = ${sessionUid}`.execute(q);
  return rows.length > 0;
}

/**
 * The provider's storage on the api's database (oidc-provider's adapter interface): one row per
 * artefact in `oidc_models`, keyed by model and id, with the indexes the provider looks up by.
 * Nothing lives only in this process. Clients are not stored here: `Client` reads `oidc_clients`
 * on each look-up, so an edited client applies at once.
 *
 * A provider session, and the codes and tokens issued in it, are answered only while the panel's
 * login they belong to is open: ending that login (logout, "Keluarkan dari semua sesi", a
 * deactivation, a role change) ends them at once, whichever path ended it (ADR 0015).
 */
export function createAdapterFactory(
  store: Store,
  clock: Clock,
  logoUrl: (file: string) => string,
  /**
   * Resolves once this instance's pending link of the provider session `uid` to its login is
   * written (`interaction.ended` writes it after the event; the same request reads it next).
   */
  linkWritten: (uid: string) => Promise<void> = async () => undefined,
) {
  const db = store.db;
  const now = () => toUnixSeconds(clock());
  const model = (name: string) =>
    db.selectFrom('oidc_models').select(['payload', 'expires_at', 'consumed_at']).where('model', '=', name);

  const live = (row: ModelRow | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= now()) return undefined;
    const payload = payloadSchema.parse(JSON.parse(row.payload));
    if (row.consumed_at !== null) payload.consumed = row.consumed_at;
    return payload;
  };

  return class DatabaseAdapter implements Adapter {
    readonly name: string;

    constructor(name: string) {
      this.name = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.name === 'Client') throw new Error('clients are edited in oidc_clients, not by the provider');
      const expiresAt = typeof expiresIn === 'number' && expiresIn > 0 ? now() + expiresIn : null;
      await db
        .insertInto('oidc_models')
        .values({
          model: this.name,
          id,
          payload: JSON.stringify(payload),
          expires_at: expiresAt,
          grant_id: GRANTABLE.has(this.name) ? (payload.grantId ?? null) : null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          consumed_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            expires_at: eb.ref('excluded.expires_at'),
            grant_id: eb.ref('excluded.grant_id'),
            uid: eb.ref('excluded.uid'),
            user_code: eb.ref('excluded.user_code'),
          })),
        )
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') return clientMetadataById(db, id, logoUrl);
      const payload = live(await model(this.name).where('id', '=', id).executeTakeFirst());
      return payload && (await this.bound(payload)) ? payload : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const payload = live(await model(this.name).where('uid', '=', uid).executeTakeFirst());
      return payload && (await this.bound(payload)) ? payload : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return live(await model(this.name).where('user_code', '=', userCode).executeTakeFirst());
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_models')
        .set({ consumed_at: now() })
        .where('model', '=', this.name)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('model', '=', this.name).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute();
    }

    /** A session, or an artefact of one, whose panel login has ended is gone. */
    private async bound(payload: AdapterPayload): Promise<boolean> {
      if (this.name === 'Session' && typeof payload.uid === 'string') {
        await linkWritten(payload.uid);
        return sessionLoginLive(db, payload.uid, now(), payload.accountId !== undefined);
      }
      if (SESSION_BOUND.has(this.name) && typeof payload.sessionUid === 'string') {
        await linkWritten(payload.sessionUid);
        return sessionLoginLive(db, payload.sessionUid, now());
      }
      return true;
    }
  };
}

/** Deletes expired artefacts (run at start and now and then; expired rows are never answered anyway). */
export async function pruneExpiredModels(q: Q, now: number): Promise<number> {
  const { numDeletedRows } = await q
    .deleteFrom('oidc_models')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
