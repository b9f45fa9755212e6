import type { Adapter, AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import { toUnixSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
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

const rows = statementCache<unknown[], ModelRow>();
const runs = statementCache();
const pluck = statementCache<unknown[], number>((stmt) => stmt.pluck());

/**
 * Whether the login of the panel a provider session belongs to is still open (not ended, not
 * expired, its user active). A session nobody signed in to has no link and is answered
 * (`signedIn` false); a signed-in session or a token without a link is not: its login is gone
 * (an expired login is deleted with its link).
 */
export function sessionLoginLive(db: Db, sessionUid: string, now: number, signedIn = true): boolean {
  const linked = pluck(db, 'SELECT 1 FROM oidc_session_links WHERE session_uid = ?').get(sessionUid);
  if (linked === undefined) return !signedIn;
  const live = pluck(
    db,
    `SELECT 1 FROM oidc_session_links k
     JOIN login_sessions l ON l.id = k.login_session_id AND l.revoked_at IS NULL AND l.expires_at > ?
     JOIN users u ON u.id = l.user_id AND u.is_active = 1
     WHERE k.session_uid = ?`,
  ).get(now, sessionUid);
  return live !== undefined;
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
export function createAdapterFactory(db: Db, clock: Clock, logoUrl: (file: string) => string) {
  const now = () => toUnixSeconds(clock());

  const live = (row: ModelRow | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= now()) return undefined;
    const payload = payloadSchema.parse(JSON.parse(row.payload));
    if (row.consumed_at !== null) payload.consumed = row.consumed_at;
    return payload;
  };

  return class SqliteAdapter implements Adapter {
    readonly name: string;

    constructor(name: string) {
      this.name = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.name === 'Client') throw new Error('clients are edited in oidc_clients, not by the provider');
      const expiresAt = typeof expiresIn === 'number' && expiresIn > 0 ? now() + expiresIn : null;
      runs(
        db,
        `INSERT INTO oidc_models (model, id, payload, expires_at, grant_id, uid, user_code, consumed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at,
           grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code`,
      ).run(
        this.name,
        id,
        JSON.stringify(payload),
        expiresAt,
        GRANTABLE.has(this.name) ? (payload.grantId ?? null) : null,
        payload.uid ?? null,
        payload.userCode ?? null,
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') return clientMetadataById(db, id, logoUrl);
      const payload = live(
        rows(db, 'SELECT payload, expires_at, consumed_at FROM oidc_models WHERE model = ? AND id = ?').get(
          this.name,
          id,
        ),
      );
      return payload && this.bound(payload) ? payload : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const payload = live(
        rows(db, 'SELECT payload, expires_at, consumed_at FROM oidc_models WHERE model = ? AND uid = ?').get(
          this.name,
          uid,
        ),
      );
      return payload && this.bound(payload) ? payload : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return live(
        rows(
          db,
          'SELECT payload, expires_at, consumed_at FROM oidc_models WHERE model = ? AND user_code = ?',
        ).get(this.name, userCode),
      );
    }

    async consume(id: string): Promise<void> {
      runs(db, 'UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?').run(now(), this.name, id);
    }

    async destroy(id: string): Promise<void> {
      runs(db, 'DELETE FROM oidc_models WHERE model = ? AND id = ?').run(this.name, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      runs(db, 'DELETE FROM oidc_models WHERE grant_id = ?').run(grantId);
    }

    /** A session, or an artefact of one, whose panel login has ended is gone. */
    private bound(payload: AdapterPayload): boolean {
      if (this.name === 'Session' && typeof payload.uid === 'string') {
        return sessionLoginLive(db, payload.uid, now(), payload.accountId !== undefined);
      }
      if (SESSION_BOUND.has(this.name) && typeof payload.sessionUid === 'string') {
        return sessionLoginLive(db, payload.sessionUid, now());
      }
      return true;
    }
  };
}

/** Deletes expired artefacts (run at start and now and then; expired rows are never answered anyway). */
export function pruneExpiredModels(db: Db, now: number): number {
  return db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now)
    .changes;
}
