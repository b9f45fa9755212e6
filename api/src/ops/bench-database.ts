/**
 * What the api's benches at scale share (`access/bench-*.ts`, run by `pnpm bench` outside `--quick`):
 * the database file named on their command line, migrated and seeded with `<users>` users (an
 * existing file is reused), and the timing of one query.
 */
import type Database from 'better-sqlite3';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { sqliteStore, type Store } from '../db/store';
import { seedIfEmpty } from '../db/seed/seed';

export interface BenchDatabase {
  db: Database.Database;
  store: Store;
  users: number;
  /** How long seeding took (s, one decimal; 0 for a file already seeded). */
  seedSeconds: number;
}

/** `<db file> [users]` of `script`'s command line (200,000 users unless given), migrated, seeded, analysed. */
export async function benchDatabase(script: string): Promise<BenchDatabase> {
  const [file, count = '200000'] = process.argv.slice(2);
  if (!file) throw new Error(`usage: ${script} <db file> [users]`);
  const db = openDatabase(file);
  migrate(db);
  const started = performance.now();
  await seedIfEmpty(sqliteStore(db), {
    users: Number(count),
    panelUrl: 'http://localhost:3000',
    passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  });
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  db.exec('ANALYZE');
  return { db, store: sqliteStore(db), users: Number(count), seedSeconds };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** `run` ten times unmeasured, then `runs` times: the p50 and p95 (ms, two decimals). */
export async function timeRuns(run: () => Promise<unknown>, runs: number) {
  for (let i = 0; i < 10; i += 1) await run();
  const took: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await run();
    took.push(performance.now() - t0);
  }
  return { p50: round(percentile(took, 50)), p95: round(percentile(took, 95)) };
}
