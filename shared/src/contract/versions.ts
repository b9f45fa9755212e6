import { z } from 'zod';

/**
 * Versions against lost updates. Every user and role the api answers with one record (GET one,
 * create, update) carries `version`, a number that grows with each saved change. An update may send
 * back the `version` it read, in the body: if the record changed in the meantime the api answers
 * 409 with `VERSION_CONFLICT_MESSAGE` and changes nothing. An update without `version` is accepted
 * as before (the spec's payloads have none). The panel sends only the fields it changed.
 */
export const VERSION_CONFLICT_MESSAGE =
  'Data ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan terbaru.';

/** `version` of a record as answered, and as an update may send it back. */
export const versionSchema = z.int().positive();

/** The optional `version` field of an update payload. */
export const versionField = { version: versionSchema.optional() };

/**
 * The fields among `keys` whose value in `after` differs from `before` (compared as JSON): what an
 * edit form sends, so a save never writes back a field nobody touched.
 */
export function changedFields<T extends object, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const changed: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changed[key] = after[key];
  }
  return changed;
}

/** Whether a failed save is the api's 409 of a stale version (read by shape: status and message). */
export function isVersionConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message === VERSION_CONFLICT_MESSAGE &&
    'status' in error &&
    error.status === 409
  );
}
