import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import type { Company, Employee, RoleOption } from '@sso/shared/contract';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { createUser as createTestUser, uniqueDigits } from './support/testbed';

/**
 * Administration per company (issue 32) end to end: the seeded scoped administrator (NIK 100006,
 * role "Admin AP", scope "AP pengguna sendiri", PT Arta Boga Cemerlang only) sees only their
 * company's users, cannot reach another company's user by URL, adds a user only within their AP
 * (the employee picker offers their company's employees first, no other company's); the role
 * editor offers the scope; a phone width without sideways scroll.
 */

const SCOPED = { nik: '100006', password: 'password123' } as const;
const ARTA = 'PT Arta Boga Cemerlang';
const USERS = '/api/v1/ap/users';

async function companiesOf(apiClient: SsoApi): Promise<Company[]> {
  const response = await apiClient.get('/company/companies-with-branches');
  return (response.body as { data: { data: Company[] } }).data.data;
}

async function roleNamed(apiClient: SsoApi, name: string): Promise<RoleOption> {
  const response = await apiClient.get('/api/v1/ap/role/all');
  const role = (response.body as { data: RoleOption[] }).data.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
}

/** A user made by the group-wide administrator in one company (with its first unit). */
const createUser = (apiClient: SsoApi, company: Company, role: RoleOption, tag: string) =>
  createTestUser(apiClient, {
    label: `Cakupan ${tag}`,
    roleId: role.id,
    company,
    units: company.cabangs.slice(0, 1).map((unit) => ({ cabang_id: unit.id })),
    phonePrefix: '089',
  });

const EMPLOYEES = '/api/v1/ap/user-temporary/search';

async function directoryOf(apiClient: SsoApi, token?: string, keyword = ''): Promise<Employee[]> {
  const query = `page=1&limit=1000${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`;
  const directory = await apiClient.get(`${EMPLOYEES}?${query}`, token);
  return (directory.body as { data: Employee[] }).data;
}

/** An employee of PT Arta Boga Cemerlang without an account yet (the scoped admin is offered them). */
async function freeEmployee(apiClient: SsoApi): Promise<Employee> {
  const employees = await directoryOf(apiClient);
  const users = await apiClient.get('/api/v1/ap/users/list?perPage=100000');
  const taken = new Set((users.body as { data: { nik: string }[] }).data.map((u) => u.nik));
  const free = employees.filter((e) => !taken.has(e.nik) && e.name.length >= 3 && e.perusahaan_name === ARTA);
  const employee = free[Math.floor(Math.random() * free.length)];
  if (!employee) throw new Error('every employee of the directory already has a user');
  return employee;
}

/**
 * The Edit User route of a user as the list's Edit builds it (the spec's hashId: the listed user as
 * JSON, base64url), from the group-wide administrator's view of them.
 */
async function editPathOf(apiClient: SsoApi, id: number): Promise<string> {
  const detail = await apiClient.get(`${USERS}/${id}`);
  const { version: _version, ...listed } = (detail.body as { data: Record<string, unknown> }).data;
  return routes.editUser(Buffer.from(JSON.stringify(listed), 'utf8').toString('base64url'));
}

const table = (page: Page) => page.getByRole('table', { name: 'Daftar user' });

async function choose(page: Page, combobox: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test.describe('administration per company', () => {
  let companies: Company[];

  test.beforeEach(async ({ apiClient }) => {
    companies ??= await companiesOf(apiClient);
  });
  const arta = () => companies.find((c) => c.nama === ARTA) as Company;
  const other = () => companies.find((c) => c.nama !== ARTA && c.cabangs.length > 0) as Company;

  test("the scoped admin sees only their company's users and cannot reach another's by URL; axe", async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    const finance = await roleNamed(apiClient, 'Finance Staff');
    const inside = await createUser(apiClient, arta(), finance, 'Dalam');
    const outside = await createUser(apiClient, other(), finance, 'Luar');

    await openSignedIn(routes.userManagement, SCOPED);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(table(page)).toBeVisible();
    // Every AP shown in the list is theirs.
    const logos = table(page).getByRole('img');
    await expect(logos.first()).toBeVisible();
    const names = new Set(
      await logos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? '')),
    );
    expect([...names].filter((name) => name !== '')).toEqual([ARTA]);
    await expectNoA11yViolations(page);

    // Searching the outside user's name finds nothing; the inside one is there.
    const box = page.getByRole('searchbox', { name: 'Cari user' });
    await box.fill(outside.nama);
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(outside.nama);
    await expect(table(page).getByRole('row').filter({ hasText: outside.nama })).toHaveCount(0);
    await box.fill(inside.nama);
    await expect(table(page).getByRole('row').filter({ hasText: inside.nama })).toHaveCount(1);

    // The AP filter offers their AP only.
    await page.getByRole('combobox', { name: 'Filter AP' }).click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: ARTA })).toHaveCount(1);
    await expect(options.filter({ hasText: other().nama })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Another company's user by URL: not found, nothing of theirs shown.
    await page.goto(await editPathOf(apiClient, outside.id));
    await expect(page.getByText('User tidak ditemukan').first()).toBeVisible();
    await expect(page.getByText(outside.nik)).toHaveCount(0);
  });

  test('the scoped admin adds a user only within their AP', async ({ page, apiClient, openSignedIn }) => {
    const employee = await freeEmployee(apiClient);
    await openSignedIn(routes.addUser, SCOPED);
    await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
    await expect(page.getByText(/Cakupan administrasi Anda: AP pengguna sendiri/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Nama' }).fill(employee.name);
    await page.getByRole('option').filter({ hasText: employee.nik }).click();
    await choose(page, 'Role', 'Finance Staff');
    await page.getByRole('combobox', { name: 'AP' }).click();
    // Their AP is the only one offered ("All" is all of theirs).
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.filter((text) => text !== 'All')).toEqual([ARTA]);
    await page.getByRole('option', { name: ARTA, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: ARTA }).getByRole('checkbox', { name: 'Semua Unit' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('User berhasil ditambahkan')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

    // The api agrees: the new user is in their AP only, and a crafted payload naming another is refused.
    const scoped = (await apiClient.sessionFor(SCOPED.nik, SCOPED.password)).access_token;
    const list = await apiClient.get(`${USERS}/list?keyword=${employee.nik}`, scoped);
    const created = (
      list.body as { data: { id: number; nik: string; perusahaan: { perusahaan_name: string }[] }[] }
    ).data.find((u) => u.nik === employee.nik);
    expect(created?.perusahaan.map((c) => c.perusahaan_name)).toEqual([ARTA]);
    const crafted = await apiClient.post(
      USERS,
      {
        nama: 'Payload Rekayasa',
        nik: `E2EX${uniqueDigits()}`,
        phone: `089${uniqueDigits()}`,
        email: '',
        role_ids: [(await roleNamed(apiClient, 'Finance Staff')).id],
        perusahaan: [{ perusahaan_id: other().id, cabang: [] }],
      },
      scoped,
    );
    expect(crafted.status).toBe(403);
    expect((crafted.body as { message: string }).message).toBe(
      'AP atau unit yang dipilih berada di luar cakupan administrasi Anda',
    );
    if (created) await apiClient.delete(`${USERS}/bulk`, { ids: [created.id] });
  });

  test("the scoped admin's employee picker offers PT Arta Boga Cemerlang's employees first, no other AP's", async ({
    page,
    apiClient,
    openSignedIn,
  }) => {
    // The group-wide administrator sees the whole directory, their own APs' employees first.
    const everyone = await directoryOf(apiClient);
    const strangers = everyone.filter((e) => e.perusahaan_name && e.perusahaan_name !== ARTA);
    expect(strangers.length).toBeGreaterThan(0);
    const firstOther = everyone.findIndex((e) => !e.own_company);
    expect(everyone.slice(firstOther).some((e) => e.own_company)).toBe(false);

    // The scoped admin: Arta's employees (marked as theirs) first, then those of no AP; nobody else.
    const scoped = (await apiClient.sessionFor(SCOPED.nik, SCOPED.password)).access_token;
    const theirs = await directoryOf(apiClient, scoped);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs[0]).toMatchObject({ perusahaan_name: ARTA, own_company: true });
    expect(theirs.every((e) => e.perusahaan_name === ARTA || e.perusahaan_name == null)).toBe(true);
    const stranger = strangers[0] as Employee;
    expect(await directoryOf(apiClient, scoped, stranger.nik)).toEqual([]);

    // In the screen: the options for a syllable start with Arta's, marked "AP Anda"; no other AP's.
    await openSignedIn(routes.addUser, SCOPED);
    const syllable = (theirs[0] as Employee).name.slice(0, 2);
    await page.getByRole('combobox', { name: 'Nama' }).fill(syllable);
    const options = page.getByRole('option');
    await expect(options.first()).toContainText(ARTA);
    await expect(options.first()).toContainText('AP Anda');
    const texts = await options.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    const others = companies.filter((c) => c.nama !== ARTA).map((c) => c.nama);
    for (const text of texts) expect(others.filter((name) => text.includes(name))).toEqual([]);
    await expect(options.filter({ hasText: stranger.nik })).toHaveCount(0);
  });

  test('the role editor offers "Cakupan administrasi"; Admin AP is "AP pengguna sendiri"', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.addRole);
    const scope = page.getByRole('group', { name: 'Cakupan administrasi' });
    await expect(scope).toBeVisible();
    await expect(scope.getByRole('radio', { name: /^Seluruh grup/ })).toBeChecked();
    await scope.getByRole('radio', { name: /^AP pengguna sendiri/ }).check();
    await expect(scope.getByRole('radio', { name: /^AP pengguna sendiri/ })).toBeChecked();

    // The roles list marks Admin AP with its scope, and no group-wide role.
    await page.goto(routes.roleManagement);
    await page.getByRole('searchbox', { name: 'Cari role' }).fill('Admin');
    const roles = page.getByRole('table', { name: 'Daftar role' });
    const adminAp = roles.getByRole('row').filter({ hasText: 'Admin AP' });
    await expect(adminAp).toHaveCount(1);
    await expect(adminAp.getByText('AP pengguna sendiri', { exact: true })).toBeVisible();
    await expect(roles.getByRole('row').filter({ hasText: 'Admin User' })).toHaveCount(1);
    await expect(roles.getByText('AP pengguna sendiri', { exact: true })).toHaveCount(1);
  });

  test("phone width 390 px: the scoped admin's list and Tambah User scroll only vertically", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, SCOPED.nik, SCOPED.password);
    for (const path of [routes.userManagement, routes.addUser]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
