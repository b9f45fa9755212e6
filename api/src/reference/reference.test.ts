import {
  applicationsResponseSchema,
  colorsResponseSchema,
  companiesResponseSchema,
  employeeSearchResponseSchema,
  menuWithChildResponseSchema,
  paths,
} from '@sso/shared/contract';
import { call, expectError, expectOk } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

const get = (path: string, query?: Record<string, string | number>) =>
  call(t.app, 'GET', path, { token: t.token, query });

describe('reference data', () => {
  it('colors: at least 8 #rrggbb colours', async () => {
    const body = expectOk(await get(paths.reference.colors), colorsResponseSchema);
    expect(body.data.length).toBeGreaterThanOrEqual(8);
  });

  it('applications: app 1 is this panel; logos are served by the api', async () => {
    const body = expectOk(await get(paths.reference.applications), applicationsResponseSchema);
    expect(body.data[0]).toMatchObject({ id: 1, name: 'SSO Admin Panel' });
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    expect(body.data.every((a) => a.logo_url.startsWith('http://api.test/static/logos/'))).toBe(true);
  });

  it('menu/with-child: a two-level tree of one app', async () => {
    const body = expectOk(
      await get(paths.reference.menuWithChild, { apps_id: 1 }),
      menuWithChildResponseSchema,
    );
    const users = body.data.find((m) => m.name === 'User Management');
    expect(users?.menu.map((m) => m.name)).toEqual(['Daftar User', 'Tambah User']);
    expect(users?.menu.every((m) => m.menu.length === 0)).toBe(true);
    expectError(await get(paths.reference.menuWithChild), 422);
    expectError(await get(paths.reference.menuWithChild, { apps_id: 'abc' }), 422);
    expectError(await get(paths.reference.menuWithChild, { apps_id: 999 }), 404);
  });

  it('companies: at least 6, under data.data, sorted ignoring dots and case, with 3–8 units', async () => {
    const body = expectOk(await get(paths.reference.companies), companiesResponseSchema);
    const companies = body.data.data;
    expect(companies.length).toBeGreaterThanOrEqual(6);
    const keys = companies.map((c) => c.nama.replace(/\./g, '').toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect(companies.every((c) => c.cabangs.length >= 3 && c.cabangs.length <= 8)).toBe(true);
    expect(companies[0]?.cabangs[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Cabang /),
      daerah: expect.any(String),
      kode: expect.any(String),
    });
  });

  it('user-temporary/search: pages of 20 by default, searchable by name, nik and phone', async () => {
    const first = expectOk(await get(paths.reference.employeeSearch), employeeSearchResponseSchema);
    expect(first.data).toHaveLength(20);
    expect(first.meta.total).toBeGreaterThanOrEqual(200);
    const page2 = expectOk(
      await get(paths.reference.employeeSearch, { page: 2, limit: 20 }),
      employeeSearchResponseSchema,
    );
    expect(page2.data[0]?.id).not.toBe(first.data[0]?.id);
    const someone = first.data[3];
    const byName = expectOk(
      await get(paths.reference.employeeSearch, { keyword: someone?.name.toUpperCase() ?? '' }),
      employeeSearchResponseSchema,
    );
    expect(byName.data.map((e) => e.id)).toContain(someone?.id);
    const byPhone = expectOk(
      await get(paths.reference.employeeSearch, { keyword: someone?.no_hp ?? '' }),
      employeeSearchResponseSchema,
    );
    expect(byPhone.data.map((e) => e.id)).toEqual([someone?.id]);
    expectError(await get(paths.reference.employeeSearch, { limit: 0 }), 422);
  });

  it('user-temporary/search says which employees already have an account (registered)', async () => {
    // The demo administrator is an employee of the directory with an account.
    const admin = expectOk(
      await get(paths.reference.employeeSearch, { keyword: '100001' }),
      employeeSearchResponseSchema,
    );
    expect(admin.data.map((e) => [e.nik, e.registered])).toEqual([['100001', true]]);
    const all = expectOk(
      await get(paths.reference.employeeSearch, { limit: 100 }),
      employeeSearchResponseSchema,
    );
    expect(all.data.some((e) => e.registered === false)).toBe(true);
  });

  it('every reference call needs the bearer', async () => {
    for (const path of Object.values(paths.reference)) {
      expectError(await call(t.app, 'GET', path), 401);
    }
  });
});
