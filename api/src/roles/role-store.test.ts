import { LAST_OWNER_MESSAGE, rolePayloadSchema, roleUpdatePayloadSchema } from '@sso/shared/contract';
import { createPanelGrants } from '../access/panel-grants';
import { createRolePrivilege } from '../access/privilege';
import { referenceTables } from '../access/reference-tables.test-support';
import type { Store, StoreKind } from '../db/store';
import {
  STORE_KINDS,
  insertActor,
  insertApplications,
  insertRole,
  outcome,
  useTestStores,
} from '../test-support/stores';
import { findRole, listRoles, roleOptions } from './role-queries';
import { createRole, deleteRoles, updateRole } from './role-writes';

const stores = useTestStores();
const AT = '2025-06-15T12:00:00.000Z';
const ACTOR = 1;
const logoUrl = (file: string) => `/logo/${file}`;

/**
 * This panel (app 1, no menus: any role granting it keeps the panel), Gudang (app 2) with its menu
 * Stok, Kasir (app 3); the actor (user 1) holds a role granting apps 1 and 2, Stok as owner.
 */
async function fixture(kind: StoreKind, instances = 1) {
  const opened = await stores.storesOn(kind, instances);
  const store = opened[0]!;
  await referenceTables(store);
  await insertApplications(store, [1, 2, 3]);
  const { id: stok } = await store.db
    .insertInto('menus')
    .values({ app_id: 2, parent_id: null, name: 'Stok', position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = await insertRole(store, { name: 'Pemilik', position: 1, at: AT });
  await store.db
    .insertInto('role_apps')
    .values([
      { role_id: owner, app_id: 1 },
      { role_id: owner, app_id: 2 },
    ])
    .execute();
  await store.db
    .insertInto('role_menus')
    .values({ role_id: owner, menu_id: stok, access_level: 1 })
    .execute();
  await insertActor(store, { id: ACTOR, roleId: owner, at: AT });
  return { stores: opened, store, stok, owner };
}

const payload = (
  name: string,
  apps: Array<{ apps_id: number; menus?: Array<{ id: number; access_level: 1 | 2 | 3 }> }>,
) => rolePayloadSchema.parse({ name, color_id: 1, applications: apps });

describe.each<StoreKind>(STORE_KINDS)('Role Management store on %s', (kind) => {
  it('creates, lists, updates and deletes a role under the privilege rules', async () => {
    const { store, stok } = await fixture(kind);
    const privilege = createRolePrivilege(store);
    const id = await privilege.guardRoleCreate(ACTOR, (trx) =>
      createRole(trx, payload('Staf Gudang', [{ apps_id: 2, menus: [{ id: stok, access_level: 3 }] }]), AT),
    );
    const role = await findRole(store.db, id, logoUrl);
    expect(role).toMatchObject({
      name: 'Staf Gudang',
      member_count: 0,
      applications: [{ apps_id: 2, apps_name: 'App 2', menus: [{ id: stok, name: 'Stok', acces_level: 3 }] }],
    });
    const list = await listRoles(store, { page: 1, perPage: 10, keyword: 'staf GUDANG' }, logoUrl);
    expect(list.data.map((r) => r.name)).toEqual(['Staf Gudang']);
    expect((await roleOptions(store)).map((r) => r.name)).toEqual(['Pemilik', 'Staf Gudang']);
    expect(await privilege.coveredRoles(ACTOR, [id])).toEqual(new Set([id]));

    const change = (version: number) => roleUpdatePayloadSchema.parse({ name: 'Staf Gudang Pusat', version });
    expect(
      await outcome(privilege.guardRoleEdit(ACTOR, id, (trx) => updateRole(trx, id, change(2), AT))),
    ).toMatch(/^409/);
    await privilege.guardRoleEdit(ACTOR, id, (trx) => updateRole(trx, id, change(1), AT));
    expect((await findRole(store.db, id, logoUrl))?.name).toBe('Staf Gudang Pusat');

    expect(await privilege.guardRoleDelete(ACTOR, [id], (trx) => deleteRoles(trx, [id]))).toEqual([id]);
    expect(await findRole(store.db, id, logoUrl)).toBeUndefined();
  });

  it('a refused write leaves nothing: escalation, a role in use, the last owner of the panel', async () => {
    const { store, owner } = await fixture(kind);
    const privilege = createRolePrivilege(store);
    // App 3 is not the actor's to give: 403, and the role row inserted before the check is gone.
    expect(
      await outcome(
        privilege.guardRoleCreate(ACTOR, (trx) => createRole(trx, payload('Kasir', [{ apps_id: 3 }]), AT)),
      ),
    ).toMatch(/^403/);
    expect((await roleOptions(store)).map((r) => r.name)).toEqual(['Pemilik']);
    // Taking app 1 from the only role that grants it would leave nobody to run the panel.
    const narrower = roleUpdatePayloadSchema.parse({ applications: [{ apps_id: 2 }] });
    expect(
      await outcome(privilege.guardRoleEdit(ACTOR, owner, (trx) => updateRole(trx, owner, narrower, AT))),
    ).toBe(`409 ${LAST_OWNER_MESSAGE}`);
    expect((await findRole(store.db, owner, logoUrl))?.applications.map((a) => a.apps_id)).toEqual([1, 2]);
    expect(
      await outcome(privilege.guardRoleDelete(ACTOR, [owner], (trx) => deleteRoles(trx, [owner]))),
    ).toMatch(/^409 Role masih digunakan oleh user: Pemilik \(1 user\)/);
  });

  it("reads a user's grants of this panel by menu key, none when inactive", async () => {
    const { store, owner } = await fixture(kind);
    const { id: home } = await store.db
      .insertInto('menus')
      .values({ app_id: 1, parent_id: null, name: 'Beranda', position: 1, panel_key: 'home' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A menu without a key grants nothing.
    const { id: plain } = await store.db
      .insertInto('menus')
      .values({ app_id: 1, parent_id: null, name: 'Lain', position: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('role_menus')
      .values([
        { role_id: owner, menu_id: home, access_level: 2 },
        { role_id: owner, menu_id: plain, access_level: 1 },
      ])
      .execute();
    const grantsOf = createPanelGrants(store);
    expect(await grantsOf(ACTOR)).toEqual([
      { apps_id: 1, menus: [{ key: 'home', name: 'Beranda', acces_level: 2, children: [] }] },
    ]);
    await store.db.updateTable('users').set({ is_active: 0 }).where('id', '=', ACTOR).execute();
    expect(await grantsOf(ACTOR)).toBeNull();
  });

  it('two instances creating one name at once: one role, the others 409', async () => {
    const { stores: instances } = await fixture(kind, 2);
    const results = await Promise.all(
      [...instances, ...instances].map((store: Store) =>
        outcome(
          createRolePrivilege(store).guardRoleCreate(ACTOR, (trx) =>
            createRole(trx, payload('Gudang', [{ apps_id: 2 }]), AT),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('409'))).toHaveLength(3);
    expect((await roleOptions(instances[1]!)).map((r) => r.name)).toEqual(['Gudang', 'Pemilik']);
  });
});
