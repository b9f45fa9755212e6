import type { Kysely } from 'kysely';

/** The administration side's tables in PostgreSQL's baseline (see `postgres-migrations.ts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees no typed schema; filled as each store moves
export async function createAdminTables(_db: Kysely<any>): Promise<void> {}
