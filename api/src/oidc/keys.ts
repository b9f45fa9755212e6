import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../db/database';

/**
 * How long a replaced signing key still verifies: longer than any ID token lives (1 hour), so a
 * token signed just before a rotation checks out until it expires.
 */
export const RETIRED_KEY_SECONDS = 24 * 60 * 60;

/** A stored key is a JWK object (written by `newSigningKey`). */
const jwkSchema = z.custom<JWK>((value) => typeof value === 'object' && value !== null && 'kty' in value);

interface KeyRow {
  kid: string;
  private_jwk: string;
  created_at: number;
  retired_at: number | null;
}

function newSigningKey(db: Db, now: number): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  db.prepare('INSERT INTO oidc_keys (kid, private_jwk, created_at) VALUES (?, ?, ?)').run(
    jwk.kid,
    JSON.stringify(jwk),
    now,
  );
  return jwk.kid;
}

/**
 * The provider's signing keys (JWKS with private parts), kept in the database so ID tokens stay
 * valid across restarts and instances: the current key first (it signs), then retired keys still
 * inside their grace period (they only verify). A key is made on first start; retired keys past
 * the period are deleted here.
 */
export function signingKeys(db: Db, now: number): { keys: JWK[] } {
  return db.transaction(() => {
    db.prepare('DELETE FROM oidc_keys WHERE retired_at IS NOT NULL AND retired_at <= ?').run(
      now - RETIRED_KEY_SECONDS,
    );
    const current = db.prepare('SELECT 1 FROM oidc_keys WHERE retired_at IS NULL').get();
    if (!current) newSigningKey(db, now);
    const rows = db
      .prepare<[], KeyRow>(
        'SELECT kid, private_jwk, created_at, retired_at FROM oidc_keys ORDER BY retired_at IS NOT NULL, created_at DESC',
      )
      .all();
    return { keys: rows.map((row) => jwkSchema.parse(JSON.parse(row.private_jwk))) };
  })();
}

/**
 * Rotation: the current key is retired (it keeps verifying for RETIRED_KEY_SECONDS) and a new one
 * signs from the next start of each api instance (`node dist/main.js --rotate-oidc-key`, docs/single-sign-on.md).
 */
export function rotateSigningKey(db: Db, now: number): string {
  return db.transaction(() => {
    db.prepare('UPDATE oidc_keys SET retired_at = ? WHERE retired_at IS NULL').run(now);
    return newSigningKey(db, now);
  })();
}
