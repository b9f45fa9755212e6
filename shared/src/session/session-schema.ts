import * as v from 'valibot';

// Checked before the first screen paints: valibot, not the zod contract (ADR 0006).
const text = v.pipe(v.string(), v.maxLength(2000));
const id = v.union([v.number(), v.pipe(v.string(), v.maxLength(100))]);
const optText = v.nullish(text);
const token = (min: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(4000));
/** A number, or what Number() reads as one (zod's `coerce`). */
const coercedNumber = v.pipe(v.unknown(), v.transform(Number), v.number(), v.finite());

/**
 * The session stored in the browser under one key (spec section 3). Parsed on every read: a value
 * that does not match is cleared, never trusted. Only access_token and session_token are required
 * (spec "/ handoff"); everything else is optional because other SSO apps hand sessions over too.
 */
export const sessionSchema = v.object({
  id: v.nullish(id),
  nik: optText,
  phone: optText,
  email: optText,
  is_active: v.nullish(v.union([v.boolean(), v.number()])),
  created_at: optText,
  updated_at: optText,
  client_group: v.optional(v.unknown()),
  role_id: v.nullish(id),
  role_name: optText,
  role_position: v.nullish(v.union([v.number(), text])),
  user_menu: v.nullish(v.pipe(v.array(v.unknown()), v.maxLength(500))),
  user_unit: v.nullish(v.pipe(v.array(v.unknown()), v.maxLength(5000))),
  app_id: v.nullish(id),
  app_url: optText,
  app_name: optText,
  token: v.nullish(token(0)),
  /** Unix seconds. */
  expires_at: v.nullish(coercedNumber),
  access_token: token(1),
  session_token: token(1),
  refresh_token: v.nullish(token(0)),
  name: optText,
  user: v.nullish(v.record(v.string(), v.unknown())),
});
export type Session = v.InferOutput<typeof sessionSchema>;

/**
 * The bearer of every call made with a stored session: its app session's access token. The admin
 * routes refuse the bare login token (DESIGN "Access control"), which only opens app sessions.
 */
export function bearerOf(session: Session): string {
  return session.access_token;
}

/** Spec 4 "Expiry check": expiry compared with the current time in seconds. */
export function isExpired(session: Session, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return typeof session.expires_at === 'number' && session.expires_at < nowSeconds;
}

/** Sidebar initial: first letter of the e-mail's local part, uppercased (spec 2, shared layout). */
export function initialOf(session: Pick<Session, 'email' | 'name' | 'nik'>): string {
  const local = (session.email ?? '').split('@')[0] ?? '';
  const source = local || session.name || session.nik || '?';
  return source.charAt(0).toUpperCase();
}

/** Sidebar name: the name, or the nik if there is no name. */
export function displayNameOf(session: Pick<Session, 'name' | 'nik'>): string {
  return session.name?.trim() || session.nik || '';
}
