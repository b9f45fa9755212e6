import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { postgresMigrations } from '../db/postgres-migrations';
import type { BackupFacts, BackupStore } from './backup';

/**
 * ADR 0023's `BackupStore` on PostgreSQL (ADR 0028). `pg_dump -Fc` takes its snapshot in one
 * repeatable-read transaction: the dump is the database as of its start, every write committed
 * before it included, and writers are never blocked. A dump is checked by reading it back
 * (`pg_restore`: the archive's table of contents, then every table's rows counted and the
 * migrations it holds). A restore goes into a database no other session is connected to (an api
 * instance holds its pool's connections while it runs), replaces the whole schema in one
 * transaction (nothing half-restored: a failure leaves the database as it was), keeps a dump of what
 * it replaced beside the restored file, and compares every table's count with the dump's.
 */

/** Debian's newest PostgreSQL 15+ client binaries (`/usr/lib/postgresql/N/bin`), or PG_BIN. */
export function postgresClientBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15 && fs.existsSync(path.join(root, String(v), 'bin', 'pg_dump')))
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error(
      'pg_dump of PostgreSQL 15 or newer is not installed (Debian: apt-get install postgresql)',
    );
  }
  return path.join(root, String(versions[0]), 'bin');
}

/** The URL without its password, for messages. */
export const shownUrl = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

/** Runs a client tool to its end; rejects with its standard error on a non-zero exit. */
function run(tool: string, args: string[], options: { stdinFrom?: string[] } = {}): Promise<string> {
  const bin = postgresClientBin();
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, tool), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (options.stdinFrom) {
      // The output of another tool (pg_restore's SQL) streamed into this one (psql).
      const [producer, ...producerArgs] = options.stdinFrom;
      const source = spawn(path.join(bin, producer ?? ''), producerArgs, {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      source.stdout.pipe(child.stdin);
      source.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      source.on('exit', (code) => {
        if (code !== 0) child.kill('SIGTERM');
      });
    } else {
      child.stdin.end();
    }
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${tool} failed (${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Rows per table in a dump: its data section read back as SQL (`COPY public.t (…) FROM stdin;`,
 * one line per row, `\.`), streamed so that a large dump is never held in memory.
 */
async function rowsInDump(file: string): Promise<Record<string, number>> {
  const child = spawn(path.join(postgresClientBin(), 'pg_restore'), ['--data-only', '-f', '-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const counts: Record<string, number> = {};
  let table: string | null = null;
  for await (const line of readline.createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (table === null) {
      const copy = /^COPY (?:"?[\w]+"?\.)?"?([\w]+)"? \(.*\) FROM stdin;$/.exec(line);
      if (copy?.[1]) {
        table = copy[1];
        counts[table] = 0;
      }
    } else if (line === '\\.') {
      table = null;
    } else {
      counts[table] = (counts[table] ?? 0) + 1;
    }
  }
  const code = await new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${file} cannot be read as a PostgreSQL dump: ${stderr.trim()}`);
  return counts;
}

/** Rows per table of the database's current schema (kysely's own tables included). */
async function rowsInDatabase(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT COUNT(*) AS n FROM "${name.replace(/"/g, '""')}"`,
      );
      counts[name] = Number(rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The facts of a dump: its migrations (the schema version), users, every table's rows. */
async function dumpFacts(file: string): Promise<BackupFacts & { tables: Record<string, number> }> {
  // The table of contents first: a file that is not an archive fails here, quickly.
  const list = spawnSync(path.join(postgresClientBin(), 'pg_restore'), ['--list', file], {
    encoding: 'utf8',
  });
  if (list.status !== 0) {
    throw new Error(`${file} is not a PostgreSQL custom-format dump: ${list.stderr.trim()}`);
  }
  const tables = await rowsInDump(file);
  const schemaVersion = tables.kysely_migration ?? 0;
  const known = Object.keys(postgresMigrations).length;
  if (schemaVersion < 1 || schemaVersion > known) {
    throw new Error(`${file} is at schema ${schemaVersion}; this api knows PostgreSQL schemas 1 to ${known}`);
  }
  return {
    schemaVersion,
    users: tables.users ?? null,
    bytes: fs.statSync(file).size,
    tables,
  };
}

export function postgresBackupStore(url: string): BackupStore {
  const database = new URL(url).pathname.slice(1) || 'postgres';
  return {
    label: `PostgreSQL ${shownUrl(url)}`,
    extension: '.dump',
    async backup(target) {
      // Custom format: compressed, restorable table by table, read back by pg_restore.
      await run('pg_dump', ['-Fc', '--no-owner', '--no-privileges', '-f', target, '-d', url]);
    },
    async verify(file) {
      const { tables: _tables, ...facts } = await dumpFacts(file);
      return facts;
    },
    async inUse() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          // Client sessions only: an autovacuum worker on this database is not an instance.
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
        );
        const n = Number(rows[0]?.n ?? 0);
        return n > 0
          ? `${n} other session${n === 1 ? ' is' : 's are'} connected to database ${database} (an api instance is running): stop every instance first`
          : null;
      } finally {
        await client.end();
      }
    },
    async restore(file) {
      const expected = await dumpFacts(file);
      // What is replaced is kept first, as a dump beside the restored file.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const kept = path.join(path.dirname(file), `before-restore-${stamp}.dump`);
      await run('pg_dump', ['-Fc', '--no-owner', '--no-privileges', '-f', kept, '-d', url]);
      // One transaction: the schema emptied (tables of a newer schema included, so that the api's
      // next start migrates the restored one as it would any older database), then the dump's SQL.
      await run(
        'psql',
        [
          '-d',
          url,
          '--single-transaction',
          '-v',
          'ON_ERROR_STOP=1',
          '-q',
          '-c',
          'DROP SCHEMA public CASCADE',
          '-c',
          'CREATE SCHEMA public',
          '-f',
          '-',
        ],
        { stdinFrom: ['pg_restore', '--no-owner', '--no-privileges', '-f', '-', file] },
      );
      const actual = await rowsInDatabase(url);
      const differences = Object.entries(expected.tables)
        .filter(([table, rows]) => actual[table] !== rows)
        .map(([table, rows]) => `${table}: ${rows} in the dump, ${actual[table] ?? 'no table'} restored`);
      if (differences.length > 0) {
        throw new Error(`the restored database differs from ${file}: ${differences.join('; ')}`);
      }
      return kept;
    },
  };
}
