/**
 * Peta Akses (issue 32, ADR 0025): both directions, the filters, sort and paging, the CSV, and the
 * administration scope (the seed's "Admin AP", NIK 100006, of PT Arta Boga Cemerlang only, against
 * the group-wide Super Admin). Expected rows are derived from the users list and the roles' grants.
 */
import {
  accessMapOptionsSchema,
  accessMapPaths,
  accessMapPersonResponseSchema,
  accessMapPlaceListSchema,
  paths,
  type AccessMapPlaceRow,
  type User,
} from '@sso/shared/contract';
import { createUserPayload } from '../test-support/factories';
import { call, csvLines, expectError, expectOk, listUsers, openSession } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp({ seedUsers: 120 });
const SCOPED = { nik: '100006', password: 'password123' } as const;
const VIEWER = { nik: '100002', password: 'password123' } as const;
/** PT Arta Boga Cemerlang: the second company of the seed. */
const ARTA = 2;
/** Seed roles: Super Admin owns Peta Akses, Admin and Admin AP view it, no other role has it. */
const SUPER_ADMIN = 1;
const ADMIN = 2;
const ADMIN_AP = 8;
let scoped = '';
let everyone: User[] = [];
let options: ReturnType<typeof accessMapOptionsSchema.parse>['data'];

const query = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

async function place(token: string, q: Record<string, string | number | undefined>) {
  return expectOk(
    await call(t.app, 'GET', accessMapPaths.byPlace, { token, query: query({ perPage: 100, ...q }) }),
    accessMapPlaceListSchema,
  );
}

const menuOf = (appId: number, name: string) => {
  const app = options.applications.find((a) => a.id === appId);
  for (const menu of app?.menus ?? []) {
    if (menu.name === name) return menu.id;
    const child = menu.children.find((c) => c.name === name);
    if (child) return child.id;
  }
  throw new Error(`no menu ${name}`);
};

const within = (user: User) =>
  user.perusahaan.length > 0 && user.perusahaan.every((company) => company.perusahaan_id === ARTA);

beforeAll(async () => {
  scoped = (await openSession(t.app, SCOPED)).accessToken;
  everyone = (await listUsers(t.app, t.token, { perPage: 10_000 })).data;
  options = expectOk(
    await call(t.app, 'GET', accessMapPaths.options, { token: t.token }),
    accessMapOptionsSchema,
  ).data;
});

describe('by place', () => {
  it("lists every user whose role reaches Peta Akses, with the role's level", async () => {
    const menu = menuOf(1, 'Peta Akses');
    const { data, meta } = await place(t.token, { app: 1, menu });
    const expected = everyone.filter((u) => [SUPER_ADMIN, ADMIN, ADMIN_AP].includes(u.role_id));
    expect(meta.total).toBe(expected.length);
    expect(new Set(data.map((r) => r.user_id))).toEqual(new Set(expected.map((u) => u.id)));
    for (const row of data) expect(row.level).toBe(row.role_id === SUPER_ADMIN ? 1 : 3);
  });

  it('reaches a sub-menu only through a role that grants it (HRIS › Karyawan › Data Karyawan)', async () => {
    const menu = menuOf(2, 'Data Karyawan');
    const { data } = await place(t.token, { app: 2, menu, perPage: 100 });
    // HRIS: Super Admin and HR Manager owners, Admin, Admin AP modifiers, Viewer and Admin User viewers.
    const levels = new Map([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 1],
      [7, 3],
      [8, 2],
    ]);
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect(row.level).toBe(levels.get(row.role_id));
    expect(data.some((r) => r.role_id === 5 || r.role_id === 6)).toBe(false);
  });

  it('filters by level, role, AP and keyword', async () => {
    const app = { app: 1, menu: menuOf(1, 'Peta Akses') };
    const owners = await place(t.token, { ...app, level: 1 });
    expect(owners.data.length).toBeGreaterThan(0);
    expect(owners.data.every((r) => r.role_id === SUPER_ADMIN && r.level === 1)).toBe(true);
    const admins = await place(t.token, { ...app, role_id: ADMIN });
    expect(admins.data.every((r) => r.role_id === ADMIN)).toBe(true);
    expect(admins.meta.total).toBe(everyone.filter((u) => u.role_id === ADMIN).length);
    const arta = await place(t.token, { ...app, perusahaan_id: ARTA });
    const artaIds = new Set(
      everyone
        .filter((u) => [1, 2, 8].includes(u.role_id) && u.perusahaan.some((c) => c.perusahaan_id === ARTA))
        .map((u) => u.id),
    );
    expect(new Set(arta.data.map((r) => r.user_id))).toEqual(artaIds);
    const someone = owners.data[0] as AccessMapPlaceRow;
    const found = await place(t.token, { ...app, keyword: someone.nik });
    expect(found.data.map((r) => r.user_id)).toEqual([someone.user_id]);
    // Nobody reaches it at a level the roles do not give.
    expect((await place(t.token, { ...app, level: 2 })).meta.total).toBe(0);
  });

  it('sorts and pages on the server: pages follow each other without overlap', async () => {
    const app = { app: 2 };
    const all = await place(t.token, { ...app, sortBy: 'nama', sort: 'desc', perPage: 100 });
    const names = all.data.map((r) => r.nama.toLocaleLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const first = await place(t.token, { ...app, sortBy: 'nama', sort: 'desc', perPage: 7, page: 1 });
    const second = await place(t.token, { ...app, sortBy: 'nama', sort: 'desc', perPage: 7, page: 2 });
    expect([...first.data, ...second.data].map((r) => r.user_id)).toEqual(
      all.data.slice(0, 14).map((r) => r.user_id),
    );
    const byLevel = await place(t.token, { ...app, sortBy: 'level', perPage: 100 });
    const levels = byLevel.data.map((r) => r.level ?? 4);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    // Paged by level too: page 2 starts where page 1 ended.
    const p1 = await place(t.token, { ...app, sortBy: 'level', perPage: 9, page: 1 });
    const p2 = await place(t.token, { ...app, sortBy: 'level', perPage: 9, page: 2 });
    expect([...p1.data, ...p2.data].map((r) => r.user_id)).toEqual(
      byLevel.data.slice(0, 18).map((r) => r.user_id),
    );
    const byRole = await place(t.token, { ...app, sortBy: 'role', perPage: 100 });
    const roles = byRole.data.map((r) => r.role_name);
    expect(roles).toEqual([...roles].sort((a, b) => a.localeCompare(b, 'id')));
  });

  it('answers 404 for an unknown application or a menu of another one, 422 without an application', async () => {
    expectError(
      await call(t.app, 'GET', accessMapPaths.byPlace, { token: t.token, query: { app: '999' } }),
      404,
    );
    const other = menuOf(3, 'Jurnal');
    expectError(
      await call(t.app, 'GET', accessMapPaths.byPlace, {
        token: t.token,
        query: { app: '2', menu: String(other) },
      }),
      404,
    );
    expectError(await call(t.app, 'GET', accessMapPaths.byPlace, { token: t.token, query: {} }), 422);
    expectError(
      await call(t.app, 'GET', accessMapPaths.byPlace, { token: t.token, query: { app: '1', level: '7' } }),
      422,
    );
  });

  it('is refused to a role without Peta Akses (Viewer)', async () => {
    const viewer = (await openSession(t.app, VIEWER)).accessToken;
    expectError(
      await call(t.app, 'GET', accessMapPaths.byPlace, { token: viewer, query: { app: '1' } }),
      403,
    );
    expectError(await call(t.app, 'GET', accessMapPaths.options, { token: viewer }), 403);
  });
});

describe('within the administration scope', () => {
  it('shows a scoped reader only users all of whose APs are theirs', async () => {
    const { data, meta } = await place(scoped, { app: 2 });
    const byId = new Map(everyone.map((u) => [u.id, u]));
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect(within(byId.get(row.user_id) as User)).toBe(true);
    const expected = everyone.filter((u) => within(u) && [1, 2, 3, 4, 7, 8].includes(u.role_id));
    expect(meta.total).toBe(expected.length);
  });

  it('gives an empty answer, not an error, for a filter naming another AP', async () => {
    const other = await place(scoped, { app: 2, perusahaan_id: 1 });
    expect(other.meta.total).toBe(0);
    expect(other.data).toEqual([]);
  });

  it('offers a scoped reader only their APs and units among the filters', async () => {
    const mine = expectOk(
      await call(t.app, 'GET', accessMapPaths.options, { token: scoped }),
      accessMapOptionsSchema,
    );
    expect(mine.data.companies.map((c) => c.id)).toEqual([ARTA]);
    expect(options.companies.length).toBeGreaterThan(1);
  });

  it('answers "User tidak ditemukan" for a person outside the scope, as for an unknown id', async () => {
    const outside = everyone.find((u) => !within(u)) as User;
    const inside = everyone.find((u) => within(u) && u.nik !== SCOPED.nik) as User;
    const refused = expectError(
      await call(t.app, 'GET', accessMapPaths.byPerson(outside.id), { token: scoped }),
      404,
    );
    expect(refused.message).toBe('User tidak ditemukan');
    expectError(await call(t.app, 'GET', accessMapPaths.byPersonExport(outside.id), { token: scoped }), 404);
    expectError(await call(t.app, 'GET', accessMapPaths.byPerson(99_999_999), { token: t.token }), 404);
    expectOk(
      await call(t.app, 'GET', accessMapPaths.byPerson(inside.id), { token: scoped }),
      accessMapPersonResponseSchema,
    );
    const people = (await call(t.app, 'GET', accessMapPaths.people, { token: scoped })).json() as {
      data: Array<{ id: number }>;
    };
    const byId = new Map(everyone.map((u) => [u.id, u]));
    for (const person of people.data) expect(within(byId.get(person.id) as User)).toBe(true);
  });

  it('keeps the CSV within the scope whatever the query asks', async () => {
    const outside = everyone.filter((u) => !within(u));
    const csv = await call(t.app, 'GET', accessMapPaths.byPlaceExport, {
      token: scoped,
      query: { app: '2' },
    });
    expect(csv.statusCode).toBe(200);
    for (const user of outside) expect(csv.body).not.toContain(`\r\n${user.nik},`);
    const widened = await call(t.app, 'GET', accessMapPaths.byPlaceExport, {
      token: scoped,
      query: { app: '2', perusahaan_id: '1', perPage: '100000', page: '1' },
    });
    expect(csvLines(widened.body)).toHaveLength(1);
  });
});

describe('by person', () => {
  it("lists every application, menu and sub-menu of the user's role with its level", async () => {
    const admin = everyone.find((u) => u.nik === '100001') as User;
    const { data, meta } = expectOk(
      await call(t.app, 'GET', accessMapPaths.byPerson(admin.id), {
        token: t.token,
        query: { perPage: '100' },
      }),
      accessMapPersonResponseSchema,
    );
    expect(meta.user.nik).toBe('100001');
    expect(data.every((r) => r.role_name === 'Super Admin')).toBe(true);
    expect(data.find((r) => r.menu_name === 'Peta Akses')?.level).toBe(1);
    expect(data.filter((r) => r.menu_id === null).map((r) => r.app_id)).toEqual([1, 2, 3, 4, 5]);
    const sub = data.find((r) => r.menu_name === 'Data Karyawan');
    expect(sub?.parent_name).toBe('Karyawan');
    const viewerOnly = expectOk(
      await call(t.app, 'GET', accessMapPaths.byPerson(admin.id), {
        token: t.token,
        query: { app: '2', level: '1' },
      }),
      accessMapPersonResponseSchema,
    );
    expect(viewerOnly.data.every((r) => r.app_id === 2 && r.level === 1)).toBe(true);
    const paged = expectOk(
      await call(t.app, 'GET', accessMapPaths.byPerson(admin.id), {
        token: t.token,
        query: { perPage: '5', page: '2' },
      }),
      accessMapPersonResponseSchema,
    );
    expect(paged.data).toEqual(data.slice(5, 10));
    expect(paged.meta.total).toBe(data.length);
  });

  it('exports the rows as CSV with the BOM and the header', async () => {
    const admin = everyone.find((u) => u.nik === '100001') as User;
    const csv = await call(t.app, 'GET', accessMapPaths.byPersonExport(admin.id), {
      token: t.token,
      query: { app: '1' },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe('NIK,Nama,Aplikasi,Menu,Sub-menu,Level,Role');
    expect(lines.some((line) => line.includes('Peta Akses') && line.includes('Owner'))).toBe(true);
    expect(lines.slice(1).every((line) => line.includes('SSO Admin Panel'))).toBe(true);
  });

  it('exports exactly the filtered rows by place, BOM first, a formula name neutralised', async () => {
    const created = await call(t.app, 'POST', paths.users.create, {
      token: t.token,
      body: createUserPayload({ nama: '=HYPERLINK("x"), "Budi"', role_ids: [ADMIN] }),
    });
    expect(created.statusCode).toBe(201);
    const filters = { app: '1', menu: String(menuOf(1, 'Peta Akses')), role_id: String(ADMIN) };
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}/api/v1/sso${accessMapPaths.byPlaceExport}?${new URLSearchParams(filters)}`;
    const raw = Buffer.from(
      await (await fetch(url, { headers: { authorization: `Bearer ${t.token}` } })).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = raw.subarray(3).toString('utf8');
    const lines = body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('NIK,Nama,Status,AP,Role,Level,Tempat');
    const list = await place(t.token, { ...filters, perPage: 100 });
    expect(lines.length - 1).toBe(list.meta.total);
    expect(body).toContain(`,"'=HYPERLINK(""x""), ""Budi""",`);
    expect(lines.slice(1).every((line) => line.includes(',Admin,Viewer,SSO Admin Panel › Peta Akses'))).toBe(
      true,
    );
  });
});
