/**
 * Peta Akses at scale (issue 32, ADR 0025): `node --import tsx src/access/bench-access-map.ts <db
 * file> <users>` seeds a fresh database with `<users>` users (an existing file is migrated and
 * reused), then times a page of the by-place query (10 rows, as the panel asks) for the group-wide
 * administrator (NIK 100001) and the scoped one (100006, "Admin AP" of PT Arta Boga Cemerlang): an
 * application, a menu, a sub-menu, a sub-menu filtered by AP, by role and level, a keyword, sorted
 * by level, and a deep page; then one person's map. Prints p50/p95 ms as JSON; `pnpm bench` runs it
 * at 200,000 users outside `--quick` (scripts/lib/bench-access-map.mjs).
 */
import { accessMapPersonQuerySchema, accessMapPlaceQuerySchema } from '@sso/shared/contract';
import { benchDatabase, timeRuns } from '../ops/bench-database';
import { createAccessMap } from './access-map';
import { actorScopeOf } from './admin-scope';

const { db, store, users, seedSeconds } = await benchDatabase('bench-access-map.ts');
const map = createAccessMap(store);
const time = (run: () => Promise<unknown>, runs = 100) => timeRuns(run, runs);

const idOf = async (query: { executeTakeFirst(): Promise<{ id: number } | undefined> }) =>
  (await query.executeTakeFirst())?.id;
const menuId = (app: number, name: string) =>
  idOf(store.db.selectFrom('menus').select('id').where('app_id', '=', app).where('name', '=', name));
const hris = { app: 2 };
const karyawan = { app: 2, menu: await menuId(2, 'Karyawan') };
const dataKaryawan = { app: 2, menu: await menuId(2, 'Data Karyawan') };
const company = await idOf(
  store.db.selectFrom('companies').select('id').where('nama', '=', 'PT Arta Boga Cemerlang'),
);
const hrManager = await idOf(store.db.selectFrom('roles').select('id').where('name', '=', 'HR Manager'));

const figures: Record<string, unknown> = { users, seedSeconds };
let worst = 0;
for (const [who, nik] of [
  ['group', '100001'],
  ['scoped', '100006'],
] as const) {
  const actorId = (await idOf(store.db.selectFrom('users').select('id').where('nik', '=', nik))) ?? 0;
  const page = (query: Record<string, unknown>) => {
    const params = accessMapPlaceQuerySchema.parse({ page: 1, perPage: 10, ...query });
    // The scope is read per request, as the route does.
    return async () => map.byPlace(await actorScopeOf(store, actorId), params);
  };
  const cases = {
    application: page(hris),
    menu: page(karyawan),
    subMenu: page(dataKaryawan),
    byAp: page({ ...dataKaryawan, perusahaan_id: company }),
    roleAndLevel: page({ ...dataKaryawan, role_id: hrManager, level: 1 }),
    keyword: page({ ...dataKaryawan, keyword: 'sari' }),
    byLevel: page({ ...dataKaryawan, sortBy: 'level', sort: 'desc' }),
    page50: page({ ...dataKaryawan, page: 50 }),
  };
  // A first pass over every case (statements prepared, pages of the file in memory), as a running
  // api has them; then each case is timed.
  for (const run of Object.values(cases)) for (let i = 0; i < 20; i += 1) await run();
  const timed: Record<string, unknown> = {
    reaching: (
      await map.byPlace(await actorScopeOf(store, actorId), accessMapPlaceQuerySchema.parse(dataKaryawan))
    ).total,
  };
  for (const [name, run] of Object.entries(cases)) {
    const t = await time(run);
    worst = Math.max(worst, t.p95);
    timed[name] = t;
  }
  const person = accessMapPersonQuerySchema.parse({});
  timed.person = await time(async () => map.byPerson(await actorScopeOf(store, actorId), actorId, person));
  figures[who] = timed;
}
figures.worstPageP95 = worst;
console.log(JSON.stringify(figures));
db.close();
