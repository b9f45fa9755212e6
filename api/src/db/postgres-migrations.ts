import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { createAdminReferenceKeys, createAdminTables } from './postgres-baseline-admin';
import { createAuthTables, linkAuthTables } from './postgres-baseline-auth';

/**
 * PostgreSQL's schema (ADR 0026). The SQLite file keeps its own runner (`migrations.ts`, counted by
 * `user_version`): its 20+ migrations are history that a PostgreSQL database never had. PostgreSQL
 * starts from a baseline equal to the SQLite schema of the tables the data layer reaches, written in
 * PostgreSQL's types; migrations after it are written once with kysely's schema builder or portable
 * SQL and appended to both lists.
 *
 * The baseline grows with the port: a table joins it when its store moves onto the data layer, which
 * is possible only because no PostgreSQL database exists before the port is finished (`DATABASE_URL`
 * is refused by the api until then, `config.ts`). From the first release on PostgreSQL it is frozen.
 */
const baseline: Migration = {
  async up(db) {
    await sql`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
    await sql`CREATE TABLE throttle (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      window_ends_at BIGINT NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX throttle_window ON throttle (window_ends_at)`.execute(db);
    await sql`CREATE TABLE oidc_keys (
      kid TEXT PRIMARY KEY,
      private_jwk TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      retired_at BIGINT
    )`.execute(db);
    await createAuthTables(db);
    await createAdminTables(db);
    await linkAuthTables(db);
    await createAdminReferenceKeys(db);
  },
};

/** Every PostgreSQL migration by name; names sort in the order they run. */
export const postgresMigrations: Record<string, Migration> = {
  '0001_baseline': baseline,
};

/**
 * Brings a PostgreSQL database to the latest schema. kysely's Migrator takes a session-level
 * advisory lock on PostgreSQL for the whole run (`pg_advisory_lock`, PostgresAdapter) and runs each
 * migration in a transaction, so instances starting together wait for one another: the first
 * migrates, the others find nothing left to do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator reads its own tables
export async function migratePostgres(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => postgresMigrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
