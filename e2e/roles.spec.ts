import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { createRole as createRoleThroughApi, uniqueDigits, uniqueName } from './support/testbed';

/**
 * Role management (issue 7): list, create, edit, delete, bulk delete, filter, empty states and a
 * malformed hashId, against the real api. Each test creates its own roles (unique names) and
 * removes what is left of them.
 */

const ROLE = '/api/v1/ap/role';

interface ApiRole {
  id: number;
  name: string;
  color: { id: number; hex_code: string };
  member_count: number;
  applications: {
    apps_id: number;
    apps_name: string;
    menus: {
      id: number;
      name: string;
      acces_level: number;
      children: { id: number; name: string; acces_level: number }[];
    }[];
  }[];
}
interface ApiMenu {
  id: number;
  name: string;
  menu: ApiMenu[];
}
interface RolePayloadApp {
  apps_id: number;
  menus: { id: number; access_level: number; children: { id: number; access_level: number }[] }[];
}

function dataOf<T>(body: unknown): T {
  expect(body).toHaveProperty('data');
  return (body as { data: T }).data;
}

async function applicationId(api: SsoApi, name: string): Promise<number> {
  const apps = dataOf<{ id: number; name: string }[]>((await api.get('/api/v1/ap/applications')).body);
  const app = apps.find((a) => a.name === name);
  if (!app) throw new Error(`no application ${name}`);
  return app.id;
}

async function menuTree(api: SsoApi, appsId: number): Promise<ApiMenu[]> {
  return dataOf<ApiMenu[]>((await api.get(`/api/v1/ap/menu/with-child?apps_id=${appsId}`)).body);
}

async function colors(api: SsoApi): Promise<{ id: number; hex_code: string }[]> {
  return dataOf((await api.get('/api/v1/ap/colors')).body);
}

/** Every menu and sub-menu of an application at one level: a payload application. */
async function wholeApp(api: SsoApi, name: string, level = 3): Promise<RolePayloadApp> {
  const appsId = await applicationId(api, name);
  const tree = await menuTree(api, appsId);
  return {
    apps_id: appsId,
    menus: tree.map((m) => ({
      id: m.id,
      access_level: level,
      children: m.menu.map((c) => ({ id: c.id, access_level: level })),
    })),
  };
}

async function findRole(api: SsoApi, name: string): Promise<ApiRole | undefined> {
  const list = await api.get(`${ROLE}/list?perPage=100&keyword=${encodeURIComponent(name)}`);
  return dataOf<ApiRole[]>(list.body).find((r) => r.name === name);
}

/** The payload's shape of a role read back from the api, sorted by id. */
function asPayloadApps(role: ApiRole): RolePayloadApp[] {
  return role.applications
    .map((a) => ({
      apps_id: a.apps_id,
      menus: a.menus
        .map((m) => ({
          id: m.id,
          access_level: m.acces_level,
          children: m.children
            .map((c) => ({ id: c.id, access_level: c.acces_level }))
            .sort((x, y) => x.id - y.id),
        }))
        .sort((x, y) => x.id - y.id),
    }))
    .sort((x, y) => x.apps_id - y.apps_id);
}

test.describe('role management', () => {
  const created: string[] = [];

  async function createRole(
    api: SsoApi,
    name: string,
    applications: RolePayloadApp[],
    colorIndex = 0,
  ): Promise<ApiRole> {
    const role = await createRoleThroughApi<ApiRole>(api, name, applications, { colorIndex });
    created.push(name);
    return role;
  }

  test.afterEach(async ({ apiClient }) => {
    for (const name of created.splice(0)) {
      const role = await findRole(apiClient, name);
      if (role) await apiClient.delete(`${ROLE}/delete/${role.id}`);
    }
  });

  async function openList(page: Page, keyword: string) {
    await page.goto(`${routes.roleManagement}?keyword=${encodeURIComponent(keyword)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
  }

  test('creates a role with two applications and mixed levels, then lists it with its colour and logos', async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    const name = uniqueName('Buat');
    created.push(name);
    const [, second] = await colors(apiClient);
    if (!second) throw new Error('the seed has colours');
    await openSignedIn(routes.roleManagement);
    await page.getByRole('link', { name: 'Tambah Role' }).click();
    await expect(page).toHaveURL(/\/tambah-role$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tambah Role' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Simpan' });
    await expect(save).toBeDisabled();

    await page.getByRole('radio', { name: `Warna ${second.hex_code}` }).check();
    await page.getByLabel('Nama Role').fill(name);
    await expect(save).toBeDisabled();

    // HRIS whole, by its switch (viewer everywhere).
    await page.getByRole('switch', { name: 'HRIS' }).click();
    await expect(page.getByRole('switch', { name: 'HRIS' })).toHaveAttribute('aria-checked', 'true');
    await expect(save).toBeEnabled();

    // SSO Admin Panel: one sub-menu as owner under its parent as modifier (ticked by the keyboard).
    await page.getByRole('button', { name: 'Lihat menu SSO Admin Panel' }).click();
    await expect(page.getByRole('heading', { name: 'Menu SSO Admin Panel' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Daftar User' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('checkbox', { name: 'User Management' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    // The menu's level first (it goes to its sub-menus), then the sub-menu's own.
    await page
      .getByRole('combobox', { name: 'Level akses User Management' })
      .selectOption({ label: 'Modifier' });
    await page.getByRole('combobox', { name: 'Level akses Daftar User' }).selectOption({ label: 'Owner' });
    await expectNoA11yViolations(page);

    const request = page.waitForRequest((r) => r.url().endsWith(`${ROLE}/create`) && r.method() === 'POST');
    await save.click();
    const sent: unknown = (await request).postDataJSON();
    await expect(page.getByText('Role berhasil ditambahkan')).toBeVisible();
    await expect(page).toHaveURL(/\/role-management$/);

    const ssoId = await applicationId(apiClient, 'SSO Admin Panel');
    const ssoTree = await menuTree(apiClient, ssoId);
    const users = ssoTree.find((m) => m.name === 'User Management');
    const daftarUser = users?.menu.find((m) => m.name === 'Daftar User');
    if (!users || !daftarUser) throw new Error('seed menus');
    const expectedApps = [
      {
        apps_id: ssoId,
        menus: [{ id: users.id, access_level: 2, children: [{ id: daftarUser.id, access_level: 1 }] }],
      },
      await wholeApp(apiClient, 'HRIS'),
    ].sort((a, b) => a.apps_id - b.apps_id);
    expect(sent).toEqual({
      name,
      descriptions: null,
      color_id: second.id,
      applications: expectedApps,
      admin_scope: 'group',
    });

    // Read back through the api: the same grants.
    const saved = await findRole(apiClient, name);
    expect(saved?.color.id).toBe(second.id);
    expect(saved && asPayloadApps(saved)).toEqual(expectedApps);

    // In the list: colour dot and the two logos.
    await page.getByRole('searchbox', { name: 'Cari role' }).fill(name);
    await expect(page).toHaveURL(/keyword=/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByText('0 user')).toBeVisible();
    await expect(row.getByRole('img', { name: 'SSO Admin Panel' })).toBeVisible();
    await expect(row.getByRole('img', { name: 'HRIS' })).toBeVisible();
    const dot = row.locator('td').nth(1).locator('span[aria-hidden="true"]').first();
    const rgb = second.hex_code
      .slice(1)
      .match(/../g)
      ?.map((h) => parseInt(h, 16))
      .join(', ');
    await expect(dot).toHaveCSS('background-color', `rgb(${rgb})`);
    await expectNoA11yViolations(page);
  });

  test('edits a role from the list; the saved payload round-trips through the api', async ({
    page,
    apiClient,
    loginAs,
    expectNoA11yViolations,
  }) => {
    const name = uniqueName('Ubah');
    const sales = await wholeApp(apiClient, 'Sales', 2);
    const inventory = await wholeApp(apiClient, 'Inventory', 1);
    await createRole(apiClient, name, [sales, inventory]);
    await loginAs(page);
    await openList(page, name);
    await page.getByRole('button', { name: `Aksi untuk role ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/edit-role\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeVisible();
    await expect(page.getByLabel('Nama Role')).toHaveValue(name);
    await expect(page.getByRole('switch', { name: 'Sales' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'Inventory' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'HRIS' })).toHaveAttribute('aria-checked', 'false');

    // Shown: the first chosen application (Inventory has the lower id of the two).
    const shown = sales.apps_id < inventory.apps_id ? 'Sales' : 'Inventory';
    await expect(page.getByRole('heading', { name: `Menu ${shown}` })).toBeVisible();
    await page.getByRole('button', { name: 'Lihat menu Sales' }).click();
    const firstSales = (await menuTree(apiClient, sales.apps_id))[0];
    const firstChild = firstSales?.menu[0];
    if (!firstSales || !firstChild) throw new Error('seed menus');
    await expect(
      page.getByRole('combobox', { name: `Level akses ${firstSales.name}`, exact: true }),
    ).toHaveValue('2');
    await page.getByRole('checkbox', { name: firstChild.name, exact: true }).click();
    await expect(page.getByRole('checkbox', { name: firstSales.name, exact: true })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await page
      .getByRole('combobox', { name: `Level akses ${firstSales.name}`, exact: true })
      .selectOption({ label: 'Viewer' });
    await page.getByRole('switch', { name: 'Inventory' }).click();
    const newName = `${name} v2`;
    created.push(newName);
    await page.getByLabel('Nama Role').fill(newName);
    await expectNoA11yViolations(page);

    const request = page.waitForRequest((r) => r.url().includes(`${ROLE}/update/`) && r.method() === 'PATCH');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const sent = (await request).postDataJSON() as { name: string; applications: RolePayloadApp[] };
    await expect(page.getByText('Role berhasil diperbarui')).toBeVisible();
    // Back to the list as it was left: searched for this role (issue 37).
    await expect(page).toHaveURL(/\/role-management\?keyword=/);
    await expect(page.getByRole('searchbox', { name: 'Cari role' })).toHaveValue(name);

    expect(sent.name).toBe(newName);
    expect(sent.applications.map((a) => a.apps_id)).toEqual([sales.apps_id]);
    const saved = await findRole(apiClient, newName);
    expect(saved && asPayloadApps(saved)).toEqual(sent.applications);
    const firstGrant = sent.applications[0]?.menus.find((m) => m.id === firstSales.id);
    expect(firstGrant?.access_level).toBe(3);
    expect(firstGrant?.children.map((c) => c.id)).not.toContain(firstChild.id);
  });

  test('deletes a role after a warning confirmation', async ({ page, apiClient, loginAs }) => {
    const name = uniqueName('Hapus');
    await createRole(apiClient, name, [await wholeApp(apiClient, 'Finance')]);
    await loginAs(page);
    await openList(page, name);
    await page.getByRole('button', { name: `Aksi untuk role ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Hapus' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Hapus role "${name}"?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText('Role berhasil dihapus')).toBeVisible();
    await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    expect(await findRole(apiClient, name)).toBeUndefined();
  });

  test('a role that still has members is not deleted: Hapus says so before any confirmation and offers its users', async ({
    page,
    loginAs,
  }) => {
    await loginAs(page);
    await openList(page, 'Viewer');
    await page.getByRole('button', { name: 'Aksi untuk role Viewer' }).click();
    await page.getByRole('menuitem', { name: 'Hapus' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Role "Viewer" tidak dapat dihapus' });
    await expect(dialog).toContainText(/Role ini masih dipakai oleh \d+ user/);
    await expect(dialog.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByRole('row', { name: /Viewer/ })).toBeVisible();
    await page.getByRole('button', { name: 'Aksi untuk role Viewer' }).click();
    await page.getByRole('menuitem', { name: 'Hapus' }).click();
    await dialog.getByRole('button', { name: 'Lihat user' }).click();
    await expect(page).toHaveURL(/\/user-management\?role_id=\d+/);
  });

  test('bulk deletes the selected roles', async ({ page, apiClient, loginAs, expectNoA11yViolations }) => {
    const prefix = uniqueName('Massal');
    const hris = await wholeApp(apiClient, 'HRIS');
    await createRole(apiClient, `${prefix} A`, [hris]);
    await createRole(apiClient, `${prefix} B`, [hris], 1);
    await loginAs(page);
    await openList(page, prefix);
    await expect(page.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Pilih semua role di halaman ini' }).click();
    const bar = page.getByRole('region', { name: 'Aksi data terpilih' });
    await expect(bar).toContainText('2 terpilih');
    await expectNoA11yViolations(page);
    await bar.getByRole('button', { name: 'Hapus' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hapus 2 role terpilih?' });
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText('2 role berhasil dihapus')).toBeVisible();
    await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test('filters by application (kept in the URL), back to all with "Semua Aplikasi"', async ({
    page,
    apiClient,
    loginAs,
  }) => {
    const prefix = uniqueName('Filter');
    await createRole(apiClient, `${prefix} Sales`, [await wholeApp(apiClient, 'Sales')]);
    await createRole(apiClient, `${prefix} HRIS`, [await wholeApp(apiClient, 'HRIS')]);
    await loginAs(page);
    await openList(page, prefix);
    const rows = page.getByRole('row', { name: new RegExp(prefix) });
    await expect(rows).toHaveCount(2);
    const filter = page.getByRole('combobox', { name: 'Filter aplikasi' });
    await expect(filter).toContainText('Semua Aplikasi');
    await filter.click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await expect(page).toHaveURL(/apps_id=\d+/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(`${prefix} Sales`) })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Filter aplikasi' })).toContainText('Sales');
    await expect(rows).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Filter aplikasi' }).click();
    await page.getByRole('option', { name: 'Semua Aplikasi' }).click();
    await expect(rows).toHaveCount(2);
    expect(page.url()).not.toContain('apps_id');
  });

  test('a keyword that matches nothing shows the no-match text', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.roleManagement);
    await expect(page.getByRole('row')).not.toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Cari role' }).fill(`tidak-ada-${uniqueDigits()}`);
    await expect(page.getByText('Data tidak ditemukan')).toBeVisible();
    await expect(page).toHaveURL(/keyword=tidak-ada-/);
    await expectNoA11yViolations(page);
  });

  test('a malformed hashId shows a clear message and the way back', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.editRole('bukan-role-yang-sah'));
    await expect(page.getByText('Data role tidak valid')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Kembali ke Role Management' }).click();
    await expect(page).toHaveURL(/\/role-management$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
  });

  test('leaving the form with changes asks "Keluar tanpa menyimpan?"', async ({ page, openSignedIn }) => {
    await openSignedIn(routes.addRole);
    await page.getByLabel('Nama Role').fill('Belum disimpan');
    await page.getByRole('button', { name: 'Batal' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(page).toHaveURL(/\/tambah-role$/);
    await expect(page.getByLabel('Nama Role')).toHaveValue('Belum disimpan');
    await page.getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/\/role-management$/);
  });
});
