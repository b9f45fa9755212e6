import { notFound } from './errors';

/** A plain positive decimal integer: no sign, no leading zero, no `0x`, no exponent, no spaces. */
const PLAIN_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The `:id` of a route. Only the one spelling of a positive safe integer names a row: `0x10`,
 * `002`, `+2`, `1e1` or ` 2` would read as another id (or the same one under another name), so
 * anything else is the 404 of a row that does not exist.
 */
export function idParam(params: unknown, notFoundMessage: string): number {
  const raw: unknown =
    typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
  if (typeof raw !== 'string' || !PLAIN_ID.test(raw)) throw notFound(notFoundMessage);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound(notFoundMessage);
  return id;
}

/** The `:id` of a route's path as its declaration parses it (`params: idParams(NOT_FOUND)`). */
export const idParams =
  (notFoundMessage: string) =>
  (raw: unknown): { id: number } => ({ id: idParam(raw, notFoundMessage) });
