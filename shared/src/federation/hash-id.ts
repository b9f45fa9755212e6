/**
 * The `hashId` of /edit-user/{hashId} and /edit-role/{hashId}: the record as listed, carried in the
 * route (spec 2: "a base64 text of a JSON object"). Encoding: JSON → UTF-8 → base64url without
 * padding, so any name (accents, emoji) survives and the segment needs no escaping. Decoding also
 * accepts plain base64 (`+`, `/`, `=`) and surrounding spaces, then parses with the caller's schema
 * (the contract's `userSchema`, `roleSchema`): a malformed or tampered value is reported, never
 * rendered. No zod here: the schema comes from the caller, so this module stays small.
 */
export type HashIdResult<T> = { ok: true; value: T } | { ok: false; reason: 'encoding' | 'json' | 'shape' };

/** What decoding needs of a schema (a zod schema fits). */
export interface HashIdSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function encodeHashId(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
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

export function decodeHashId<T>(hashId: string, schema: HashIdSchema<T>): HashIdResult<T> {
  const text = base64ToText(hashId);
  if (text === null) return { ok: false, reason: 'encoding' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'shape' };
}
