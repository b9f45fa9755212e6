import * as v from 'valibot';
import { decompressFromEncodedURIComponent } from 'lz-string';
import { isExpired, sessionSchema, type Session } from '@sso/shared/session';

/** Upper bound of the compressed parameter: anything larger is refused before decompressing. */
export const MAX_HANDOFF_LENGTH = 20_000;

export type HandoffResult = { ok: true; session: Session } | { ok: false; reason: string };

/**
 * Decodes the handoff `data` parameter (spec 2, route '/'): lz-string compressed JSON holding a
 * session. Valid only with an access token and a session token, and not already expired.
 */
export function decodeHandoff(raw: string | null): HandoffResult {
  if (!raw) return { ok: false, reason: 'missing' };
  if (raw.length > MAX_HANDOFF_LENGTH) return { ok: false, reason: 'too-large' };
  let text: string | null;
  try {
    text = decompressFromEncodedURIComponent(raw);
  } catch {
    return { ok: false, reason: 'not-lz-string' };
  }
  if (!text) return { ok: false, reason: 'not-lz-string' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = v.safeParse(sessionSchema, json);
  if (!parsed.success) return { ok: false, reason: 'wrong-shape' };
  if (isExpired(parsed.output)) return { ok: false, reason: 'expired' };
  return { ok: true, session: parsed.output };
}
