import { openDatabase, type Db } from '../db/database';
import { migrate } from '../db/migrations';
import { sqliteStore, type Store } from '../db/store';
import { seedIfEmpty } from '../db/seed/seed';

/**
 * What the scale benchmarks of this folder share: the command line (`<db file> [users]`), a file
 * seeded with that many users by the development seed (an existing file is migrated and reused) and
 * its planner statistics, and p50/p95 timings.
 */
export async function seededBench(
  script: string,
): Promise<{ db: Db; store: Store; figures: Record<string, unknown> }> {
  const [file, count = '200000'] = process.argv.slice(2);
  if (!file) throw new Error(`usage: ${script} <db file> [users]`);
  const db = openDatabase(file);
  migrate(db);
  const started = performance.now();
  const store = sqliteStore(db);
  await seedIfEmpty(store, {
    users: Number(count),
    panelUrl: 'http://localhost:3000',
    passwordCost: { N: 2 ** 10, r: 8, p: 1 },
  });
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  db.exec('ANALYZE');
  return { db, store, figures: { users: Number(count), seedSeconds } };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** p50 and p95 ms of `runs` runs, after 10 to warm up. */
export async function timed(
  run: () => Promise<unknown>,
  runs: number,
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i += 1) await run();
  const took: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await run();
    took.push(performance.now() - t0);
  }
  return { p50: round(percentile(took, 50)), p95: round(percentile(took, 95)) };
}
