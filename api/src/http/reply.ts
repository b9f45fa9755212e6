/** Success envelopes (shared/contract/envelope.ts): `{ message, data }` and lists with `meta.total`. */
export const ok = <T>(message: string, data: T) => ({ message, data });

export const listOf = <T>(message: string, data: T[], total: number) => ({ message, data, meta: { total } });

/** SQL LIKE pattern for "contains", with %, _ and \ escaped (use with `ESCAPE '\'`). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ISO timestamp of a clock reading. */
export const isoAt = (ms: number) => new Date(ms).toISOString();
