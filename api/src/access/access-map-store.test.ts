import { sql } from 'kysely';
import { accessMapPersonQuerySchema, accessMapPlaceQuerySchema } from '@sso/shared/contract';
import type { StoreKind } from '../db/store';
import { HttpError } from '../http/errors';
import { STORE_KINDS, insertRole, useTestStores } from '../test-support/stores';
import { createAccessMap, MENU_NOT_FOUND } from './access-map';
import { actorScopeOf } from './admin-scope';
import { referenceTables } from './reference-tables.test-support';

const stores = useTestStores();
const AT = '2025-06-15T12:00:00.000Z';

/**
 * Gudang (app 2) with its menu Stok (id returned) and sub-menu Opname under it. Role Kepala grants
 * Stok (owner) and Opname (viewer); role Staf grants Opname only (so it does not reach it: its menu
 * is not granted); role Tamu grants the app without menus. Users: Andi and budi (Kepala), Citra
 * (Staf), Dewi (Tamu, inactive); Andi and Citra in AP Satu.
 */
async function fixture(kind: StoreKind) {
  const [store] = await stores.storesOn(kind);
  if (!store) throw new Error('no store');
  await referenceTables(store);
  await sql`INSERT INTO companies (id, nama, sort_key, logo_file) VALUES (10, 'AP Satu', 'ap satu', 'a.svg')`.execute(
    store.db,
  );
  await store.db
    .insertInto('applications')
    .values({ id: 2, name: 'Gudang', descriptions: null, url: 'http://x', logo_file: 'a.svg' })
    .execute();
  await store.admin.followIds(store.db, 'applications');
  const menu = async (name: string, parent: number | null, position: number) =>
    (
      await store.db
        .insertInto('menus')
        .values({ app_id: 2, parent_id: parent, name, position })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const stok = await menu('Stok', null, 1);
  const opname = await menu('Opname', stok, 1);
  const role = async (name: string, grants: Array<[number, 1 | 2 | 3]>) => {
    const id = await insertRole(store, { name, position: 1, at: AT });
    await store.db.insertInto('role_apps').values({ role_id: id, app_id: 2 }).execute();
    for (const [menuId, level] of grants) {
      await store.db
        .insertInto('role_menus')
        .values({ role_id: id, menu_id: menuId, access_level: level })
        .execute();
    }
    return id;
  };
  const kepala = await role('Kepala', [
    [stok, 1],
    [opname, 3],
  ]);
  const staf = await role('Staf', [[opname, 2]]);
  const tamu = await role('Tamu', []);
  const user = async (nama: string, nik: string, roleId: number, active = 1) =>
    (
      await store.db
        .insertInto('users')
        .values({
          nama,
          nik,
          phone: '0812',
          email: '',
          role_id: roleId,
          is_active: active,
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const andi = await user('Andi', 'A1', kepala);
  await user('budi', 'B2', kepala);
  const citra = await user('Citra', 'C3', staf);
  await user('Dewi', 'D4', tamu, 0);
  for (const id of [andi, citra]) {
    await store.db.insertInto('user_companies').values({ user_id: id, company_id: 10 }).execute();
  }
  return { store, stok, opname, andi, kepala };
}

describe.each<StoreKind>(STORE_KINDS)('Peta Akses on %s', (kind) => {
  it('who reaches an application, a menu and a sub-menu, filtered, sorted and paged', async () => {
    const { store, stok, opname, kepala } = await fixture(kind);
    const map = createAccessMap(store);
    const group = await actorScopeOf(store, 1);
    const place = async (query: Record<string, unknown>) => {
      const { data, total } = await map.byPlace(group, accessMapPlaceQuerySchema.parse({ app: 2, ...query }));
      return [total, data.map((row) => `${row.nama}:${row.role_name}:${row.level ?? '-'}`)];
    };
    expect(await place({})).toEqual([4, ['Andi:Kepala:1', 'budi:Kepala:1', 'Citra:Staf:2', 'Dewi:Tamu:-']]);
    expect(await place({ menu: opname })).toEqual([2, ['Andi:Kepala:3', 'budi:Kepala:3']]);
    expect(await place({ menu: stok, sort: 'desc', perPage: 1, page: 2 })).toEqual([2, ['Andi:Kepala:1']]);
    expect(await place({ perusahaan_id: 10, sortBy: 'level', sort: 'desc' })).toEqual([
      2,
      ['Citra:Staf:2', 'Andi:Kepala:1'],
    ]);
    expect(await place({ keyword: 'BUD', role_id: kepala })).toEqual([1, ['budi:Kepala:1']]);
    await expect(map.byPlace(group, accessMapPlaceQuerySchema.parse({ app: 2, menu: 999 }))).rejects.toThrow(
      MENU_NOT_FOUND,
    );
    const { place: name, slices } = await map.byPlaceSlices(
      group,
      accessMapPlaceQuerySchema.parse({ app: 2, menu: opname }),
      10,
    );
    const exported = [];
    for await (const slice of slices) exported.push(...slice.map((row) => row.nik));
    expect([name, exported]).toEqual(['Gudang › Stok › Opname', ['A1', 'B2']]);
  });

  it("one person's places, the people picker and the filters' options", async () => {
    const { store, andi } = await fixture(kind);
    const map = createAccessMap(store);
    const group = await actorScopeOf(store, 1);
    const person = await map.byPerson(group, andi, accessMapPersonQuerySchema.parse({}));
    expect(person.user).toMatchObject({ nik: 'A1', role_name: 'Kepala', companies: 'AP Satu' });
    expect(person.data.map((row) => [row.app_name, row.parent_name, row.menu_name, row.level])).toEqual([
      ['Gudang', null, null, 1],
      ['Gudang', null, 'Stok', 1],
      ['Gudang', 'Stok', 'Opname', 3],
    ]);
    expect((await map.people(group, 'i')).map((user) => user.nama)).toEqual([
      'Andi',
      'budi',
      'Citra',
      'Dewi',
    ]);
    const options = await map.options(group);
    expect(options.applications[0]?.menus.map((m) => [m.name, m.children.map((c) => c.name)])).toEqual([
      ['Stok', ['Opname']],
    ]);
    expect(options.roles.map((role) => role.name)).toEqual(['Kepala', 'Staf', 'Tamu']);
    const refused = await map
      .byPerson(group, 999, accessMapPersonQuerySchema.parse({}))
      .catch((error: unknown) => error);
    expect(refused instanceof HttpError && refused.statusCode).toBe(404);
  });
});
