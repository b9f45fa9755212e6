import { sql } from 'kysely';
import type { Store } from '../db/store';

/**
 * The reference data's tables (companies, units, colours) for store tests of the administration
 * side: the sign-in half's baseline creates them on PostgreSQL (`postgres-baseline-auth.ts`); until it
 * does, they are created here when missing, with SQLite's columns. Colour 1 exists afterwards.
 */
export async function referenceTables(store: Store): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS companies (id BIGINT PRIMARY KEY, nama TEXT NOT NULL,
    sort_key TEXT NOT NULL, logo_file TEXT NOT NULL)`.execute(store.db);
  await sql`CREATE TABLE IF NOT EXISTS branches (id BIGINT PRIMARY KEY, company_id BIGINT NOT NULL,
    name TEXT NOT NULL, daerah TEXT NOT NULL, kode TEXT NOT NULL)`.execute(store.db);
  await sql`CREATE TABLE IF NOT EXISTS colors (id BIGINT PRIMARY KEY, hex_code TEXT NOT NULL)`.execute(
    store.db,
  );
  await sql`INSERT INTO colors (id, hex_code) SELECT 1, '#123456'
    WHERE NOT EXISTS (SELECT 1 FROM colors WHERE id = 1)`.execute(store.db);
}
