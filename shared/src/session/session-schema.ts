import { z } from 'zod';

const id = z.union([z.number(), z.string().max(100)]);
const text = z.string().max(2000);
const optText = text.nullish();

/**
 * The session stored in the browser under one key (spec section 3). Parsed on every read: a value
 * that does not match is cleared, never trusted. Only access_token and session_token are required
 * (spec "/ handoff"); everything else is optional because other SSO apps hand sessions over too.
 */
export const sessionSchema = z.object({
  id: id.nullish(),
  nik: optText,
  phone: optText,
  email: optText,
  is_active: z.union([z.boolean(), z.number()]).nullish(),
  created_at: optText,
  updated_at: optText,
  client_group: z.unknown().optional(),
  role_id: id.nullish(),
  role_name: optText,
  role_position: z.union([z.number(), text]).nullish(),
  user_menu: z.array(z.unknown()).max(500).nullish(),
  user_unit: z.array(z.unknown()).max(5000).nullish(),
  app_id: id.nullish(),
  app_url: optText,
  app_name: optText,
  token: z.string().max(4000).nullish(),
  /** Unix seconds. */
  expires_at: z.coerce.number().nullish(),
  access_token: z.string().min(1).max(4000),
  session_token: z.string().min(1).max(4000),
  refresh_token: z.string().max(4000).nullish(),
  name: optText,
  user: z.record(z.string(), z.unknown()).nullish(),
});
export type Session = z.infer<typeof sessionSchema>;

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
