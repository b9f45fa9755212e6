import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Q } from '../db/store';

/**
 * Signed tokens: `base64url(claims).base64url(HMAC-SHA256(claims))`. Claims name a database row
 * (`sid`), so revoking the row (logout, password reset) invalidates the token before it expires.
 */
const claimsSchema = z.object({
  typ: z.enum(['login', 'access', 'session', 'refresh']),
  sid: z.string().min(1).max(64),
  sub: z.int().positive(),
  exp: z.int().positive(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;
export type TokenType = TokenClaims['typ'];

const MAX_TOKEN_LENGTH = 1024;
/** Well-signed tokens remembered (their claims), so a repeated bearer skips HMAC and parsing. */
const VERIFIED_CACHE_SIZE = 1000;

export interface TokenSigner {
  sign(claims: TokenClaims): string;
  /** Claims of a well-signed, unexpired token of one of `types`; null otherwise. */
  verify(token: string, types: readonly TokenType[], nowSeconds: number): TokenClaims | null;
  /** Keyed digest (OTP codes are stored this way). */
  digest(value: string): string;
}

/** The secret from the environment, or one generated on first start and kept in the database. */
export async function resolveTokenSecret(q: Q, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return keptSecret(q, 'token_secret');
}

/**
 * A random secret kept in `meta` under `key`: generated on first start, read back after. Of
 * instances starting together on an empty database, the first one's secret is kept.
 */
export async function keptSecret(q: Q, key: string): Promise<string> {
  await q
    .insertInto('meta')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await q.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

export function createTokenSigner(secret: string): TokenSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  /** Claims of a well-signed token with valid claims, or null: a pure function of the token. */
  const signedClaims = (token: string): TokenClaims | null => {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    // One canonical spelling: the signature string must be exactly the one `sign` writes. Decoding
    // it instead would accept re-encodings (spare bits of the last character, padding, '+' or '/').
    // The payload needs no such rule: the MAC covers its exact text.
    const expected = Buffer.from(mac(payload).toString('base64url'));
    const actual = Buffer.from(signature);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const claims = claimsSchema.safeParse(json);
    return claims.success ? Object.freeze(claims.data) : null;
  };
  // Only the signature check is remembered: type, expiry (and, in the session store, the database
  // row behind `sid`, so logout and revocation) are checked on every call.
  const verified = new Map<string, TokenClaims>();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, types, nowSeconds) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      let claims = verified.get(token) ?? null;
      if (!claims) {
        claims = signedClaims(token);
        if (!claims) return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, claims);
      }
      if (!types.includes(claims.typ) || claims.exp <= nowSeconds) return null;
      return claims;
    },
    digest(value) {
      return createHmac('sha256', secret).update(`otp:${value}`).digest('base64url');
    },
  };
}

/** Random row id for sessions (never derived from user data). */
export const newSessionId = () => randomBytes(18).toString('base64url');
