import {
  LAST_OWNER_MESSAGE,
  userListQuerySchema,
  userPayloadSchema,
  userUpdatePayloadSchema,
  type UserListParams,
} from '@sso/shared/contract';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { createPrivilege } from '../access/privilege';
import { referenceTables } from '../access/reference-tables.test-support';
import type { AppContext } from '../context';
import type { Store, StoreKind } from '../db/store';
import {
  STORE_KINDS,
  insertActor,
  insertApplications,
  insertRole,
  outcome,
  useTestStores,
} from '../test-support/stores';
import { addCompanies, changeRoles } from './bulk/bulk-changes';
import { checkImport, commitImport, IMPORT_STALE_MESSAGE } from './bulk/user-import';
import { changeStatus } from './lifecycle/account';
import { SELF_DEACTIVATE_MESSAGE, assertMayManage } from './lifecycle/rules';
import { actorScopeOf } from '../access/admin-scope';
import { findUser, listUsers, userSlices } from './user-queries';
import { createUser, deleteUsers, updateUser } from './user-writes';

const stores = useTestStores();
const AT = '2025-06-15T12:00:00.000Z';
const ACTOR = 1;

/**
 * This panel (app 1, no menus: any role granting it keeps the panel) and Kasir (app 3); the actor
 * (user 1) holds Pemilik (app 1 only), Kasir grants app 3, which the actor's role does not cover.
 * One company (10) with one unit (100).
 */
async function fixture(kind: StoreKind, instances = 1) {
  const opened = await stores.storesOn(kind, instances);
  const store = opened[0]!;
  await referenceTables(store);
  await insertApplications(store, [1, 3]);
  const role = async (name: string, app: number) => {
    const id = await insertRole(store, { name, position: app, at: AT });
    await store.db.insertInto('role_apps').values({ role_id: id, app_id: app }).execute();
    return id;
  };
  const owner = await role('Pemilik', 1);
  const kasir = await role('Kasir', 3);
  await insertActor(store, { id: ACTOR, roleId: owner, at: AT });
  await sql`INSERT INTO companies (id, nama, sort_key, logo_file) VALUES (10, 'AP Satu', 'ap satu', 'a.svg')`.execute(
    store.db,
  );
  await sql`INSERT INTO branches (id, company_id, name, daerah, kode) VALUES (100, 10, 'Pusat', 'Jakarta', 'P')`.execute(
    store.db,
  );
  await sql`INSERT INTO companies (id, nama, sort_key, logo_file) VALUES (20, 'AP Dua', 'ap dua', 'b.svg')`.execute(
    store.db,
  );
  return { stores: opened, store, owner, kasir };
}

const input = (nik: string, roleId: number) =>
  userPayloadSchema.parse({
    nama: `User ${nik}`,
    nik,
    phone: '081234567890',
    email: '',
    role_ids: [roleId],
    perusahaan: [{ perusahaan_id: 10, cabang: [{ cabang_id: 100 }] }],
  });

const revisionOf = async (store: Store, id: number) =>
  (await store.db.selectFrom('users').select('revision').where('id', '=', id).executeTakeFirst())?.revision;

describe.each<StoreKind>(STORE_KINDS)('users store on %s', (kind) => {
  it('creates, edits and deletes a user under the privilege rules; versions and NIK in any case', async () => {
    const { store, owner } = await fixture(kind);
    const revoked: number[] = [];
    const privilege = createPrivilege(store, {
      revokeUser: async (id) => {
        revoked.push(id);
      },
    });
    const id = await privilege.guardUserCreate(ACTOR, (trx) =>
      createUser(trx, store.admin, input('AB-7', owner), AT),
    );
    const links = await store.db.selectFrom('user_branches').selectAll().where('user_id', '=', id).execute();
    expect(links).toEqual([{ user_id: id, company_id: 10, branch_id: 100 }]);
    // The same NIK in another case is taken.
    expect(
      await outcome(
        privilege.guardUserCreate(ACTOR, (trx) => createUser(trx, store.admin, input('ab-7', owner), AT)),
      ),
    ).toBe('409 NIK sudah terdaftar');

    const edit = (version: number, nik = 'AB-8') => userUpdatePayloadSchema.parse({ nik, version });
    expect(
      await outcome(
        privilege.guardUserEdit(ACTOR, id, edit(2), (trx) => updateUser(trx, store.admin, id, edit(2), AT)),
      ),
    ).toMatch(/^409/);
    expect(revoked).toEqual([]);
    await privilege.guardUserEdit(ACTOR, id, edit(1), (trx) => updateUser(trx, store.admin, id, edit(1), AT));
    expect(await revisionOf(store, id)).toBe(2);
    // Another user's NIK changed: their sessions end.
    expect(revoked).toEqual([id]);

    expect(
      await privilege.guardUserDelete(ACTOR, [id], (trx) => deleteUsers(trx, store.admin, [id], ACTOR)),
    ).toEqual([id]);
    expect(await revisionOf(store, id)).toBeUndefined();
    expect(await store.db.selectFrom('user_companies').selectAll().execute()).toEqual([]);
  });

  it('a refused write leaves nothing: a role not covered, a user not covered, the last owner', async () => {
    const { store, owner, kasir } = await fixture(kind);
    const revoked: number[] = [];
    const privilege = createPrivilege(store, {
      revokeUser: async (id) => {
        revoked.push(id);
      },
    });
    // Kasir (app 3) is not the actor's to give: 403, and the row inserted before the check is gone.
    expect(
      await outcome(
        privilege.guardUserCreate(ACTOR, (trx) => createUser(trx, store.admin, input('200', kasir), AT)),
      ),
    ).toMatch(/^403/);
    expect(await store.db.selectFrom('users').select('nik').execute()).toEqual([{ nik: '100001' }]);
    // A Kasir user written directly is out of the actor's reach: 403 to edit, delete or deactivate.
    const { id: cashier } = await store.db
      .insertInto('users')
      .values({
        nama: 'Kasir',
        nik: '300',
        phone: '0813',
        email: '',
        role_id: kasir,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await privilege.mayActOnUser(ACTOR, cashier)).toBe(false);
    expect(
      await outcome(
        privilege.guardUserDelete(ACTOR, [cashier], (trx) => deleteUsers(trx, store.admin, [cashier], ACTOR)),
      ),
    ).toMatch(/^403/);
    const ctx = { store, clock: () => Date.parse(AT), sessions: privilegeSessions(revoked) };
    expect(
      await outcome(changeStatus(ctx as unknown as AppContext, privilege, ACTOR, [cashier], false, null)),
    ).toMatch(/^403/);
    // Nobody deactivates themselves; and the last active owner of the panel stays.
    expect(await outcome(assertMayManage(store.db, privilege, ACTOR, [ACTOR], 'deactivate'))).toBe(
      `409 ${SELF_DEACTIVATE_MESSAGE}`,
    );
    const other = await privilege.guardUserCreate(ACTOR, (trx) =>
      createUser(trx, store.admin, input('400', owner), AT),
    );
    await store.db.updateTable('users').set({ is_active: 0 }).where('id', '=', ACTOR).execute();
    expect(
      await outcome(changeStatus(ctx as unknown as AppContext, privilege, ACTOR, [other], false, 'uji')),
    ).toBe(`409 ${LAST_OWNER_MESSAGE}`);
    const active = await store.db
      .selectFrom('users')
      .select('is_active')
      .where('id', '=', other)
      .executeTakeFirst();
    expect(active?.is_active).toBe(1);
    expect(revoked).toEqual([]);
  });

  it('two instances creating one NIK at once: one user, the others 409', async () => {
    const { stores: instances, owner } = await fixture(kind, 2);
    const results = await Promise.all(
      [...instances, ...instances].map((store: Store) =>
        outcome(
          createPrivilege(store, { revokeUser: () => Promise.resolve() }).guardUserCreate(ACTOR, (trx) =>
            createUser(trx, store.admin, input('NIK-9', owner), AT),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === '409 NIK sudah terdaftar')).toHaveLength(3);
    expect(await instances[1]!.db.selectFrom('users').select('nik').orderBy('id').execute()).toEqual([
      { nik: '100001' },
      { nik: 'NIK-9' },
    ]);
  });
});

const logoUrl = (file: string) => `/logo/${file}`;
const query = (params: Partial<UserListParams>) => userListQuerySchema.parse(params);

describe.each<StoreKind>(STORE_KINDS)('users list on %s', (kind) => {
  /** Users 2-6 (Sari Putri, sari lestari, Budi, Wati 100%, Rina) under Pemilik or Kasir, AP Satu. */
  async function withUsers(instances = 1) {
    const setup = await fixture(kind, instances);
    const { store, owner, kasir } = setup;
    const people: Array<[string, string, number]> = [
      ['Sari Putri', 'S-1', owner],
      ['sari lestari', 's-2', kasir],
      ['Budi', 'B-3', owner],
      ['Wati 100%', 'W-4', kasir],
      ['Rina', 'R-5', owner],
    ];
    for (const [index, [nama, nik, role]] of people.entries()) {
      await store.db
        .insertInto('users')
        .values({
          nama,
          nik,
          phone: `0812000${index}`,
          email: '',
          role_id: role,
          created_at: `2025-06-0${index + 1}T00:00:00.000Z`,
          updated_at: AT,
        })
        .execute();
    }
    const ids = (await store.db.selectFrom('users').select(['id', 'nik']).execute()).reduce(
      (map, row) => map.set(row.nik, row.id),
      new Map<string, number>(),
    );
    const link = async (nik: string, company: number, branch?: number) => {
      const id = ids.get(nik)!;
      await store.db.insertInto('user_companies').values({ user_id: id, company_id: company }).execute();
      if (branch !== undefined) {
        await store.db
          .insertInto('user_branches')
          .values({ user_id: id, company_id: company, branch_id: branch })
          .execute();
      }
    };
    await link('S-1', 10, 100);
    await link('s-2', 10);
    await link('B-3', 20);
    await link('W-4', 10);
    await link('W-4', 20);
    return { ...setup, ids, link };
  }
  const niks = (users: ReadonlyArray<{ nik: string }>) => users.map((user) => user.nik);

  it('searches in any case with % literal, filters, sorts and pages as the list does', async () => {
    const { store, kasir } = await withUsers();
    const list = (params: Partial<UserListParams>) => listUsers(store, query(params), logoUrl);
    const sari = await list({ keyword: 'SARI' });
    expect(niks(sari.data)).toEqual(['s-2', 'S-1']);
    expect(sari.total).toBe(2);
    expect(niks((await list({ keyword: '0%' })).data)).toEqual(['W-4']);
    expect(niks((await list({ keyword: 'ri' })).data)).toEqual(['R-5', 's-2', 'S-1']);
    expect(niks((await list({ role_id: kasir })).data)).toEqual(['W-4', 's-2']);
    expect(niks((await list({ perusahaan_id: 20 })).data)).toEqual(['W-4', 'B-3']);
    expect(niks((await list({ cabang_id: 100 })).data)).toEqual(['S-1']);
    expect(niks((await list({ sortBy: 'nama' })).data)).toEqual([
      '100001',
      'B-3',
      'R-5',
      's-2',
      'S-1',
      'W-4',
    ]);
    const byRole = await list({ sortBy: 'role_name', sort: 'desc', perPage: 2, page: 2 });
    expect(niks(byRole.data)).toEqual(['S-1', '100001']);
    expect(byRole.total).toBe(6);
    const [wati] = (await list({ keyword: 'wati' })).data;
    expect(wati?.perusahaan.map((p) => [p.perusahaan_name, p.cabang.length])).toEqual([
      ['AP Dua', 0],
      ['AP Satu', 0],
    ]);
    expect((await findUser(store, wati!.id, logoUrl))?.perusahaan[0]?.perusahaan_logo_url).toBe(
      '/logo/b.svg',
    );
    const { total, slices } = await userSlices(store, { keyword: 'sari' }, logoUrl);
    const exported = [];
    for await (const slice of slices) exported.push(...slice);
    expect([total, niks(exported)]).toEqual([2, ['s-2', 'S-1']]);
  });

  it("a scoped actor lists and counts only their companies' users; another instance's write is seen at once", async () => {
    const { stores: instances, store, owner, link, ids } = await withUsers(2);
    const scoped = await insertRole(store, { name: 'Admin AP', position: 9, at: AT, adminScope: 'own' });
    await store.db.updateTable('users').set({ role_id: scoped }).where('nik', '=', 'R-5').execute();
    await link('R-5', 10);
    const actor = ids.get('R-5')!;
    const seen = async (target: Store) => {
      const result = await listUsers(target, query({}), logoUrl, await actorScopeOf(target, actor));
      return [result.total, niks(result.data)];
    };
    expect(await seen(store)).toEqual([3, ['R-5', 's-2', 'S-1']]);
    // Another instance moves Wati out of AP Dua: the first one's held count and companies follow.
    await instances[1]!.db
      .deleteFrom('user_companies')
      .where('user_id', '=', ids.get('W-4')!)
      .where('company_id', '=', 20)
      .execute();
    expect(await seen(store)).toEqual([4, ['R-5', 'W-4', 's-2', 'S-1']]);
    await instances[1]!.db
      .insertInto('user_companies')
      .values({ user_id: ids.get('W-4')!, company_id: 20 })
      .execute();
    const [wati] = (await listUsers(store, query({ keyword: 'wati' }), logoUrl)).data;
    expect(wati?.perusahaan.map((p) => p.perusahaan_name)).toEqual(['AP Dua', 'AP Satu']);
    await instances[1]!.db.deleteFrom('user_companies').where('user_id', '=', ids.get('W-4')!).execute();
    const [bare] = (await listUsers(store, query({ keyword: 'wati' }), logoUrl)).data;
    expect(bare?.perusahaan).toEqual([]);
    expect(owner).toBeGreaterThan(0);
  });
});

describe.each<StoreKind>(STORE_KINDS)('users in bulk on %s', (kind) => {
  const origin = { actor: { id: ACTOR, nik: '100001', name: 'Admin' }, ip: '127.0.0.1', userAgent: null };
  const NOW = Date.parse(AT);
  const stage = async (store: Store, rows: unknown[]) => {
    const token = `t${rows.length}${Math.random()}`;
    await store.db
      .insertInto('user_imports')
      .values({
        token,
        actor_id: ACTOR,
        created_at: Math.floor(NOW / 1000),
        update_existing: 1,
        unchanged: 0,
        rows: JSON.stringify(rows),
      })
      .execute();
    return token;
  };
  const row = (n: number, nik: string, roleId: number) => ({
    row: n,
    action: 'create',
    input: input(nik, roleId),
  });
  const events = async (store: Store) =>
    (await store.db.selectFrom('audit_events').select('action').execute()).map((e) => e.action);

  it('an import writes every row and its events, or nothing when one row went stale', async () => {
    const { store, owner, kasir } = await fixture(kind);
    const privilege = createPrivilege(store, { revokeUser: () => Promise.resolve() });
    // Row 3 gives Kasir, which the actor does not cover: 409, no user, no event, the check still open.
    const stale = await stage(store, [row(2, 'IMP-1', owner), row(3, 'IMP-2', kasir)]);
    expect(await outcome(commitImport(store, privilege, ACTOR, stale, NOW, origin))).toBe(
      `409 ${IMPORT_STALE_MESSAGE(3)}`,
    );
    expect(await store.db.selectFrom('users').select('nik').execute()).toEqual([{ nik: '100001' }]);
    expect(await events(store)).toEqual([]);
    const token = await stage(store, [row(2, 'IMP-1', owner), row(3, 'IMP-3', owner)]);
    const { result } = await commitImport(store, privilege, ACTOR, token, NOW, origin);
    expect([result.created, result.updated]).toEqual([2, 0]);
    expect(await events(store)).toEqual(['user.create', 'user.create']);
    expect(await outcome(commitImport(store, privilege, ACTOR, token, NOW, origin))).toMatch(
      /^409 Impor ini/,
    );
  });

  it("a check reads the file's rows against the store: new, a duplicate in any case, taken, a role out of reach; then commits", async () => {
    const { store } = await fixture(kind);
    const privilege = createPrivilege(store, { revokeUser: () => Promise.resolve() });
    const csv = [
      'NIK,Nama,Nomor HP,Email,Role,AP,Kode Unit,Unit',
      'CSV-1,Dewi Lestari,081234567001,,Pemilik,AP Satu,P,',
      'csv-1,Dewi Lagi,081234567002,,Pemilik,AP Satu,,',
      '100001,Admin,081234567003,,pemilik,ap satu,,',
      'CSV-4,Kasir Baru,081234567004,,Kasir,AP Satu,,',
    ].join('\n');
    const checked = await checkImport(store, privilege, ACTOR, Readable.from([csv]), false, NOW);
    expect(checked.rows.map((r) => [r.action, r.problems.length > 0])).toEqual([
      ['create', false],
      ['error', true],
      ['error', true],
      ['error', true],
    ]);
    expect(checked.rows[2]?.problems.join()).toMatch(/NIK sudah terdaftar/);
    const { result } = await commitImport(store, privilege, ACTOR, checked.token ?? '', NOW, origin);
    expect(result.created).toBe(1);
    expect((await listUsers(store, query({ keyword: 'csv-1' }), logoUrl)).data[0]?.perusahaan).toEqual([
      {
        perusahaan_id: 10,
        perusahaan_name: 'AP Satu',
        perusahaan_logo_url: '/logo/a.svg',
        cabang: [{ cabang_id: 100, cabang_name: 'Pusat', cabang_kode: 'P' }],
      },
    ]);
  });

  it('bulk role and AP changes: all or nothing, only what changed', async () => {
    const { store, owner, kasir } = await fixture(kind);
    const privilege = createPrivilege(store, { revokeUser: () => Promise.resolve() });
    const a = await privilege.guardUserCreate(ACTOR, (trx) =>
      createUser(trx, store.admin, input('A-1', owner), AT),
    );
    const b = await privilege.guardUserCreate(ACTOR, (trx) =>
      createUser(trx, store.admin, input('B-1', owner), AT),
    );
    expect(await outcome(changeRoles(store, privilege, ACTOR, [a, b], kasir, AT))).toMatch(/^403/);
    expect(await changeRoles(store, privilege, ACTOR, [a, b, ACTOR], owner, AT)).toEqual([]);
    const perusahaan = [{ perusahaan_id: 20, cabang: [] }];
    expect(await addCompanies(store, privilege, ACTOR, [a, b], perusahaan, AT)).toEqual([a, b]);
    // Already theirs: nothing added, nothing changed.
    expect(await addCompanies(store, privilege, ACTOR, [a, b], perusahaan, AT)).toEqual([]);
    expect(await revisionOf(store, a)).toBe(2);
    expect(await outcome(addCompanies(store, privilege, ACTOR, [a, 999], perusahaan, AT))).toMatch(/^404/);
  });
});

function privilegeSessions(revoked: number[]) {
  return {
    revokeUser: async (id: number) => {
      revoked.push(id);
    },
  };
}
