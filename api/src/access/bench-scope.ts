/**
 * The cost of administration per company on the users list at scale (issue 32, ADR 0022):
 * `node --import tsx src/access/bench-scope.ts <db file> <users>` seeds a fresh database with
 * `<users>` users (the development seed: NIK 100006 is the scoped "Admin AP" of PT Arta Boga
 * Cemerlang), then times the list's query for the group-wide administrator and for the scoped one
 * (page 1, a keyword, sorted by name, the CSV's matching ids; for the scoped one also its count
 * read afresh, `countCold`, as after any write) and prints p50/p95 ms as JSON.
 */
import { userListQuerySchema } from '@sso/shared/contract';
import { listUsers, userSlices } from '../users/user-queries';
import { actorScopeOf, scopeCount } from './admin-scope';
import { seededBench, timed } from './bench-support';

const { db, store, figures } = await seededBench('bench-scope.ts');
const logoUrl = (name: string) => `http://localhost:4000/static/logos/${name}`;
const time = (run: () => Promise<unknown>, runs = 200) => timed(run, runs);

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
