import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readMeta, writeMeta, type Db } from '../db/database';

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

export interface TokenSigner {
  sign(claims: TokenClaims): string;
  /** Claims of a well-signed, unexpired token of one of `types`; null otherwise. */
  verify(token: string, types: readonly TokenType[], nowSeconds: number): TokenClaims | null;
  /** Keyed digest (OTP codes are stored this way). */
  digest(value: string): string;
}

/** The secret from the environment, or one generated on first start and kept in the database. */
export function resolveTokenSecret(db: Db, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const stored = readMeta(db, 'token_secret');
  if (stored) return stored;
  const generated = randomBytes(32).toString('base64url');
  writeMeta(db, 'token_secret', generated);
  return generated;
}

export function createTokenSigner(secret: string): TokenSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, types, nowSeconds) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const actual = Buffer.from(signature, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const claims = claimsSchema.safeParse(json);
      if (!claims.success || !types.includes(claims.data.typ) || claims.data.exp <= nowSeconds) return null;
      return claims.data;
    },
    digest(value) {
      return createHmac('sha256', secret).update(`otp:${value}`).digest('base64url');
    },
  };
}

/** Random row id for sessions (never derived from user data). */
export const newSessionId = () => randomBytes(18).toString('base64url');
