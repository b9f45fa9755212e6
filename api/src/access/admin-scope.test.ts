/**
 * Administration per company (issue 32, ADR 0022): the scoped administrator of the seed (NIK
 * 100006, role "Admin AP", scope "AP pengguna sendiri", linked to PT Arta Boga Cemerlang only)
 * against the group-wide administrator, rule by rule: list, filters and counts, detail, writes,
 * bulk, import, lifecycle, Log Aktivitas and both CSVs.
 */
import {
  OUTSIDE_SCOPE_MESSAGE,
  SCOPE_ESCALATION_MESSAGE,
  auditPaths,
  employeeSearchResponseSchema,
  twoStepPaths,
  paths,
  roleOptionsResponseSchema,
  USER_CSV_COLUMNS,
  userBulkPaths,
  userResponseSchema,
  type User,
} from '@sso/shared/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import { createUserPayload } from '../test-support/factories';
import { call, csvLines, expectError, expectOk, listUsers, openSession } from '../test-support/http';
import { openTestStore, useAdminTestApp } from '../test-support/test-app';
import { createAccount } from '../test-support/accounts';

const t = useAdminTestApp({ seedUsers: 120 });
const SCOPED = { nik: '100006', password: 'password123' } as const;
/** PT Arta Boga Cemerlang: the second company of the seed. */
const ARTA = 2;
let scoped = '';

beforeAll(async () => {
  scoped = (await openSession(t.app, SCOPED)).accessToken;
});

const within = (user: User) =>
  user.perusahaan.length > 0 && user.perusahaan.every((company) => company.perusahaan_id === ARTA);

async function everyone(): Promise<User[]> {
  return (await listUsers(t.app, t.token, { perPage: 10_000 })).data;
}

async function sample() {
  const all = await everyone();
  const inside = all.filter((user) => within(user) && user.nik !== SCOPED.nik);
  const mixed = all.filter((user) => user.perusahaan.some((c) => c.perusahaan_id === ARTA) && !within(user));
  const outside = all.filter((user) => !user.perusahaan.some((c) => c.perusahaan_id === ARTA));
  return { all, inside, mixed, outside };
}

/** A user of PT Arta Boga Cemerlang only, made by the administrator (a role the scoped admin covers). */
async function insideUser(): Promise<User> {
  const reply = await call(t.app, 'POST', paths.users.create, {
    token: t.token,
    body: createUserPayload({ role_ids: [5], perusahaan: [{ perusahaan_id: ARTA, cabang: [] }] }),
  });
  return expectOk(reply, userResponseSchema, 201).data;
}

/** The panel's menus by name (from Super Admin's role, which holds them all). */
async function panelMenus(): Promise<Map<string, { id: number; children: Array<{ id: number }> }>> {
  const role = (await call(t.app, 'GET', paths.roles.detail(1), { token: t.token })).json() as {
    data: {
      applications: Array<{
        apps_id: number;
        menus: Array<{ id: number; name: string; children: Array<{ id: number }> }>;
      }>;
    };
  };
  return new Map(role.data.applications.find((a) => a.apps_id === 1)?.menus.map((m) => [m.name, m]));
}

/**
 * A role "AP pengguna sendiri" owning User Management (and the other applications as a modifier,
 * covering Finance Staff), given to a second Arta Boga account: its session.
 */
async function scopedOwner(): Promise<string> {
  const menus = await panelMenus();
  // The other applications as Admin AP (role 8) holds them: covering Finance Staff.
  const adminAp = (await call(t.app, 'GET', paths.roles.detail(8), { token: t.token })).json() as {
    data: {
      applications: Array<{
        apps_id: number;
        menus: Array<{
          id: number;
          acces_level: number;
          children: Array<{ id: number; acces_level: number }>;
        }>;
      }>;
    };
  };
  const others = adminAp.data.applications
    .filter((app) => app.apps_id !== 1)
    .map((app) => ({
      apps_id: app.apps_id,
      menus: app.menus.map((m) => ({
        id: m.id,
        access_level: m.acces_level,
        children: m.children.map((c) => ({ id: c.id, access_level: c.acces_level })),
      })),
    }));
  const role = (
    await call(t.app, 'POST', paths.roles.create, {
      token: t.token,
      body: {
        name: `Pemilik User AP ${Math.random().toString(36).slice(2, 8)}`,
        color_id: 4,
        admin_scope: 'own',
        applications: [
          {
            apps_id: 1,
            menus: [
              { id: menus.get('Home')?.id ?? 0, access_level: 3 },
              {
                id: menus.get('User Management')?.id ?? 0,
                access_level: 1,
                children: (menus.get('User Management')?.children ?? []).map((c) => ({
                  id: c.id,
                  access_level: 1,
                })),
              },
            ],
          },
          ...others,
        ],
      },
    })
  ).json() as { data: { id: number } };
  const account = await createAccount(t.app, t.token, {
    role_ids: [role.data.id],
    perusahaan: [{ perusahaan_id: ARTA, cabang: [] }],
  });
  return (await openSession(t.app, { nik: account.nik, password: account.password })).accessToken;
}

describe('the seed', () => {
  it("spreads users over several APs: some inside the scoped admin's, some mixed, most outside", async () => {
    const { inside, mixed, outside } = await sample();
    expect(inside.length).toBeGreaterThanOrEqual(3);
    expect(mixed.length).toBeGreaterThanOrEqual(3);
    expect(outside.length).toBeGreaterThan(inside.length);
    const me = (await everyone()).find((user) => user.nik === SCOPED.nik);
    expect(me?.role_name).toBe('Admin AP');
    expect(me?.perusahaan.map((c) => c.perusahaan_name)).toEqual(['PT Arta Boga Cemerlang']);
  });
});

describe('reads', () => {
  it('the list, its count and its filters show only users all of whose APs lie in the scope', async () => {
    const { inside } = await sample();
    const mine = await listUsers(t.app, scoped, { perPage: 10_000 });
    expect(mine.data.every(within)).toBe(true);
    expect(mine.meta.total).toBe(mine.data.length);
    expect(mine.data.map((u) => u.id).sort()).toEqual(
      [...inside.map((u) => u.id), ...mine.data.filter((u) => u.nik === SCOPED.nik).map((u) => u.id)].sort(),
    );
    // Another AP as a filter: an empty answer, not an error.
    const other = await listUsers(t.app, scoped, { perusahaan_id: 1 });
    expect(other.meta.total).toBe(0);
    expect(other.data).toEqual([]);
    // Home's card of new users reads the same list.
    const recent = await listUsers(t.app, scoped, { created_from: '2000-01-01T00:00:00.000Z' });
    expect(recent.meta.total).toBe(mine.meta.total);
    // The group-wide administrator sees everyone.
    expect((await listUsers(t.app, t.token, {})).meta.total).toBe((await everyone()).length);
  });

  it('a user outside the scope is 404 by id, as an unknown id, telling nothing', async () => {
    const { inside, mixed, outside } = await sample();
    for (const user of [mixed[0], outside[0]]) {
      const reply = await call(t.app, 'GET', paths.users.detail(user?.id ?? 0), { token: scoped });
      expect(expectError(reply, 404).message).toBe('User tidak ditemukan');
      expect(reply.body).not.toContain(user?.nama ?? '-');
    }
    const unknown = expectError(
      await call(t.app, 'GET', paths.users.detail(999_999), { token: scoped }),
      404,
    );
    expect(unknown.message).toBe('User tidak ditemukan');
    expectOk(
      await call(t.app, 'GET', paths.users.detail(inside[0]?.id ?? 0), { token: scoped }),
      userResponseSchema,
    );
    expectOk(
      await call(t.app, 'GET', paths.users.detail(mixed[0]?.id ?? 0), { token: t.token }),
      userResponseSchema,
    );
  });

  it('the roles list counts only the members within the scope', async () => {
    type Listed = { data: Array<{ id: number; member_count: number }> };
    const mine = (
      await call(t.app, 'GET', paths.roles.list, { token: scoped, query: { perPage: 100 } })
    ).json() as Listed;
    const all = (
      await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perPage: 100 } })
    ).json() as Listed;
    const visible = (await listUsers(t.app, scoped, { perPage: 10_000 })).data;
    for (const role of mine.data) {
      expect(role.member_count).toBe(visible.filter((u) => u.role_id === role.id).length);
    }
    const total = (list: Listed) => list.data.reduce((sum, role) => sum + role.member_count, 0);
    expect(total(mine)).toBe(visible.length);
    expect(total(all)).toBe((await everyone()).length);
  });

  it("the companies of the forms and filters are the scope's only", async () => {
    const mine = (await call(t.app, 'GET', paths.reference.companies, { token: scoped })).json() as {
      data: { data: Array<{ id: number; cabangs: unknown[] }> };
    };
    expect(mine.data.data.map((c) => c.id)).toEqual([ARTA]);
    expect(mine.data.data[0]?.cabangs.length).toBeGreaterThan(0);
    const all = (await call(t.app, 'GET', paths.reference.companies, { token: t.token })).json() as {
      data: { data: unknown[] };
    };
    expect(all.data.data.length).toBe(7);
  });

  it("the employee picker offers the actor's companies' employees first; a scoped actor only theirs", async () => {
    // One employee whose company is not known: offered to both (after their own companies').
    const { store, close } = openTestStore(t);
    let companyOf: Map<string, number | null>;
    let adminCompanies: Set<number>;
    try {
      await sql`INSERT INTO employees (name, nik, no_hp, email, company_id)
        VALUES ('Aaron Tanpa AP', 'E-NULL-1', '081299990001', '', NULL)`.execute(store.db);
      const employees = await sql<{
        nik: string;
        company_id: number | null;
      }>`SELECT nik, company_id FROM employees`.execute(store.db);
      companyOf = new Map(employees.rows.map((row) => [row.nik, row.company_id]));
      const companies = await sql<{
        company_id: number;
      }>`SELECT company_id FROM user_companies WHERE user_id = 1`.execute(store.db);
      adminCompanies = new Set(companies.rows.map((row) => row.company_id));
    } finally {
      await close();
    }
    const search = async (token: string, query: Record<string, string | number> = {}) =>
      expectOk(
        await call(t.app, 'GET', paths.reference.employeeSearch, { token, query: { limit: 1000, ...query } }),
        employeeSearchResponseSchema,
      );

    const mine = await search(scoped);
    expect(mine.meta.total).toBe(mine.data.length);
    // Arta's employees and the one without a company; nobody of another company, not even by NIK.
    expect(new Set(mine.data.map((e) => e.perusahaan_id ?? null))).toEqual(new Set([ARTA, null]));
    expect(mine.data.length).toBe(
      [...companyOf.values()].filter((company) => company === ARTA || company === null).length,
    );
    const own = mine.data.map((e) => e.own_company);
    expect(own.indexOf(false)).toBe(own.filter(Boolean).length); // own first, then the rest
    expect(mine.data.find((e) => e.perusahaan_id === ARTA)).toMatchObject({
      perusahaan_name: 'PT Arta Boga Cemerlang',
      own_company: true,
    });
    expect(mine.data.at(-1)).toMatchObject({ nik: 'E-NULL-1', perusahaan_name: null, own_company: false });
    const stranger = [...companyOf].find(([, company]) => company !== null && company !== ARTA)?.[0] ?? '';
    expect((await search(scoped, { keyword: stranger })).data).toEqual([]);

    // The group-wide administrator (linked to four APs) sees everyone: their APs' employees first.
    const all = await search(t.token);
    expect(all.meta.total).toBe(companyOf.size);
    const firstOther = all.data.findIndex((e) => !e.own_company);
    expect(firstOther).toBeGreaterThan(0);
    expect(all.data.slice(0, firstOther).every((e) => adminCompanies.has(e.perusahaan_id ?? 0))).toBe(true);
    expect(all.data.slice(firstOther).every((e) => !adminCompanies.has(e.perusahaan_id ?? 0))).toBe(true);
    const names = all.data.slice(0, firstOther).map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('writes', () => {
  it('adds a user within the scope; another AP, a mixed list or none is 403 with an Indonesian message', async () => {
    const ok = await call(t.app, 'POST', paths.users.create, {
      token: scoped,
      body: createUserPayload({ role_ids: [5], perusahaan: [{ perusahaan_id: ARTA, cabang: [] }] }),
    });
    expect(expectOk(ok, userResponseSchema, 201).data.perusahaan.map((c) => c.perusahaan_id)).toEqual([ARTA]);
    for (const perusahaan of [
      [{ perusahaan_id: 1, cabang: [] }],
      [
        { perusahaan_id: ARTA, cabang: [] },
        { perusahaan_id: 3, cabang: [] },
      ],
    ]) {
      const reply = await call(t.app, 'POST', paths.users.create, {
        token: scoped,
        body: createUserPayload({ role_ids: [5], perusahaan }),
      });
      expect(expectError(reply, 403).message).toBe(OUTSIDE_SCOPE_MESSAGE);
    }
    const none = await call(t.app, 'POST', paths.users.create, {
      token: scoped,
      body: createUserPayload({ role_ids: [5], perusahaan: [] }),
    });
    // No AP at all: the contract's own refusal, before the scope (the user would be nobody's).
    expect(expectError(none, 422).errors?.perusahaan).toBeDefined();
  });

  it('edits a user within the scope, never into another AP; outside users are 404 and unchanged', async () => {
    const user = await insideUser();
    const fine = await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: scoped,
      body: { nama: 'Nama Baru Dalam Cakupan' },
    });
    expect(expectOk(fine, userResponseSchema).data.nama).toBe('Nama Baru Dalam Cakupan');
    const moved = await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: scoped,
      body: { perusahaan: [{ perusahaan_id: 4, cabang: [] }] },
    });
    expect(expectError(moved, 403).message).toBe(OUTSIDE_SCOPE_MESSAGE);
    const { mixed, outside } = await sample();
    for (const target of [mixed[0], outside[0]]) {
      const reply = await call(t.app, 'PATCH', paths.users.update(target?.id ?? 0), {
        token: scoped,
        body: { nama: 'Diambil Alih' },
      });
      expect(expectError(reply, 404).message).toBe('User tidak ditemukan');
      const after = await call(t.app, 'GET', paths.users.detail(target?.id ?? 0), { token: t.token });
      expect(expectOk(after, userResponseSchema).data.nama).toBe(target?.nama);
    }
  });

  it('deletes within the scope; a bulk delete mixing inside and outside ids is refused whole, naming none', async () => {
    // Deleting needs the owner level: the administrator makes the scoped admin an owner of User
    // Management, still "AP pengguna sendiri".
    const owner = await scopedOwner();
    const a = await insideUser();
    const b = await insideUser();
    const { outside } = await sample();
    const stranger = outside[0];
    const mixed = await call(t.app, 'DELETE', paths.users.bulkRemove, {
      token: owner,
      body: { ids: [a.id, stranger?.id ?? 0] },
    });
    const refusal = expectError(mixed, 404);
    expect(refusal.message).toBe('User tidak ditemukan');
    expect(mixed.body).not.toContain(String(stranger?.id));
    expect((await everyone()).map((u) => u.id)).toEqual(expect.arrayContaining([a.id, stranger?.id]));
    expectError(await call(t.app, 'DELETE', paths.users.remove(stranger?.id ?? 0), { token: owner }), 404);
    expect(
      (await call(t.app, 'DELETE', paths.users.bulkRemove, { token: owner, body: { ids: [a.id, b.id] } }))
        .statusCode,
    ).toBe(200);
  });

  it('bulk role and AP changes and status changes follow the scope', async () => {
    const user = await insideUser();
    const { outside } = await sample();
    const stranger = outside[0]?.id ?? 0;
    const role = await call(t.app, 'PATCH', userBulkPaths.bulkRole, {
      token: scoped,
      body: { ids: [user.id, stranger], role_id: 6 },
    });
    expect(expectError(role, 404).message).toBe('User tidak ditemukan');
    const companies = await call(t.app, 'PATCH', userBulkPaths.bulkCompanies, {
      token: scoped,
      body: { ids: [user.id], perusahaan: [{ perusahaan_id: 1, cabang: [] }] },
    });
    expect(expectError(companies, 403).message).toBe(OUTSIDE_SCOPE_MESSAGE);
    const status = await call(t.app, 'PATCH', paths.users.bulkStatus, {
      token: scoped,
      body: { ids: [user.id, stranger], is_active: false },
    });
    expectError(status, 404);
    const after = await everyone();
    expect(after.find((u) => u.id === stranger)?.is_active).toBe(true);
    expect(after.find((u) => u.id === user.id)?.role_id).toBe(5);
  });

  it('lifecycle actions on an outside user are 404; on an inside user they work', async () => {
    const user = await insideUser();
    const { outside } = await sample();
    const stranger = outside[0]?.id ?? 0;
    for (const [method, path] of [
      ['GET', paths.users.account(stranger)],
      ['PATCH', paths.users.status(stranger)],
      ['DELETE', paths.users.sessions(stranger)],
      ['DELETE', paths.users.lock(stranger)],
      // Two-step verification (issue 31): its factors and "Reset verifikasi dua langkah".
      ['GET', twoStepPaths.user(stranger)],
      ['DELETE', twoStepPaths.user(stranger)],
    ] as const) {
      const reply = await call(t.app, method, path, {
        token: scoped,
        ...(method === 'PATCH' ? { body: { is_active: false } } : {}),
      });
      expect({ path, status: reply.statusCode }).toEqual({ path, status: 404 });
    }
    expect((await call(t.app, 'GET', paths.users.account(user.id), { token: scoped })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', paths.users.lock(user.id), { token: scoped })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', twoStepPaths.user(user.id), { token: scoped })).statusCode).toBe(200);
  });

  it('no escalation by scope: a group-wide role that administers cannot be given by a scoped admin', async () => {
    const user = await insideUser();
    const options = expectOk(
      await call(t.app, 'GET', paths.roles.all, { token: scoped }),
      roleOptionsResponseSchema,
    );
    const adminAp = options.data.find((role) => role.name === 'Admin AP');
    expect(adminAp?.admin_scope).toBe('own');
    expect(options.data.find((role) => role.name === 'Admin')?.admin_scope).toBe('group');
    // Finance Staff (no panel menu) may be given; a group-wide panel role may not.
    expect(options.data.find((role) => role.name === 'Finance Staff')?.assignable).toBe(true);
    // Make a group-wide role with only User Management as a viewer: covered by Admin AP's grants.
    const superAdmin = (await call(t.app, 'GET', paths.roles.detail(1), { token: t.token })).json() as {
      data: { applications: Array<{ apps_id: number; menus: Array<{ id: number; name: string }> }> };
    };
    const users = superAdmin.data.applications[0]?.menus.find((m) => m.name === 'User Management');
    const made = (
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: {
          name: 'Pembaca User Grup',
          color_id: 2,
          applications: [{ apps_id: 1, menus: [{ id: users?.id ?? 0, access_level: 3 }] }],
        },
      })
    ).json() as { data: { id: number; admin_scope: string } };
    expect(made.data.admin_scope).toBe('group');
    const given = await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: scoped,
      body: { role_ids: [made.data.id] },
    });
    expect(expectError(given, 403).message).toBe(SCOPE_ESCALATION_MESSAGE);
    // The same role at "AP pengguna sendiri" may be given.
    const detail = (
      await call(t.app, 'GET', paths.roles.detail(made.data.id), { token: t.token })
    ).json() as {
      data: { version: string };
    };
    const narrowed = await call(t.app, 'PATCH', paths.roles.update(made.data.id), {
      token: t.token,
      body: { admin_scope: 'own', version: detail.data.version },
    });
    expect(narrowed.statusCode).toBe(200);
    const now = await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: scoped,
      body: { role_ids: [made.data.id] },
    });
    expect(expectOk(now, userResponseSchema).data.role_id).toBe(made.data.id);
  });
});

describe('import and CSV', () => {
  const upload = (token: string, csv: string) =>
    call(t.app, 'POST', userBulkPaths.importCheck, {
      token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });

  it('an import row naming another AP is refused with the scope message; a row in the scope passes', async () => {
    const header = `${USER_CSV_COLUMNS.join(',')}\n`;
    const csv =
      header +
      '7100001,Siti Dalam,081299990001,siti.dalam@contoh.co.id,Finance Staff,PT Arta Boga Cemerlang,,,,\n' +
      '7100002,Budi Luar,081299990002,budi.luar@contoh.co.id,Finance Staff,PT. Sinar Niaga Sejahtera,,,,\n';
    const reply = await upload(scoped, csv);
    const body = reply.json() as { data: { rows: Array<{ action: string; problems: string[] }> } };
    expect(reply.statusCode).toBe(200);
    expect(body.data.rows[0]?.action).toBe('create');
    expect(body.data.rows[1]?.action).toBe('error');
    expect(body.data.rows[1]?.problems).toContain(OUTSIDE_SCOPE_MESSAGE);
  });

  it("the import template's example row is in the scope's AP", async () => {
    const mine = await call(t.app, 'GET', userBulkPaths.importTemplate, { token: scoped });
    expect(mine.body.split('\r\n')[1]).toContain('PT Arta Boga Cemerlang');
    const all = await call(t.app, 'GET', userBulkPaths.importTemplate, { token: t.token });
    expect(all.body.split('\r\n')[1]).not.toContain('PT Arta Boga Cemerlang');
  });

  it("the users CSV holds the scope's users only, whatever the query asks", async () => {
    const { inside, outside } = await sample();
    const csv = await call(t.app, 'GET', userBulkPaths.export, { token: scoped, query: { perPage: 10_000 } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    for (const user of inside.slice(0, 3)) expect(csv.body).toContain(user.nik);
    for (const user of outside.slice(0, 10)) expect(csv.body).not.toContain(`\r\n${user.nik},`);
    const widened = await call(t.app, 'GET', userBulkPaths.export, {
      token: scoped,
      query: { perusahaan_id: 1 },
    });
    expect(csvLines(widened.body)).toHaveLength(1);
  });
});

describe('Log Aktivitas', () => {
  it('shows a scoped reader only events about their users, and their own', async () => {
    const { outside } = await sample();
    const stranger = outside[0];
    // The administrator edits an outside user and an inside one.
    const inside = await insideUser();
    const version = (id: number) =>
      call(t.app, 'GET', paths.users.detail(id), { token: t.token }).then(
        (reply) => (reply.json() as { data: { version: string } }).data.version,
      );
    await call(t.app, 'PATCH', paths.users.update(stranger?.id ?? 0), {
      token: t.token,
      body: { email: 'luar.cakupan@sso.local', version: await version(stranger?.id ?? 0) },
    });
    await call(t.app, 'PATCH', paths.users.update(inside.id), {
      token: t.token,
      body: { email: 'dalam.cakupan@sso.local', version: await version(inside.id) },
    });
    type Page = {
      data: Array<{
        actor_id: number | null;
        target_type: string | null;
        target_id: string | null;
        target_label: string | null;
      }>;
    };
    const mine = expectOk(
      await call(t.app, 'GET', auditPaths.list, { token: scoped, query: { perPage: 500 } }),
      z.any(),
    ).data as Page['data'];
    const meId = (await everyone()).find((u) => u.nik === SCOPED.nik)?.id;
    expect(mine.some((e) => e.target_id === String(inside.id))).toBe(true);
    // Not even the scoped admin's own refused tries at the outside user (they would name them).
    expect(mine.some((e) => e.target_id === String(stranger?.id))).toBe(false);
    expect(mine.some((e) => e.target_label?.includes(stranger?.nama ?? '-'))).toBe(false);
    const insideIds = new Set(
      (await listUsers(t.app, scoped, { perPage: 10_000 })).data.map((u) => String(u.id)),
    );
    expect(
      mine.every(
        (e) => e.actor_id === meId || (e.target_type === 'user' && insideIds.has(e.target_id ?? '')),
      ),
    ).toBe(true);
    // Asking for the outside user's events by filter: an empty answer.
    const asked = expectOk(
      await call(t.app, 'GET', auditPaths.list, {
        token: scoped,
        query: { target_type: 'user', target_id: String(stranger?.id) },
      }),
      z.any(),
    );
    expect(asked.data).toEqual([]);
    // The group-wide administrator reads both.
    const everything = expectOk(
      await call(t.app, 'GET', auditPaths.list, { token: t.token, query: { perPage: 500 } }),
      z.any(),
    ).data as Page['data'];
    expect(everything.some((e) => e.target_id === String(stranger?.id))).toBe(true);
    // The log's CSV: the same rows.
    const csv = await call(t.app, 'GET', auditPaths.export, {
      token: scoped,
      query: { target_id: String(stranger?.id) },
    });
    expect(csv.statusCode).toBe(200);
    expect(csvLines(csv.body)).toHaveLength(1);
    const all = await call(t.app, 'GET', auditPaths.export, { token: scoped });
    expect(all.body).toContain('dalam.cakupan@sso.local');
    expect(all.body).not.toContain('luar.cakupan@sso.local');
  });
});
