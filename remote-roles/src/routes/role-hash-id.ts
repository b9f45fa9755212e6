import { roleSchema, type Role } from '@sso/shared/contract';

/**
 * The `hashId` of /edit-role/{hashId}: the role as listed, carried in the route (spec 2: "an
 * encoded form of the role"). Encoding: JSON → UTF-8 → base64url without padding, so any role name
 * (accents, emoji) survives and the segment needs no further escaping. Decoding parses with the
 * contract's role schema: anything else is reported, never rendered.
 */
export type RoleHashIdResult = { ok: true; role: Role } | { ok: false; reason: 'encoding' | 'shape' };

export function encodeRoleHashId(role: Role): string {
  const bytes = new TextEncoder().encode(JSON.stringify(role));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeRoleHashId(hashId: string): RoleHashIdResult {
  let json: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(hashId)) return { ok: false, reason: 'encoding' };
    const base64 = hashId.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: 'encoding' };
  }
  const parsed = roleSchema.safeParse(json);
  return parsed.success ? { ok: true, role: parsed.data } : { ok: false, reason: 'shape' };
}
