/**
 * The cost of administration per company on the users list at scale (issue 32, ADR 0022):
 * `node --import tsx src/access/bench-scope.ts <db file> <users>` seeds a fresh database with
 * `<users>` users (the development seed: NIK 100006 is the scoped "Admin AP" of PT Arta Boga
 * Cemerlang), then times the list's query for the group-wide administrator and for the scoped one
 * (page 1, a keyword, sorted by name, the CSV's matching ids; for the scoped one also its count
 * read afresh, `countCold`, as after any write) and prints p50/p95 ms as JSON.
 */
import { userListQuerySchema } from '@sso/shared/contract';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrations';
import { sqliteStore } from '../db/store';
import { seedIfEmpty } from '../db/seed/seed';
import { listUsers, userSlices } from '../users/user-queries';
import { actorScopeOf, scopeCount } from './admin-scope';

const [file, count = '200000'] = process.argv.slice(2);
if (!file) throw new Error('usage: bench-scope.ts <db file> [users]');
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

const store = sqliteStore(db);
const logoUrl = (name: string) => `http://localhost:4000/static/logos/${name}`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function time(run: () => Promise<unknown>, runs = 200) {
  for (let i = 0; i < 10; i += 1) await run();
  const took: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await run();
    took.push(performance.now() - t0);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(percentile(took, 50)), p95: round(percentile(took, 95)) };
}

const figures: Record<string, unknown> = { users: Number(count), seedSeconds };
for (const [who, actorId] of [
  ['group', 1],
  ['scoped', 6],
] as const) {
  const scope = await actorScopeOf(store, actorId);
  // The scoped count as the first request after a write reads it (the list holds it until then).
  const countCold =
    scope.kind === 'own' ? await time(() => scopeCount(store.admin, scope).execute(store.db)) : undefined;
  const page = (query: Record<string, unknown>) => () =>
    listUsers(store, userListQuerySchema.parse({ page: 1, perPage: 10, ...query }), logoUrl, scope);
  figures[who] = {
    visible: (await listUsers(store, userListQuerySchema.parse({ page: 1, perPage: 1 }), logoUrl, scope))
      .total,
    page1: await time(page({})),
    keyword: await time(page({ keyword: 'sari' })),
    byName: await time(page({ sortBy: 'nama' })),
    exportIds: await time(
      async () => (await userSlices(store, { keyword: undefined }, logoUrl, scope)).total,
      20,
    ),
    ...(countCold ? { countCold } : {}),
  };
}
console.log(JSON.stringify(figures));
db.close();
