import type { Page } from '@playwright/test';
import {
  LAST_OWNER_MESSAGE,
  NOT_HELD_REASON,
  OWNER_ONLY_REASON,
  OWN_ACCOUNT_DELETE_MESSAGE,
  OWN_ACCOUNT_STATUS_REASON,
  OWN_ROLE_MESSAGE,
  USER_NOT_COVERED_REASON,
} from '@sso/shared/access';
import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS, DEMO_ADMIN } from './support/env';
import { routes } from './support/routes';
import { createUser } from './support/testbed';

/**
 * Privilege boundaries (issue 18) as users meet them: nobody is offered a role or a level above
 * their own, no Edit on a stronger account, no Hapus on one's own row, and the panel's last owner
 * cannot be taken away. The api refuses the same (api/src/access/privilege*.test.ts).
 */

const usersTable = (page: Page) => page.getByRole('table', { name: 'Daftar user' });

async function rowActions(page: Page, name?: string): Promise<string[]> {
  await usersTable(page)
    .getByRole('button', { name: name ? `Aksi untuk ${name}` : /^Aksi untuk / })
    .click();
  // The menu opens after the click (its code may still be loading): wait for it, then read it.
  await page.getByRole('menuitem').first().waitFor();
  // An action shown disabled reads as `Edit (its reason)` (issue 37: say why).
  const items = await page.getByRole('menuitem').evaluateAll((elements) =>
    elements.map((item) => {
      const name = item.getAttribute('aria-label') ?? item.textContent ?? '';
      if (item.getAttribute('aria-disabled') !== 'true') return name;
      const reason = document.getElementById(item.getAttribute('aria-describedby') ?? '')?.textContent;
      return `${name} (${reason ?? ''})`;
    }),
  );
  await page.keyboard.press('Escape');
  return items;
}

/** The role select's options among the seeded roles (other specs running alongside add roles named `E2E …`). */
async function openRoleOptions(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Role' }).click();
  const options = await page.getByRole('listbox', { name: 'Role' }).getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options.map((option) => option.trim()).filter((option) => !option.startsWith('E2E '));
}

test.describe('privilege boundaries', () => {
  test("the modifier: no Super Admin in the role select, no Edit on the administrator's row", async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.addUser, DEMO_ACCOUNTS.modifier);
    await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
    expect(await openRoleOptions(page)).toEqual(['Admin']);

    await page.goto(`${routes.userManagement}?keyword=${DEMO_ADMIN.nik}`);
    await expect(usersTable(page).getByText('Administrator')).toBeVisible();
    expect(await rowActions(page, 'Administrator')).toEqual([
      'Lihat Detail',
      `Edit (${USER_NOT_COVERED_REASON})`,
      `Nonaktifkan (${USER_NOT_COVERED_REASON})`,
      `Hapus (${OWNER_ONLY_REASON})`,
    ]);
    await usersTable(page).getByText('Administrator').click();
    const drawer = page.getByRole('dialog', { name: 'Detail User' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');
    await expect(drawer.getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      USER_NOT_COVERED_REASON,
    );
    // The reason shows on focus too (keyboard users).
    await drawer.getByRole('button', { name: 'Edit' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText(USER_NOT_COVERED_REASON);
    await expectNoA11yViolations(page);
  });

  test('the second modifier is offered the roles their role covers', async ({ page, openSignedIn }) => {
    await openSignedIn(routes.addUser, DEMO_ACCOUNTS.modifier2);
    await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
    expect(await openRoleOptions(page)).toEqual(['Admin User', 'Finance Staff', 'Viewer']);
  });

  test('the role editor caps each level at the actor’s own and shows what they do not hold', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.addRole, DEMO_ACCOUNTS.modifier);
    await page.getByRole('switch', { name: 'SSO Admin Panel' }).click();
    const level = page.getByRole('combobox', { name: 'Level akses User Management' });
    await expect(level).toBeEnabled();
    await expect(level.getByRole('option')).toHaveText(['Modifier', 'Viewer']);
    // "Atur semua" offers only levels it sets on every ticked menu: never Owner to an Admin (issue 37).
    const setAll = page.getByRole('combobox', { name: 'Atur semua level akses SSO Admin Panel' });
    await expect(setAll.locator('option:not([disabled])').first()).toBeAttached();
    expect(await setAll.locator('option:not([disabled])').allTextContents()).not.toContain('Owner');
    // Admin holds Home, User and Role Management of the panel: Settings is shown, not grantable.
    const settings = page.getByRole('checkbox', { name: /^Settings/ });
    await expect(settings).toBeDisabled();
    await expect(settings).not.toBeChecked();
    await expect(page.getByText(NOT_HELD_REASON).first()).toBeVisible();
    // Finance is not Admin's either: its switch cannot be turned on.
    await expect(page.getByRole('switch', { name: 'Finance' })).toBeDisabled();
    await expectNoA11yViolations(page);
  });

  test('the owner: no Hapus on their own row, Hapus on others; their own role is marked and cannot be changed', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(`${routes.userManagement}?keyword=${DEMO_ADMIN.nik}`);
    await expect(usersTable(page).getByText('Administrator')).toBeVisible();
    expect(await rowActions(page, 'Administrator')).toEqual([
      'Lihat Detail',
      'Edit',
      `Nonaktifkan (${OWN_ACCOUNT_STATUS_REASON})`,
      `Hapus (${OWN_ACCOUNT_DELETE_MESSAGE})`,
    ]);
    await page.goto(`${routes.userManagement}?keyword=${DEMO_ACCOUNTS.modifier.nik}`);
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    // Nonaktifkan (issue 24) follows Edit: a covered account, never one's own.
    expect(await rowActions(page)).toEqual(['Lihat Detail', 'Edit', 'Nonaktifkan', 'Hapus']);

    await page.goto(`${routes.userManagement}?keyword=${DEMO_ADMIN.nik}`);
    await rowActionsThenEdit(page);
    await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await expect(page.getByText(OWN_ROLE_MESSAGE)).toBeVisible();

    // (searched: roles made by other specs may push it past the first page)
    await page.goto(`${routes.roleManagement}?keyword=${encodeURIComponent('Super Admin')}`);
    await expect(page.getByRole('row', { name: /Super Admin/ })).toContainText('Role Anda');
  });

  test('the last owner cannot lower their own role: the 409 is shown and the form keeps what was chosen', async ({
    page,
    openSignedIn,
    apiClient,
  }) => {
    // Only the administrator holds Super Admin in this database: nobody else owns the panel.
    const owners = await apiClient.get('/api/v1/ap/users/list?role_id=1&perPage=50');
    expect((owners.body as { data: unknown[] }).data).toHaveLength(1);

    await openSignedIn(`${routes.roleManagement}`);
    await page.getByRole('searchbox', { name: 'Cari role' }).fill('Super Admin');
    await page.getByRole('button', { name: 'Aksi untuk role Super Admin' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const level = page.getByRole('combobox', { name: 'Level akses User Management' });
    await level.selectOption({ label: 'Modifier' });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: LAST_OWNER_MESSAGE })).toBeVisible();
    await expect(level).toHaveValue('2');
    await expect(page.getByLabel('Nama Role')).toHaveValue('Super Admin');
    // Nothing was written: the role still owns User Management.
    const list = await apiClient.get('/api/v1/ap/role/list?keyword=Super%20Admin');
    const superAdmin = (
      list.body as {
        data: {
          name: string;
          applications: { apps_id: number; menus: { name: string; acces_level: number }[] }[];
        }[];
      }
    ).data.find((role) => role.name === 'Super Admin');
    const users = superAdmin?.applications
      .find((app) => app.apps_id === 1)
      ?.menus.find((m) => m.name === 'User Management');
    expect(users?.acces_level).toBe(1);
  });

  test('the owner gives another role through the form', async ({ page, openSignedIn, apiClient }) => {
    // With a unit of its AP: the form refuses an AP without one (issue 37).
    const { id, nama } = await createUser(apiClient, { label: 'Hak', roleId: 3, withUnit: true });
    try {
      await openSignedIn(`${routes.userManagement}?keyword=${encodeURIComponent(nama)}`);
      await rowActionsThenEdit(page);
      await page.getByRole('combobox', { name: 'Role' }).click();
      await expect(page.getByRole('option', { name: 'Super Admin' })).toBeVisible();
      await page.getByRole('option', { name: 'Finance Staff' }).click();
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page.getByText('User berhasil diperbarui')).toBeVisible();
      const list = await apiClient.get(`/api/v1/ap/users/list?keyword=${encodeURIComponent(nama)}`);
      expect((list.body as { data: { role_name: string }[] }).data[0]?.role_name).toBe('Finance Staff');
    } finally {
      await apiClient.delete(`/api/v1/ap/users/${id}`);
    }
  });
});

async function rowActionsThenEdit(page: Page) {
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await usersTable(page)
    .getByRole('button', { name: /^Aksi untuk / })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
}
