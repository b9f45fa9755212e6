import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import { z } from 'zod';
import { sql, type Transaction } from 'kysely';
import type { Store, Tables } from '../db/store';

/**
 * How long a replaced signing key still verifies: longer than any ID token lives (1 hour), so a
 * token signed just before a rotation checks out until it expires.
 */
export const RETIRED_KEY_SECONDS = 24 * 60 * 60;

/** A stored key is a JWK object (written by `newSigningKey`). */
const jwkSchema = z.custom<JWK>((value) => typeof value === 'object' && value !== null && 'kty' in value);

async function newSigningKey(trx: Transaction<Tables>, now: number): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await trx
    .insertInto('oidc_keys')
    .values({ kid: jwk.kid, private_jwk: JSON.stringify(jwk), created_at: now, retired_at: null })
    .execute();
  return jwk.kid;
}

/** Instances starting together on an empty database make one key between them (ADR 0026). */
const KEYS_LOCK = 'oidc_keys';

/**
 * The provider's signing keys (JWKS with private parts), kept in the database so ID tokens stay
 * valid across restarts and instances: the current key first (it signs), then retired keys still
 * inside their grace period (they only verify). A key is made on first start; retired keys past
 * the period are deleted here.
 */
export function signingKeys(store: Store, now: number): Promise<{ keys: JWK[] }> {
  return store.transaction(async (trx) => {
    await store.lockKeys(trx, [KEYS_LOCK]);
    await trx
      .deleteFrom('oidc_keys')
      .where('retired_at', 'is not', null)
      .where('retired_at', '<=', now - RETIRED_KEY_SECONDS)
      .execute();
    const current = await trx
      .selectFrom('oidc_keys')
      .select('kid')
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    if (!current) await newSigningKey(trx, now);
    const rows = await trx
      .selectFrom('oidc_keys')
      .select('private_jwk')
      // The current key (no retired_at) first, then the newest.
      .orderBy(sql`CASE WHEN retired_at IS NULL THEN 0 ELSE 1 END`)
      .orderBy('created_at', 'desc')
      .execute();
    return { keys: rows.map((row) => jwkSchema.parse(JSON.parse(row.private_jwk))) };
  });
}

/**
 * Rotation: the current key is retired (it keeps verifying for RETIRED_KEY_SECONDS) and a new one
 * signs from the next start of each api instance (`node dist/main.js --rotate-oidc-key`, docs/single-sign-on.md).
 */
export function rotateSigningKey(store: Store, now: number): Promise<string> {
  return store.transaction(async (trx) => {
    await store.lockKeys(trx, [KEYS_LOCK]);
    await trx.updateTable('oidc_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute();
    return newSigningKey(trx, now);
  });
}
