import type { Page } from '@playwright/test';
import { OWNER_ONLY_REASON, READ_ONLY_REASON } from '@sso/shared/access';
import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS } from './support/env';
import { routes } from './support/routes';
import { uniqueName } from './support/testbed';
import type { SsoApi } from './support/sso-api';

/**
 * App Management (issue 19), the fourth remote, against the real api: the owner registers an
 * application with its menu tree, a role grants it in the role form (no reload), its delete is
 * refused naming that role until the grant is gone; a modifier has no Hapus; a viewer reads only.
 * Its redeploy alone is in federation.spec.ts (the tests owning the test host's ports share a file).
 */

const APP = '/api/v1/ap/applications';
const NAME = 'Aplikasi Gudang';
const NO_ACCESS = 'Anda tidak memiliki akses ke halaman ini';
// A 1×1 PNG, uploaded as the application's logo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });
const appsTable = (page: Page) => page.getByRole('table', { name: 'Daftar aplikasi' });

async function appIdByName(api: SsoApi, name: string): Promise<number | undefined> {
  const { body } = await api.get(`${APP}/list?perPage=100&keyword=${encodeURIComponent(name)}`);
  return (body as { data: { id: number; name: string }[] }).data.find((a) => a.name === name)?.id;
}

async function roleIdByName(api: SsoApi, name: string): Promise<number | undefined> {
  const { body } = await api.get(`/api/v1/ap/role/list?perPage=100&keyword=${encodeURIComponent(name)}`);
  return (body as { data: { id: number; name: string }[] }).data.find((r) => r.name === name)?.id;
}

/** Removes what a failed run left: the test's role first (it grants the app), then the app. */
async function cleanUp(api: SsoApi, roleName: string): Promise<void> {
  const roleId = await roleIdByName(api, roleName);
  if (roleId !== undefined) await api.delete(`/api/v1/ap/role/delete/${roleId}`);
  const appId = await appIdByName(api, NAME);
  if (appId !== undefined) await api.delete(`${APP}/delete/${appId}`);
}

test.describe('app management', () => {
  test('the owner registers "Aplikasi Gudang" with its menus, a role grants it, its delete is refused naming the role until the grant is gone', async ({
    page,
    loginAs,
    apiClient,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(120_000);
    const roleName = uniqueName('Gudang');
    await cleanUp(apiClient, roleName);
    try {
      await loginAs(page);
      // The role form first: its application list is now in the shared query cache.
      await page.goto(routes.addRole);
      await expect(page.getByRole('switch', { name: 'HRIS' })).toBeVisible();
      await expect(page.getByRole('switch', { name: NAME })).toHaveCount(0);

      await sidebar(page).getByRole('link', { name: 'App Management', exact: true }).click();
      await expect(appsTable(page).getByRole('row', { name: /SSO Admin Panel/ })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('link', { name: 'Tambah Aplikasi' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah Aplikasi' })).toBeVisible();
      await page.getByLabel('Nama Aplikasi').fill(NAME);
      await page.getByLabel('Deskripsi').fill('Persediaan gudang pusat');
      await page.getByLabel('URL Aplikasi').fill('https://gudang.example.com');
      await page
        .getByTestId('logo-file')
        .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: PNG });
      await expect(page.getByRole('img', { name: 'Pratinjau logo' })).toHaveAttribute(
        'src',
        /upload-[0-9]+\.png$/,
      );
      await page.getByRole('button', { name: 'Tambah Menu' }).click();
      await page.getByLabel('Nama menu 1').fill('Stok');
      await page.getByRole('button', { name: 'Tambah Menu' }).click();
      await page.getByLabel('Nama menu 2').fill('Laporan');
      await page.getByRole('button', { name: 'Tambah sub-menu di Laporan' }).click();
      await page.getByLabel('Nama sub-menu 1 dari Laporan').fill('Laporan Harian');
      await expectNoA11yViolations(page);
      const request = page.waitForRequest((r) => r.url().endsWith(`${APP}/create`) && r.method() === 'POST');
      await page.getByRole('button', { name: 'Simpan' }).click();
      const sent = (await request).postDataJSON() as { menus: unknown; logo_id: unknown };
      expect(sent.menus).toEqual([
        { name: 'Stok', children: [] },
        { name: 'Laporan', children: [{ name: 'Laporan Harian' }] },
      ]);
      expect(sent.logo_id).toEqual(expect.any(Number));
      await expect(page.getByText('Aplikasi berhasil ditambahkan')).toBeVisible();
      await expect(page).toHaveURL(/\/app-management$/);
      const row = appsTable(page).getByRole('row', { name: new RegExp(NAME) });
      await expect(row).toContainText('3 menu');
      // The application administrators' role (Super Admin, the creator) holds it from the start.
      await expect(row).toContainText('1 role');

      // Tambah Role sees it without a reload: its switch and its menu tree.
      await sidebar(page).getByRole('link', { name: 'Role Management', exact: true }).click();
      await page.getByRole('link', { name: 'Tambah Role' }).click();
      await page.getByLabel('Nama Role').fill(roleName);
      await page.getByRole('radio').first().check();
      await page.getByRole('switch', { name: 'HRIS' }).click();
      await page.getByRole('button', { name: `Lihat menu ${NAME}` }).click();
      await expect(page.getByRole('heading', { name: `Menu ${NAME}` })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Laporan Harian' })).toBeAttached();
      await page.getByRole('checkbox', { name: 'Stok', exact: true }).click();
      await expect(page.getByRole('switch', { name: NAME })).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText('Role berhasil ditambahkan')).toBeVisible();
      const roleRow = page.getByRole('row', { name: new RegExp(roleName) });
      await expect(roleRow.locator(`img[src*="upload-"]`)).toHaveCount(1);

      // Its delete is not even asked: the role holding it back is counted first (issue 37); the
      // api refuses the same, naming the role; nothing is deleted.
      await sidebar(page).getByRole('link', { name: 'App Management', exact: true }).click();
      await appsTable(page)
        .getByRole('button', { name: `Aksi untuk aplikasi ${NAME}` })
        .click();
      await page.getByRole('menuitem', { name: 'Hapus' }).click();
      const inUse = page.getByRole('alertdialog', { name: `Aplikasi "${NAME}" tidak dapat dihapus` });
      await expect(inUse).toContainText('Aplikasi ini masih diberikan kepada 1 role.');
      await inUse.getByRole('button', { name: 'Tutup' }).click();
      const appId = await appIdByName(apiClient, NAME);
      const refused = await apiClient.delete(`${APP}/delete/${appId}`);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain(`Aplikasi masih diberikan kepada role: ${roleName}.`);
      await expect(appsTable(page).getByRole('row', { name: new RegExp(NAME) })).toContainText('2 role');

      // The grant removed in Edit Role; then the delete goes through.
      await sidebar(page).getByRole('link', { name: 'Role Management', exact: true }).click();
      await page.getByRole('button', { name: `Aksi untuk role ${roleName}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('switch', { name: NAME }).click();
      await expect(page.getByRole('switch', { name: NAME })).toHaveAttribute('aria-checked', 'false');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText('Role berhasil diperbarui')).toBeVisible();

      await sidebar(page).getByRole('link', { name: 'App Management', exact: true }).click();
      await appsTable(page)
        .getByRole('row', { name: new RegExp(NAME) })
        .getByText(NAME)
        .click();
      const drawer = page.getByRole('dialog', { name: 'Detail Aplikasi' });
      await expect(drawer.getByRole('list', { name: 'Sub-menu Laporan' })).toContainText('Laporan Harian');
      await expect(drawer).toContainText('Super Admin');
      await expect(drawer).not.toContainText(roleName);
      await expectNoA11yViolations(page);
      await drawer.getByRole('button', { name: 'Hapus' }).click();
      await page
        .getByRole('alertdialog', { name: `Hapus aplikasi "${NAME}"?` })
        .getByRole('button', { name: 'Hapus' })
        .click();
      await expect(page.getByText('Aplikasi berhasil dihapus')).toBeVisible();
      await expect(appsTable(page).getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
      expect(await appIdByName(apiClient, NAME)).toBeUndefined();
    } finally {
      await cleanUp(apiClient, roleName);
    }
  });

  test('a modifier adds and edits; Hapus is disabled with the reason', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.appManagement, DEMO_ACCOUNTS.modifier);
    await expect(page.getByRole('link', { name: 'Tambah Aplikasi' })).toBeVisible();
    await appsTable(page).getByRole('button', { name: 'Aksi untuk aplikasi HRIS' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('menuitem', { name: 'Hapus' })).toHaveAccessibleDescription(
      OWNER_ONLY_REASON,
    );
    await page.getByRole('menuitem', { name: 'Lihat Detail' }).click();
    const drawer = page.getByRole('dialog', { name: 'Detail Aplikasi' });
    await expect(drawer.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Hapus' })).toHaveAttribute('aria-disabled', 'true');
    await expect(drawer.getByRole('button', { name: 'Hapus' })).toHaveAccessibleDescription(
      OWNER_ONLY_REASON,
    );
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Aplikasi' })).toBeVisible();
    await expect(page.getByLabel('Nama menu 1')).toHaveValue('Karyawan');
    await expectNoA11yViolations(page);
  });

  test('a viewer reads only: no Tambah, Edit and Hapus disabled with the reason, and the forms are no-access pages', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.appManagement, DEMO_ACCOUNTS.viewer);
    await expect(appsTable(page).getByRole('row', { name: /HRIS/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tambah Aplikasi' })).toHaveCount(0);
    await appsTable(page).getByRole('button', { name: 'Aksi untuk aplikasi HRIS' }).click();
    for (const name of ['Edit', 'Hapus']) {
      await expect(page.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('menuitem', { name })).toHaveAccessibleDescription(READ_ONLY_REASON);
    }
    await page.keyboard.press('Escape');
    for (const path of [routes.addApp, routes.editApp('eyJpZCI6Mn0')]) {
      await page.goto(path);
      await expect(page.getByText(NO_ACCESS)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
    }
  });

  test('a malformed edit link shows a message and the way back, never a blank screen', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.editApp('bukan-base64!'));
    await expect(page.getByText('Data aplikasi tidak valid')).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke App Management' }).click();
    await expect(page).toHaveURL(/\/app-management$/);
  });
});
