import { userSchema, type User } from '@sso/shared/contract';

/**
 * The `hashId` of /edit-user/{hashId}: the user as listed, carried in the route (spec 2: "a base64
 * text of a JSON object holding the user detail"). Encoding: JSON → UTF-8 → base64url without
 * padding, so any name (accents, emoji) survives and the segment needs no escaping. Decoding also
 * accepts plain base64 (`+`, `/`, `=`), then parses with the contract's user schema: a malformed
 * or tampered value is reported, never rendered.
 */
export type UserHashIdResult =
  { ok: true; user: User } | { ok: false; reason: 'encoding' | 'json' | 'shape' };

export function encodeUserHashId(user: User): string {
  const bytes = new TextEncoder().encode(JSON.stringify(user));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64ToText(hashId: string): string | null {
  const trimmed = hashId.trim();
  if (trimmed === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const base64 = trimmed.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) return null;
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function decodeUserHashId(hashId: string): UserHashIdResult {
  const text = base64ToText(hashId);
  if (text === null) return { ok: false, reason: 'encoding' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const parsed = userSchema.safeParse(json);
  return parsed.success ? { ok: true, user: parsed.data } : { ok: false, reason: 'shape' };
}

/** Routes of this remote (spec 2), built in one place. */
export const userPaths = {
  list: '/user-management',
  create: '/tambah-user',
  edit: (user: User) => `/edit-user/${encodeUserHashId(user)}`,
} as const;
