/**
 * `pnpm db:migrate-to-postgres --from FILE --to URL` (or URL in DATABASE_URL; ADR 0028, docs/postgresql-and-several-instances.md):
 * brings the PostgreSQL database at URL to this api's schema (the same migrations the api runs, under
 * their advisory lock), copies the SQLite file FILE into it and verifies the copy (counts per table,
 * a sample of records per table). Refused when the target holds any row. Exit status 0 only when the
 * verification found no difference; 1 on a difference or an error, 2 on a wrong command line.
 * Stop the api that uses FILE first: rows written after the copy started are not copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { schemaVersion } from '../db/migrations';
import { migratePostgres } from '../db/postgres-migrations';
import { postgresStore } from '../db/store';
import { copySqliteToPostgres } from './copy-to-postgres';
import { runCommand } from './run-command';

const USAGE =
  'usage: pnpm db:migrate-to-postgres --from FILE.sqlite [--to postgres://USER:PASSWORD@HOST:PORT/DATABASE] [--batch 1000] [--sample 20] (--to defaults to DATABASE_URL)';

/** `postgres://user:***@host/db`: a URL as it may be printed. */
const shown = (url: string) => url.replace(/:[^:@/]*@/, ':***@');

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        batch: { type: 'string' },
        sample: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  // The URL may come from DATABASE_URL, so that its password is not on the command line.
  values.to ??= process.env.DATABASE_URL;
  const batch = values.batch === undefined ? 1000 : Number(values.batch);
  const sample = values.sample === undefined ? 20 : Number(values.sample);
  if (
    !values.from ||
    !values.to ||
    !/^postgres(ql)?:\/\//.test(values.to) ||
    !(Number.isInteger(batch) && batch >= 1 && batch <= 10_000) ||
    !(Number.isInteger(sample) && sample >= 0 && sample <= 100_000)
  ) {
    console.error(USAGE);
    return 2;
  }
  const from = path.resolve(values.from);
  if (!fs.existsSync(from)) throw new Error(`${from} does not exist`);
  // The file must be at this api's schema: its tables are compared with PostgreSQL's.
  const probe = new Database(from, { readonly: true, fileMustExist: true });
  const version = Number(probe.pragma('user_version', { simple: true }));
  probe.close();
  if (version !== schemaVersion) {
    throw new Error(
      `${from} is at schema ${version}, this api at ${schemaVersion}: start this api on it once (it migrates the file), stop it, then copy`,
    );
  }
  const store = postgresStore(values.to, { poolSize: 1 });
  try {
    const applied = await migratePostgres(store.db);
    console.log(
      `${shown(values.to)}: ${applied.length > 0 ? `migrated (${applied.join(', ')})` : 'already at the latest schema'}`,
    );
  } finally {
    await store.close();
  }
  const started = Date.now();
  const report = await copySqliteToPostgres({
    from,
    to: values.to,
    batchSize: batch,
    sampleSize: sample,
    log: (line) => console.log(`copied ${line}`),
  });
  const rows = report.tables.reduce((sum, t) => sum + t.copied, 0);
  const sampled = report.tables.reduce((sum, t) => sum + t.sampled, 0);
  console.log(
    `${report.tables.length} tables, ${rows} rows copied in ${((Date.now() - started) / 1000).toFixed(1)} s; ${sampled} sampled records compared`,
  );
  if (report.notCopied.length > 0) {
    console.log(`not in PostgreSQL's schema, not copied: ${report.notCopied.join(', ')}`);
  }
  if (report.mismatches.length > 0) {
    console.error(`VERIFICATION FAILED: ${report.mismatches.length} differences`);
    for (const line of report.mismatches) console.error(`  ${line}`);
    return 1;
  }
  console.log('verified: every count and every sampled record matches');
  return 0;
}

runCommand(main);
