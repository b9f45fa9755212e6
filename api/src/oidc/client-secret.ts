import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256$';

/**
 * The stored form of a client secret: `sha256$` + lowercase hex of SHA-256 of its UTF-8 bytes.
 * Client secrets are 32 random bytes, so a fast hash is enough (no password stretching needed).
 */
export function hashClientSecret(secret: string): string {
  return PREFIX + createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one `stored` was made from; constant time over the digest. */
export function verifyClientSecret(secret: string, stored: string): boolean {
  if (!stored.startsWith(PREFIX)) return false;
  const expected = Buffer.from(stored.slice(PREFIX.length), 'hex');
  const actual = createHash('sha256').update(secret, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A new client secret: 32 random bytes, base64url. */
export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}
