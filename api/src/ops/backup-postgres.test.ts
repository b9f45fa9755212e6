/**
 * Issue 35, point 5 on PostgreSQL: `pnpm backup` with DATABASE_URL (pg_dump -Fc) while writes go on,
 * `pnpm restore FILE` (pg_restore) into a database no instance is connected to. Four writers commit
 * rows through their own pool, as api instances would; a backup runs meanwhile (the command itself);
 * restored, the database holds every row whose write was acknowledged before the backup started, and
 * none written after it. A restore is refused while a session is connected, and a damaged file always.
 * On a throwaway cluster (test-support/postgres.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migratePostgres } from '../db/postgres-migrations';
import { postgresStore } from '../db/store';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres';
import { backupUnderWrites, runOps, runOpsAsync, theOneBackup } from './test-process';

let cluster: TestPostgres;
let work: string;
let url: string;
let backupDir: string;

const env = () => ({ DATABASE_URL: url, BACKUP_DIR: backupDir, BACKUP_KEEP: '3' });
const ops = (args: string[]) => runOps(args, env());

async function keys(): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(
      "SELECT key FROM throttle WHERE key LIKE 'cadangan:%'",
    );
    return new Set(rows.map((row) => row.key));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = startTestPostgres();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-pg-backup-'));
  backupDir = path.join(work, 'backups');
  url = cluster.createDatabase('sso');
  const store = postgresStore(url, { poolSize: 1 });
  try {
    await migratePostgres(store.db);
  } finally {
    await store.close();
  }
});

afterAll(() => {
  cluster?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('a dump taken under writes, restored into the database with no instance connected, holds every write acknowledged before it started', async () => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let acknowledged: string[] | undefined;
  let beforeBackup: string[] | undefined;
  let backupFile: string | undefined;
  try {
    const written = await backupUnderWrites(
      async (w, n) => {
        const key = `cadangan:${w}-${n}`;
        await pool.query('INSERT INTO throttle (key, hits, window_ends_at) VALUES ($1, 1, $2)', [
          key,
          Date.now(),
        ]);
        return key;
      },
      () => runOpsAsync(['backup'], env()),
    );
    ({ acknowledged, beforeBackup } = written);
    expect(written.backup.output).toMatch(
      /^backup of PostgreSQL postgres:.* written: .*\.dump \(.* schema 1, (\d+ users, )?integrity ok/m,
    );
    backupFile = theOneBackup(written, backupDir);

    // Sessions are connected (an instance runs): refused, nothing changed.
    const refused = ops(['restore', backupFile]);
    expect(refused.output).toMatch(/restore refused: \d+ other sessions? (is|are) connected to database sso/);
    expect(refused.status).toBe(1);
  } finally {
    await pool.end();
  }
  if (backupFile === undefined || beforeBackup === undefined || acknowledged === undefined) {
    throw new Error('no backup was taken');
  }
  expect((await keys()).size).toBe(acknowledged.length);

  // A table of a newer schema is not left beside the restored one (the api migrates it again).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE TABLE newer_table (x INT)');
  await client.end();

  const restored = ops(['restore', backupFile]);
  expect(restored.output).toMatch(
    /restored .*\.dump into PostgreSQL .* \(schema 1, (\d+ users, )?integrity ok\)/,
  );
  expect(restored.status).toBe(0);
  const names = await keys();
  const before = beforeBackup;
  expect(before.filter((key) => !names.has(key))).toEqual([]);
  expect(names.size).toBeLessThan(acknowledged.length);
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query(
    "SELECT 1 FROM information_schema.tables WHERE table_name = 'newer_table'",
  );
  const migrations = await check.query('SELECT name FROM kysely_migration');
  await check.end();
  expect(rows).toEqual([]);
  expect(migrations.rows).toEqual([{ name: '0001_baseline' }]);
  // What it replaced is kept beside the file, itself a restorable dump.
  const kept = fs.readdirSync(backupDir).filter((name) => name.startsWith('before-restore-'));
  expect(kept).toHaveLength(1);
  expect(restored.output).toContain(`kept as ${path.join(backupDir, kept[0] ?? '')}`);
}, 120_000);

test('a damaged dump is never restored, and the retention count holds', () => {
  const damaged = path.join(work, 'damaged.dump');
  fs.writeFileSync(damaged, 'PGDMP this is not a dump');
  const result = ops(['restore', damaged]);
  expect(result.output).toMatch(/not a PostgreSQL custom-format dump/);
  expect(result.status).toBe(1);
  for (let i = 0; i < 4; i += 1) expect(ops(['backup']).status).toBe(0);
  expect(fs.readdirSync(backupDir).filter((name) => /^sso-.*\.dump$/.test(name))).toHaveLength(3);
}, 120_000);
