import type { Page } from '@playwright/test';
import { READ_ONLY_REASON } from '@sso/shared/access';
import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS } from './support/env';
import { protectedRoutes, routes } from './support/routes';

/**
 * The panel on a phone and the everyday ergonomics of its lists and forms: no page is wider than
 * the screen, filters filter as you type, roles are readable and linked to their users, the role
 * editor sets levels in bulk.
 */

const PHONE_WIDTHS = [360, 390] as const;
/** The public pages a signed-out visitor opens directly (the others need a step before them). */
const PUBLIC_PAGES = [routes.login, routes.loginByPhone, routes.forgotPassword] as const;

/** The document is never wider than the screen (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { doc, screen } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(doc, `document width on ${page.url()}`).toBeLessThanOrEqual(screen);
}

/** Waits for the page's heading: the route has rendered (remote loaded, data or its state shown). */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('phones', () => {
  for (const width of PHONE_WIDTHS) {
    for (const [role, account] of Object.entries({
      admin: DEMO_ACCOUNTS.owner,
      modifier: DEMO_ACCOUNTS.modifier,
      viewer: DEMO_ACCOUNTS.viewer,
    })) {
      test(`no route scrolls sideways at ${width} px as ${role}`, async ({ page, loginAs }) => {
        await page.setViewportSize({ width, height: 800 });
        await loginAs(page, account);
        for (const path of protectedRoutes) {
          await page.goto(path);
          await settle(page);
          await expectNoSidewaysScroll(page);
        }
        // The edit pages, through the lists' own Edit (only where the role may edit).
        for (const list of [routes.userManagement, routes.roleManagement]) {
          await page.goto(list);
          await settle(page);
          const actions = page.getByRole('button', { name: /^Aksi untuk / }).first();
          await actions.click();
          const edit = page.getByRole('menuitem', { name: 'Edit' });
          await edit.waitFor();
          // Shown disabled with its reason where the role may not edit (issue 37).
          if ((await edit.getAttribute('aria-disabled')) === 'true') {
            await page.keyboard.press('Escape');
            continue;
          }
          await edit.click();
          await settle(page);
          await expectNoSidewaysScroll(page);
        }
      });
    }

    test(`public pages fit at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await settle(page);
        await expectNoSidewaysScroll(page);
      }
    });
  }

  test('on a phone the users table shows name, role and status as wide as the screen, the drawer shows its actions', async ({
    page,
    openSignedIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(routes.userManagement);
    const table = page.getByRole('table', { name: 'Daftar user' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    // The columns that identify and matter (issue 37); the others are in Detail User.
    await expect(table.locator('thead th:visible')).toHaveText(['', /Nama/, /Role/, 'Status', 'Aksi']);
    // Nothing scrolls sideways, not even inside the table's own box.
    expect(
      await table.evaluate(
        (element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth,
      ),
    ).toBe(true);
    const row = table.getByRole('row').nth(1);
    for (const cell of await row.locator('td:visible').all()) await expect(cell).toBeInViewport();
    await row.getByRole('cell').nth(1).click();
    const drawer = page.getByRole('dialog', { name: 'Detail User' });
    // The phone number, left out of the row, is read in the drawer.
    await expect(drawer.getByText('No. Handphone')).toBeVisible();
    for (const name of ['Tutup', 'Hapus', 'Edit']) {
      await expect(drawer.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(page);
  });
});

test.describe('filters', () => {
  test('the unit filter filters as you type, only the chosen AP units, and Hapus filter clears all', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.userManagement);
    const ap = page.getByRole('combobox', { name: 'Filter AP' });
    await ap.click();
    const apMenu = page.getByRole('listbox', { name: 'Filter AP' });
    const firstAp = apMenu.getByRole('option').nth(1);
    const apName = (await firstAp.getAttribute('title')) ?? '';
    await page.keyboard.type(apName.slice(0, 6));
    await apMenu.getByRole('option', { name: apName }).click();
    await expect(page).toHaveURL(/perusahaan_id=\d+/);

    const unit = page.getByRole('combobox', { name: 'Filter unit' });
    await unit.click();
    const unitMenu = page.getByRole('listbox', { name: 'Filter unit' });
    // every unit offered belongs to the chosen AP (each names its AP for screen readers)
    const names = await unitMenu.getByRole('option').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names.slice(1)) expect(name).toContain(apName);
    await expectNoA11yViolations(page);
    await page.keyboard.type('zzzz');
    await expect(unitMenu.getByText('No options')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('searchbox', { name: 'Cari user' }).fill('a');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/keyword=a/);
    await page.getByRole('button', { name: 'Hapus filter' }).click();
    await expect(page).toHaveURL(/\/user-management$/);
    await expect(ap).toHaveValue('Semua AP');
    await expect(page.getByRole('searchbox', { name: 'Cari user' })).toHaveValue('');
  });
});

test.describe('roles readable and linked', () => {
  test('a viewer opens Detail Role, and its member count leads to its users', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.roleManagement, DEMO_ACCOUNTS.viewer);
    const table = page.getByRole('table', { name: 'Daftar role' });
    await table.getByRole('cell', { name: 'Admin', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Detail Role' });
    await expect(drawer.getByRole('list', { name: 'Menu SSO Admin Panel' })).toContainText('User Management');
    await expect(drawer.getByRole('list', { name: 'Menu SSO Admin Panel' })).toContainText('Modifier');
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(READ_ONLY_REASON);
    await drawer.getByRole('link', { name: /user · lihat daftarnya/ }).click();
    await expect(page).toHaveURL(/\/user-management\?role_id=\d+/);
    const users = page.getByRole('table', { name: 'Daftar user' });
    await expect(users.getByRole('row').nth(1)).toContainText('Admin');
  });
});

test.describe('Tambah User and the role editor', () => {
  test('an employee who already has an account is "Sudah terdaftar" and cannot be chosen', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.addUser);
    const name = page.getByRole('combobox', { name: 'Nama' });
    await name.fill('100001');
    const taken = page.getByRole('option').filter({ hasText: '100001' });
    await expect(taken).toContainText('Sudah terdaftar');
    await expect(taken).toHaveAttribute('aria-disabled', 'true');
    // clicked anyway (past Playwright's own disabled check): nothing is chosen
    await taken.click({ force: true });
    await expect(page.getByRole('textbox', { name: 'NIK' })).toHaveValue('');
  });

  test('a menu level goes to its sub-menus, Atur semua sets all, the hint names the colour, Simpan stays in view', async ({
    page,
    openSignedIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await openSignedIn(routes.addRole);
    const save = page.getByRole('button', { name: 'Simpan' });
    await expect(
      page.getByText('Untuk menyimpan, lengkapi: warna, nama role, minimal 1 aplikasi.'),
    ).toBeVisible();
    await page.getByRole('switch', { name: 'SSO Admin Panel' }).click();
    await page.getByRole('combobox', { name: 'Level akses User Management' }).selectOption('Owner');
    await expect(page.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('1');
    await page
      .getByRole('combobox', { name: 'Atur semua level akses SSO Admin Panel' })
      .selectOption('Modifier');
    await expect(page.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('2');
    await expect(page.getByRole('combobox', { name: 'Level akses Home' })).toHaveValue('2');
    await page.getByLabel('Nama Role').fill('Ergonomi');
    await expect(page.getByText('Untuk menyimpan, lengkapi: warna.')).toBeVisible();
    // the action bar sticks to the bottom of the screen on a long form
    await expect(save).toBeInViewport({ ratio: 1 });
  });
});
