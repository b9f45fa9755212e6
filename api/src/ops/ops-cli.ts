/**
 * `pnpm backup` and `pnpm restore FILE` (ADR 0023, docs/operations-backups-faults-metrics.md), also
 * `node api/dist/ops-cli.js backup|restore FILE` where only the build is deployed.
 *   backup            a consistent online copy into BACKUP_DIR (default: `backups` beside the
 *                     database), then only the BACKUP_KEEP newest kept (default 14)
 *   restore FILE      FILE checked (integrity, schema) and put in place of the database; refused
 *                     while an api has the database open
 * DB_FILE names the database as for the api (default api/.data/sso.sqlite); with DATABASE_URL the
 * store is that PostgreSQL database instead (pg_dump -Fc, pg_restore; ADR 0028), and BACKUP_DIR
 * defaults to api/.data/backups.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runBackup, runRestore, sqliteBackupStore, type BackupStore } from './backup';
import { postgresBackupStore } from './backup-postgres';
import { runCommand } from './run-command';

const envSchema = z.object({
  DB_FILE: z.string().min(1).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).optional(),
  DATABASE_URL: z.string().optional(),
});

/** The api package's folder (this file runs from src/ops with tsx, or from dist once built). */
function apiDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@sso/api')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the @sso/api package folder was not found');
    dir = parent;
  }
}

/** The store the environment names: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
function storeOf(env: z.infer<typeof envSchema>): {
  store: BackupStore;
  dbFile: string | null;
  defaultDir: string;
} {
  if (env.DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
      throw new Error('DATABASE_URL must be a postgres:// URL');
    return {
      store: postgresBackupStore(env.DATABASE_URL),
      dbFile: null,
      defaultDir: path.join(apiDir(), '.data', 'backups'),
    };
  }
  const dbFile = path.resolve(env.DB_FILE ?? path.join(apiDir(), '.data', 'sso.sqlite'));
  return { store: sqliteBackupStore(dbFile), dbFile, defaultDir: path.join(path.dirname(dbFile), 'backups') };
}

const usersOf = (users: number | null) => (users === null ? '' : `, ${users} users`);

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function main(argv: string[]): Promise<number> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return 2;
  }
  const env = parsed.data;
  const [command, file] = argv;
  if (command === 'backup' && file === undefined) {
    const { store, dbFile, defaultDir } = storeOf(env);
    if (dbFile !== null && !fs.existsSync(dbFile))
      throw new Error(`${dbFile} does not exist: nothing to back up`);
    const dir = path.resolve(env.BACKUP_DIR ?? defaultDir);
    const started = Date.now();
    const result = await runBackup(store, dir, env.BACKUP_KEEP ?? 14);
    console.log(
      `backup of ${store.label} written: ${result.file} (${mib(result.facts.bytes)}, schema ${result.facts.schemaVersion}${usersOf(result.facts.users)}, integrity ok, ${Date.now() - started} ms)`,
    );
    for (const removed of result.removed) console.log(`removed (beyond BACKUP_KEEP): ${removed}`);
    return 0;
  }
  if (command === 'restore' && file !== undefined && argv.length === 2) {
    const { store } = storeOf(env);
    const source = path.resolve(file);
    if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
    const { facts, kept } = await runRestore(store, source);
    console.log(
      `restored ${source} into ${store.label} (schema ${facts.schemaVersion}${usersOf(facts.users)}, integrity ok)`,
    );
    if (kept) console.log(`the database it replaced is kept as ${kept}`);
    console.log('start the api: it migrates the restored database to its schema if it is older');
    return 0;
  }
  console.error(
    'usage: pnpm backup | pnpm restore FILE (DB_FILE or DATABASE_URL, BACKUP_DIR, BACKUP_KEEP in the environment)',
  );
  return 2;
}

runCommand(main);
