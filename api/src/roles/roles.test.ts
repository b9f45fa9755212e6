import {
  deleteResponseSchema,
  menuWithChildResponseSchema,
  paths,
  roleListResponseSchema,
  roleOptionsResponseSchema,
  roleResponseSchema,
  roleListQuerySchema,
} from '@sso/shared/contract';
import { createRolePayload, createUserPayload } from '../test-support/factories';
import { call, expectError, expectOk } from '../test-support/http';
import { adminRequests } from '../test-support/crud';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

const { list, create, update, remove, bulkRemove, createOk } = adminRequests(
  t,
  paths.roles,
  { query: roleListQuerySchema, list: roleListResponseSchema, created: roleResponseSchema },
  createRolePayload,
);

/** The HRIS menu tree, to build grants from real ids. */
async function hrisMenus() {
  const reply = await call(t.app, 'GET', paths.reference.menuWithChild, {
    token: t.token,
    query: { apps_id: 2 },
  });
  return expectOk(reply, menuWithChildResponseSchema).data;
}

describe('GET role/list and role/all', () => {
  it('lists roles with colour, member_count and granted apps with menus (acces_level)', async () => {
    const body = await list({ perPage: 100 });
    expect(body.meta.total).toBeGreaterThanOrEqual(6);
    const superAdmin = body.data.find((r) => r.name === 'Super Admin');
    expect(superAdmin?.member_count).toBe(1);
    expect(superAdmin?.color.hex_code).toMatch(/^#[0-9a-f]{6}$/);
    expect(superAdmin?.applications.map((a) => a.apps_id)).toEqual([1, 2, 3, 4, 5]);
    const panel = superAdmin?.applications[0];
    expect(panel?.apps_name).toBe('SSO Admin Panel');
    expect(panel?.menus[1]).toMatchObject({ name: 'User Management', acces_level: 1 });
    expect(panel?.menus[1]?.children.map((c) => c.name)).toEqual(['Daftar User', 'Tambah User']);
    const total = body.data.reduce((sum, r) => sum + r.member_count, 0);
    expect(total).toBeGreaterThanOrEqual(60);
  });

  it('filters by application through perusahaan_id, searches and pages', async () => {
    const finance = await list({ perusahaan_id: 3, perPage: 100 });
    expect(finance.data.length).toBeGreaterThan(0);
    expect(finance.data.every((r) => r.applications.some((a) => a.apps_id === 3))).toBe(true);
    expect((await list({ keyword: 'super' })).data.map((r) => r.name)).toEqual(['Super Admin']);
    expect((await list({ keyword: "'; DELETE FROM roles; --" })).meta.total).toBe(0);
    const page = await list({ perPage: 2, page: 2, sortBy: 'name' });
    expect(page.data).toHaveLength(2);
    const byName = (await list({ sortBy: 'name', perPage: 100 })).data.map((r) => r.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
  });

  it('sorts by name or member count in either direction, ties by id, the same across pages', async () => {
    const byName = (await list({ sortBy: 'name', sort: 'desc', perPage: 100 })).data.map((r) =>
      r.name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort().reverse());
    for (const sort of ['asc', 'desc'] as const) {
      const all = (await list({ sortBy: 'member_count', sort, perPage: 100 })).data;
      const keys = all.map((r) => [r.member_count, r.id] as const);
      const sign = sort === 'asc' ? 1 : -1;
      expect(keys).toEqual([...keys].sort((a, b) => sign * (a[0] - b[0] || a[1] - b[1])));
      const pages = [];
      for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
        pages.push(...(await list({ sortBy: 'member_count', sort, perPage: 3, page })).data);
      }
      expect(pages.map((r) => r.id)).toEqual(all.map((r) => r.id));
    }
  });

  it('answers 422 for bad queries', async () => {
    expectError(
      await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { sortBy: 'color; DROP' } }),
      422,
    );
    expectError(
      await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { sort: 'sideways' } }),
      422,
    );
    expectError(
      await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perusahaan_id: 'x' } }),
      422,
    );
  });

  it('role/all lists id, name and colour of every role, by name', async () => {
    const body = expectOk(
      await call(t.app, 'GET', paths.roles.all, { token: t.token }),
      roleOptionsResponseSchema,
    );
    const names = body.data.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual([
      'admin_scope',
      'assignable',
      'color',
      'id',
      'name',
    ]);
    // The administrator (Super Admin) covers every role.
    expect(body.data.every((r) => r.assignable)).toBe(true);
  });
});

describe('POST role/create', () => {
  it('creates a role with menu grants; access level defaults to viewer', async () => {
    const [menu] = await hrisMenus();
    const child = menu?.menu[0];
    const role = await createOk({
      name: 'Pengelola HR',
      applications: [
        { apps_id: 2, menus: [{ id: menu?.id ?? 0, access_level: 2, children: [{ id: child?.id ?? 0 }] }] },
      ],
    });
    expect(role).toMatchObject({ name: 'Pengelola HR', member_count: 0, color: { id: 3 } });
    expect(role.applications[0]?.menus[0]).toMatchObject({ id: menu?.id, acces_level: 2 });
    expect(role.applications[0]?.menus[0]?.children).toEqual([
      { id: child?.id, key: null, name: child?.name, acces_level: 3 },
    ]);
    expect((await list({ keyword: 'Pengelola HR' })).meta.total).toBe(1);
  });

  it('answers 409 for a duplicate name, ignoring case and spaces', async () => {
    const error = expectError(await create(createRolePayload({ name: '  super ADMIN ' })), 409);
    expect(error.errors?.name).toBe('Nama role sudah digunakan');
  });

  it('answers 422 with field errors for missing or wrong fields', async () => {
    const error = expectError(await create({}), 422);
    expect(error.errors).toMatchObject({
      name: 'Nama role tidak boleh kosong',
      color_id: 'Warna harus dipilih',
      applications: 'Minimal pilih 1 aplikasi',
    });
    expectError(await create(createRolePayload({ color_id: 999 })), 422);
    expectError(await create(createRolePayload({ applications: [{ apps_id: 999, menus: [] }] })), 422);
    expectError(await create({ ...createRolePayload(), name: 'n'.repeat(10_000) }), 422);
    expectError(await create({ ...createRolePayload(), color_id: '3' }), 422);
  });

  it('refuses menus of another app, children of another menu and bad levels', async () => {
    const [first, second] = await hrisMenus();
    const bad = (menus: unknown) => create({ ...createRolePayload(), applications: [{ apps_id: 3, menus }] });
    expectError(await bad([{ id: first?.id, access_level: 1 }]), 422);
    const wrongChild = [{ id: first?.id, children: [{ id: second?.menu[0]?.id }] }];
    expectError(
      await create({ ...createRolePayload(), applications: [{ apps_id: 2, menus: wrongChild }] }),
      422,
    );
    const badLevel = [{ id: first?.id, access_level: 4 }];
    expectError(
      await create({ ...createRolePayload(), applications: [{ apps_id: 2, menus: badLevel }] }),
      422,
    );
  });
});

describe('PATCH role/update/{id}', () => {
  it('updates name, colour and grants', async () => {
    const role = await createOk();
    const body = expectOk(
      await update(role.id, {
        name: 'Nama Baru',
        descriptions: null,
        color_id: 5,
        applications: [{ apps_id: 4, menus: [] }],
      }),
      roleResponseSchema,
    );
    expect(body.message).toBe('Role berhasil diperbarui');
    expect(body.data).toMatchObject({ name: 'Nama Baru', color: { id: 5 } });
    expect(body.data.applications.map((a) => a.apps_id)).toEqual([4]);
  });

  it('keeps its own name and answers 409 for another role name, 404 for unknown ids', async () => {
    const role = await createOk();
    expectOk(await update(role.id, { name: role.name.toUpperCase() }), roleResponseSchema);
    expectError(await update(role.id, { name: 'Viewer' }), 409);
    expectError(await update(99_999, createRolePayload()), 404);
    expectError(await update('x', createRolePayload()), 404);
  });
});

describe('DELETE roles', () => {
  it('deletes a role without members, then answers 404', async () => {
    const role = await createOk();
    const body = expectOk(await remove(role.id), deleteResponseSchema);
    expect(body.message).toBe('Role berhasil dihapus');
    expectError(await remove(role.id), 404);
  });

  it('refuses (409) to delete a role that still has members', async () => {
    const role = await createOk();
    await call(t.app, 'POST', paths.users.create, {
      token: t.token,
      body: createUserPayload({ role_ids: [role.id] }),
    });
    const error = expectError(await remove(role.id), 409);
    expect(error.message).toMatch(/masih digunakan/);
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await createOk();
    const b = await createOk();
    expectError(await bulkRemove({ ids: [a.id, 1] }), 409);
    expectError(await bulkRemove({ ids: [a.id, 99_999] }), 404);
    expect(expectOk(await bulkRemove({ ids: [a.id, b.id] }), deleteResponseSchema).data.deleted).toBe(2);
    expectError(await bulkRemove({ ids: [] }), 422);
    expectError(await bulkRemove({ ids: ['a'] }), 422);
  });
});
