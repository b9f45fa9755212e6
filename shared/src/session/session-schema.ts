import {
  array,
  boolean,
  number,
  object,
  record,
  string,
  union,
  unknown,
  type Infer,
} from '@sso/shared/validate';

// Checked before the first screen paints: @sso/shared/validate, not zod (ADR 0006).
const id = union(number(), string({ max: 100 }));
const text = string({ max: 2000 });
const optText = text.nullish();

/**
 * The session stored in the browser under one key (spec section 3). Parsed on every read: a value
 * that does not match is cleared, never trusted. Only access_token and session_token are required
 * (spec "/ handoff"); everything else is optional because other SSO apps hand sessions over too.
 */
export const sessionSchema = object({
  id: id.nullish(),
  nik: optText,
  phone: optText,
  email: optText,
  is_active: union(boolean(), number()).nullish(),
  created_at: optText,
  updated_at: optText,
  client_group: unknown().optional(),
  role_id: id.nullish(),
  role_name: optText,
  role_position: union(number(), text).nullish(),
  user_menu: array(unknown(), { max: 500 }).nullish(),
  user_unit: array(unknown(), { max: 5000 }).nullish(),
  app_id: id.nullish(),
  app_url: optText,
  app_name: optText,
  token: string({ max: 4000 }).nullish(),
  /** Unix seconds. */
  expires_at: number({ coerce: true }).nullish(),
  access_token: string({ min: 1, max: 4000 }),
  session_token: string({ min: 1, max: 4000 }),
  refresh_token: string({ max: 4000 }).nullish(),
  name: optText,
  user: record(unknown()).nullish(),
});
export type Session = Infer<typeof sessionSchema>;

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
