import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Secrets of confidential OpenID Connect clients (the contract shared by App Management and the
 * provider). Secrets are generated here: 32 random bytes, base64url. They are machine secrets of
 * full entropy, so a fast hash is enough (no password stretching): `sha256$` + lowercase hex of
 * SHA-256 of the UTF-8 secret. Only the hash is stored; the secret is shown once.
 */

const PREFIX = 'sha256$';

export function hashClientSecret(secret: string): string {
  return PREFIX + createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash; false for any other format. */
export function verifyClientSecret(secret: string, stored: string): boolean {
  if (!stored.startsWith(PREFIX)) return false;
  const expected = Buffer.from(stored.slice(PREFIX.length), 'hex');
  const actual = createHash('sha256').update(secret, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}
