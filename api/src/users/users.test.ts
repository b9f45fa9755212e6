import {
  deleteResponseSchema,
  OWN_ACCOUNT_DELETE_MESSAGE,
  paths,
  userResponseSchema,
  type User,
  type UserListQuery,
  userListQuerySchema,
  userListResponseSchema,
} from '@sso/shared/contract';
import { createUserPayload } from '../test-support/factories';
import { branchesOf, call, listUsers, expectError, expectOk } from '../test-support/http';
import { adminRequests } from '../test-support/crud';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

const list = (query: UserListQuery = {}) => listUsers(t.app, t.token, query);
const { create, update, remove, bulkRemove, createOk } = adminRequests(
  t,
  paths.users,
  { query: userListQuerySchema, list: userListResponseSchema, created: userResponseSchema },
  createUserPayload,
);

describe('GET users/list', () => {
  it('pages newest first with meta.total and the spec fields', async () => {
    const body = await list();
    expect(body.meta.total).toBeGreaterThanOrEqual(60);
    expect(body.data).toHaveLength(10);
    const [first] = body.data;
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'color_hex_code',
        'email',
        'id',
        'is_active',
        'last_login_at',
        'nama',
        'nik',
        'perusahaan',
        'phone',
        'role_id',
        'role_name',
      ].sort(),
    );
    const company = body.data.flatMap((u) => u.perusahaan)[0];
    expect(company?.perusahaan_logo_url).toMatch(/^http:\/\/api\.test\/static\/logos\/company-\d+\.svg$/);
    expect(company?.cabang[0]?.cabang_kode).toMatch(/^[A-Z]{3}\d+$/);
  });

  it('pages with LIMIT/OFFSET: pages do not overlap and a page past the end is empty', async () => {
    const page1 = await list({ page: 1, perPage: 5 });
    const page2 = await list({ page: 2, perPage: 5 });
    expect(page2.data).toHaveLength(5);
    expect(page1.data.map((u) => u.id)).not.toEqual(expect.arrayContaining(page2.data.map((u) => u.id)));
    const far = await list({ page: 999, perPage: 10 });
    expect(far.data).toEqual([]);
    expect(far.meta.total).toBe(page1.meta.total);
    const all = await list({ perPage: 10_000 });
    expect(all.data).toHaveLength(all.meta.total);
  });

  it('searches nama, nik and phone, case-insensitively', async () => {
    expect((await list({ keyword: 'ADMINISTRATOR' })).data.map((u) => u.nik)).toEqual(['100001']);
    expect((await list({ keyword: '100001' })).data.map((u) => u.nik)).toContain('100001');
    const someone = (await list({ page: 3 })).data[0];
    expect((await list({ keyword: someone?.phone ?? '-' })).data.map((u) => u.id)).toContain(someone?.id);
    expect((await list({ keyword: '081234567890' })).data.map((u) => u.nik)).toEqual(['100001']);
  });

  it('treats %, _ and SQL-ish keywords as plain text', async () => {
    expect((await list({ keyword: '%' })).meta.total).toBe(0);
    expect((await list({ keyword: '_' })).meta.total).toBe(0);
    expect((await list({ keyword: "' OR 1=1 --" })).meta.total).toBe(0);
    expect((await list({ keyword: '" ; DROP TABLE users; --' })).meta.total).toBe(0);
    expect((await list()).meta.total).toBeGreaterThan(0);
  });

  it('sorts by a whitelisted column in either direction', async () => {
    const names = (users: User[]) => users.map((u) => u.nama.toLowerCase());
    const asc = names((await list({ sortBy: 'nama', sort: 'asc', perPage: 100 })).data);
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = names((await list({ sortBy: 'nama', sort: 'DESC', perPage: 100 })).data);
    expect(desc).toEqual([...asc].reverse().sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const byRole = (await list({ sortBy: 'role_name', perPage: 100 })).data.map((u) =>
      u.role_name.toLowerCase(),
    );
    expect(byRole).toEqual([...byRole].sort());
  });

  it('pages by role name exactly like one big sorted list, in both directions and with filters', async () => {
    for (const query of [
      { sortBy: 'role_name' },
      { sortBy: 'role_name', sort: 'desc' },
      { sortBy: 'role_name', perusahaan_id: 2 },
    ] as const) {
      const all = (await list({ ...query, perPage: 1000 })).data;
      const keys = all.map((u) => u.role_name.toLowerCase());
      const sorted = [...keys].sort();
      expect(keys).toEqual(query.sort === 'desc' ? sorted.reverse() : sorted);
      const pages = [];
      for (let page = 1; page <= Math.ceil(all.length / 7); page += 1) {
        pages.push(...(await list({ ...query, perPage: 7, page })).data);
      }
      expect(pages.map((u) => u.id)).toEqual(all.map((u) => u.id));
    }
  });

  it('filters by role, company and unit', async () => {
    expect((await list({ role_id: 1 })).data.map((u) => u.nik)).toEqual(['100001']);
    const byCompany = await list({ perusahaan_id: 2, perPage: 100 });
    expect(byCompany.meta.total).toBeGreaterThan(0);
    expect(byCompany.data.every((u) => u.perusahaan.some((p) => p.perusahaan_id === 2))).toBe(true);
    const [branch] = await branchesOf(t.app, t.token, 2);
    const byBranch = await list({ cabang_id: branch ?? 0, perPage: 100 });
    expect(
      byBranch.data.every((u) => u.perusahaan.some((p) => p.cabang.some((c) => c.cabang_id === branch))),
    ).toBe(true);
    expect((await list({ perusahaan_id: '', role_id: '' })).meta.total).toBeGreaterThan(0);
  });

  it.each([
    [{ page: 'abc' }, 'page'],
    [{ page: 0 }, 'page'],
    [{ perPage: 0 }, 'perPage'],
    [{ perPage: 100_001 }, 'perPage'],
    [{ sortBy: 'password_hash' }, 'sortBy'],
    [{ sort: 'sideways' }, 'sort'],
    [{ role_id: 'x' }, 'role_id'],
    [{ keyword: 'k'.repeat(101) }, 'keyword'],
  ])('answers 422 for %j', async (query, field) => {
    const error = expectError(await call(t.app, 'GET', paths.users.list, { token: t.token, query }), 422);
    expect(error.errors?.[field]).toBeDefined();
  });
});

describe('POST users', () => {
  it('creates a user (no password) and lists it first', async () => {
    const [branch = 0] = await branchesOf(t.app, t.token, 1);
    const payload = createUserPayload({
      nama: 'Budi Baru',
      perusahaan: [
        { perusahaan_id: 1, perusahaan_name: 'x', cabang: [{ cabang_id: branch, cabang_name: 'x' }] },
      ],
    });
    const body = expectOk(await create(payload), userResponseSchema, 201);
    expect(body.message).toBe('User berhasil ditambahkan');
    expect(body.data).toMatchObject({ nama: 'Budi Baru', nik: payload.nik, role_id: 2, role_name: 'Admin' });
    expect(body.data.perusahaan[0]?.cabang.map((c) => c.cabang_id)).toEqual([branch]);
    expect((await list()).data[0]?.id).toBe(body.data.id);
  });

  it('answers the spec messages for missing fields', async () => {
    const error = expectError(await create({}), 422);
    expect(error.errors).toMatchObject({
      nama: 'Nama tidak boleh kosong',
      nik: 'NIK tidak boleh kosong',
      phone: 'Nomor HP tidak boleh kosong',
      role_ids: 'Role harus dipilih',
      perusahaan: 'Minimal pilih 1 AP',
    });
    expect(expectError(await create(createUserPayload({ role_ids: [] })), 422).errors?.role_ids).toBe(
      'Role harus dipilih',
    );
    expect(expectError(await create(createUserPayload({ perusahaan: [] })), 422).errors?.perusahaan).toBe(
      'Minimal pilih 1 AP',
    );
  });

  it('answers 409 errors.nik for a NIK already registered', async () => {
    const error = expectError(await create(createUserPayload({ nik: '100001' })), 409);
    expect(error.errors?.nik).toBe('NIK sudah terdaftar');
  });

  it('answers 422 for unknown role, company, or a unit of another company', async () => {
    expect(expectError(await create(createUserPayload({ role_ids: [999] })), 422).errors?.role_ids).toBe(
      'Role tidak ditemukan',
    );
    expectError(await create(createUserPayload({ perusahaan: [{ perusahaan_id: 999, cabang: [] }] })), 422);
    const [foreign = 0] = await branchesOf(t.app, t.token, 2);
    const error = expectError(
      await create(
        createUserPayload({ perusahaan: [{ perusahaan_id: 1, cabang: [{ cabang_id: foreign }] }] }),
      ),
      422,
    );
    expect(error.errors?.perusahaan).toMatch(/bukan milik AP 1/);
  });

  it.each([
    ['role_ids as text', { role_ids: '2' }, 'role_ids'],
    ['nama as number', { nama: 12 }, 'nama'],
    ['perusahaan as text', { perusahaan: 'PT' }, 'perusahaan'],
    [
      'company id as text',
      { perusahaan: [{ perusahaan_id: 'satu', cabang: [] }] },
      'perusahaan.0.perusahaan_id',
    ],
    ['bad email', { email: 'bukan-email' }, 'email'],
    ['bad phone', { phone: 'telepon' }, 'phone'],
    ['very long nama', { nama: 'x'.repeat(20_000) }, 'nama'],
  ])('answers 422 for %s', async (_name, overrides, field) => {
    const error = expectError(await create({ ...createUserPayload(), ...overrides }), 422);
    expect(error.errors?.[field]).toBeDefined();
  });

  it('stores SQL-ish text literally', async () => {
    const nama = "Robert'); DROP TABLE users; --";
    expect((await createOk({ nama })).nama).toBe(nama);
    expect((await list({ keyword: 'DROP TABLE' })).data.map((u) => u.nama)).toEqual([nama]);
  });
});

describe('PATCH users/{id}', () => {
  it('changes role and companies', async () => {
    const user = await createOk();
    const body = expectOk(
      await update(user.id, {
        ...createUserPayload({ nik: user.nik }),
        role_ids: [3],
        perusahaan: [{ perusahaan_id: 2, cabang: [] }],
      }),
      userResponseSchema,
    );
    expect(body.message).toBe('User berhasil diperbarui');
    expect(body.data).toMatchObject({ id: user.id, role_id: 3, role_name: 'Viewer' });
    expect(body.data.perusahaan.map((p) => p.perusahaan_id)).toEqual([2]);
  });

  it('keeps what a partial payload leaves out', async () => {
    const user = await createOk();
    const body = expectOk(await update(user.id, { role_ids: [4] }), userResponseSchema);
    expect(body.data.perusahaan).toEqual(user.perusahaan);
    expect(body.data.nama).toBe(user.nama);
  });

  it('answers 404 for unknown or non-numeric ids, 409 for a taken NIK, 422 for bad fields', async () => {
    expectError(await update(999_999, createUserPayload()), 404);
    expectError(await update('abc', createUserPayload()), 404);
    const user = await createOk();
    expect(expectError(await update(user.id, { nik: '100001' }), 409).errors?.nik).toBe(
      'NIK sudah terdaftar',
    );
    expectError(await update(user.id, { role_ids: ['x'] }), 422);
  });
});

describe('DELETE users', () => {
  it('deletes one user, then answers 404 for it', async () => {
    const user = await createOk();
    const body = expectOk(await remove(user.id), deleteResponseSchema);
    expect(body.message).toBe('User berhasil dihapus');
    expect(body.data).toEqual({ ids: [user.id], deleted: 1 });
    expectError(await remove(user.id), 404);
    expectError(await remove('abc'), 404);
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await createOk();
    const b = await createOk();
    expectError(await bulkRemove({ ids: [a.id, 999_999] }), 404);
    expect((await list({ keyword: a.nik })).meta.total).toBe(1);
    const body = expectOk(await bulkRemove({ ids: [a.id, b.id] }), deleteResponseSchema);
    expect(body.data.deleted).toBe(2);
    expect((await list({ keyword: a.nik })).meta.total).toBe(0);
  });

  it('refuses to delete the account in use', async () => {
    expect(expectError(await remove(1), 403).message).toBe(OWN_ACCOUNT_DELETE_MESSAGE);
    expect(expectError(await bulkRemove({ ids: [1] }), 403).message).toBe(OWN_ACCOUNT_DELETE_MESSAGE);
  });

  it.each([[{ ids: [] }], [{ ids: 'semua' }], [{ ids: [0] }], [{}], [undefined]])(
    'bulk answers 422 for %j',
    async (body) => {
      expectError(await bulkRemove(body), 422);
    },
  );

  it('requires the bearer', async () => {
    expectError(await call(t.app, 'DELETE', paths.users.remove(2)), 401);
    expectError(await call(t.app, 'POST', paths.users.create, { body: createUserPayload() }), 401);
  });
});

describe('GET users/list created_from (Home: users added in the last 7 days)', () => {
  it('counts the users created at or after a time; a bad time is 422', async () => {
    const now = new Date(t.clock()).toISOString();
    const before = (await list({ created_from: now })).meta.total;
    await createOk();
    expect((await list({ created_from: now })).meta.total).toBe(before + 1);
    expect((await list({ created_from: '2999-01-01T00:00:00Z' })).meta.total).toBe(0);
    expect((await list({ created_from: '2000-01-01T00:00:00Z' })).meta.total).toBe((await list()).meta.total);
    expectError(
      await call(t.app, 'GET', paths.users.list, { token: t.token, query: { created_from: 'kemarin' } }),
      422,
    );
  });
});
