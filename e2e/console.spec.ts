import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { READ_ONLY_REASON } from '@sso/shared/access';
import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS } from './support/env';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { createUser, roleIdsByName } from './support/testbed';

/**
 * A console that explains itself on every width (issue 37), under every demo role at 1440 and 390
 * px: the users and log lists keep the columns that identify and matter on a phone, with their
 * filters behind one "Filter" control; an empty search is seen in the first screen; Edit then Batal
 * (or Simpan) returns to the same filtered, sorted page; what may not be done says why; nothing is cut.
 * With SHOTS=1 each screen is also saved as a PNG (in SHOTS_DIR, default test-results/console-shots).
 */

const WIDTHS = [1440, 390] as const;
const shotsDir = process.env.SHOTS_DIR ?? path.join(import.meta.dirname, '../test-results/console-shots');

const ROLES = {
  owner: { account: DEMO_ACCOUNTS.owner, edits: true, readsLog: true },
  modifier: { account: DEMO_ACCOUNTS.modifier, edits: true, readsLog: true },
  modifier2: { account: DEMO_ACCOUNTS.modifier2, edits: true, readsLog: false },
  viewer: { account: DEMO_ACCOUNTS.viewer, edits: false, readsLog: false },
} as const;
/** A role each demo account's own covers (the role filter of the Edit → Batal test). */
const COVERED_ROLE = { owner: 'Admin', modifier: 'Admin', modifier2: 'Viewer', viewer: 'Admin' } as const;

const usersTable = (page: Page) => page.getByRole('table', { name: 'Daftar user' });
const logTable = (page: Page) => page.getByRole('table', { name: 'Daftar aktivitas' });
const filterControl = (page: Page) => page.getByRole('button', { name: /^Filter/ });
const listPlace = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
}

/** Nothing scrolls sideways: not the document, not the table's own box. */
async function expectNoSidewaysScroll(page: Page, table: Locator) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.doc).toBeLessThanOrEqual(widths.screen);
  expect(
    await table.evaluate((element) => {
      const box = element.parentElement!;
      return box.scrollWidth - box.clientWidth;
    }),
  ).toBeLessThanOrEqual(0);
}

/** The text of the header cells shown (the box and the actions columns have none). */
const visibleHeaders = async (table: Locator) =>
  (await table.locator('thead th:visible').allTextContents())
    .map((text) => text.replace(/[↕↑↓]/g, '').trim())
    .filter((text) => text !== 'Aksi');

/** A list with its rows loaded: more than the header row, nothing busy. */
async function expectLoaded(page: Page, table: Locator) {
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens the actions menu of the users list's first row. */
async function openFirstRowActions(page: Page) {
  await usersTable(page)
    .getByRole('button', { name: /^Aksi untuk / })
    .first()
    .click();
}

/** From the users list: the first row's Edit, which opens Edit User. */
async function editFirstUser(page: Page) {
  await openFirstRowActions(page);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
}

/** Opens a list at `place` and waits until it has loaded; returns its table. */
async function openList(page: Page, place: string, tableOf: (page: Page) => Locator): Promise<Locator> {
  await page.goto(place);
  const table = tableOf(page);
  await expectLoaded(page, table);
  return table;
}

/** On a phone: only `headers` shown, no sideways scrolling, every cell of the first row in view. */
async function expectPhoneColumns(page: Page, table: Locator, headers: string[]) {
  await expect.poll(async () => (await visibleHeaders(table)).filter(Boolean)).toEqual(headers);
  await expectNoSidewaysScroll(page, table);
  for (const cell of await table.getByRole('row').nth(1).locator('td:visible').all()) {
    await expect(cell).toBeInViewport();
  }
}

async function idOfRole(apiClient: SsoApi, name: string): Promise<number> {
  const id = (await roleIdsByName(apiClient)).get(name);
  if (id === undefined) throw new Error(`no role ${name}`);
  return id;
}

async function totalOf(apiClient: SsoApi, query: string): Promise<number> {
  const list = (await apiClient.get(`/api/v1/ap/users/list?${query}`)).body as { meta: { total: number } };
  return list.meta.total;
}

for (const width of WIDTHS) {
  const phone = width < 720;
  for (const [roleName, role] of Object.entries(ROLES) as [
    keyof typeof ROLES,
    (typeof ROLES)[keyof typeof ROLES],
  ][]) {
    test.describe(`console at ${width} px as ${roleName}`, () => {
      test.use({ viewport: { width, height: phone ? 844 : 900 }, signedInAs: role.account });

      test('the users list: the columns that matter, filters behind one control on a phone, nothing cut', async ({
        page,
      }) => {
        const table = await openList(page, `${routes.userManagement}?status=active`, usersTable);
        if (phone) {
          await expectPhoneColumns(page, table, ['Nama', 'Role', 'Status']);
          // The four filters fold behind one control that counts the ones set.
          await expect(filterControl(page)).toHaveAccessibleName('Filter 1 aktif');
          await expect(page.getByRole('combobox', { name: 'Filter status' })).toBeHidden();
          await shot(page, `users-${roleName}-${width}`);
          await filterControl(page).click();
          await expect(filterControl(page)).toHaveAttribute('aria-expanded', 'true');
          await expect(page.getByRole('combobox', { name: 'Filter status' })).toHaveValue('Aktif');
          await page.getByRole('combobox', { name: 'Filter role' }).click();
          await page.getByRole('option', { name: COVERED_ROLE[roleName], exact: true }).click();
          await expect(filterControl(page)).toHaveAccessibleName('Filter 2 aktif');
          await shot(page, `users-filters-${roleName}-${width}`);
        } else {
          await expect(filterControl(page)).toBeHidden();
          await expect(page.getByRole('combobox', { name: 'Filter status' })).toBeVisible();
          // Role names and unit codes are never cut: no cell of theirs overflows.
          const headers = await visibleHeaders(table);
          for (const column of ['Role', 'Unit']) {
            const index = headers.indexOf(column);
            expect(index, column).toBeGreaterThan(0);
            const cut = await table
              .locator(`tbody tr td:nth-child(${index + 1})`)
              .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length);
            expect(cut, `${column} cells cut`).toBe(0);
          }
          await shot(page, `users-${roleName}-${width}`);
        }
      });

      test('an empty search is seen in the first screen', async ({ page }) => {
        await page.goto(`${routes.userManagement}?keyword=tidak-ada-user-seperti-ini-zzz`);
        const notFound = usersTable(page).getByText('Data tidak ditemukan');
        await expect(notFound).toBeInViewport({ ratio: 1 });
        await expectNoSidewaysScroll(page, usersTable(page));
        await shot(page, `users-empty-${roleName}-${width}`);
      });

      if (role.readsLog) {
        test('the log: time, actor and activity without sideways scrolling, filters folded on a phone', async ({
          page,
        }) => {
          const table = await openList(page, routes.auditLog, logTable);
          if (phone) {
            await expectPhoneColumns(page, table, ['Waktu', 'Pelaku', 'Aktivitas']);
            await expect(filterControl(page)).toHaveAccessibleName('Filter');
            await expect(page.getByRole('combobox', { name: 'Jenis aktivitas' })).toBeHidden();
          } else {
            expect(await visibleHeaders(table)).toEqual([
              'Waktu',
              'Pelaku',
              'Aktivitas',
              'Hasil',
              'Alamat IP',
            ]);
            await expect(page.getByRole('combobox', { name: 'Jenis aktivitas' })).toBeVisible();
          }
          await shot(page, `log-${roleName}-${width}`);
          await page.goto(`${routes.auditLog}?keyword=tidak-ada-aktivitas-zzz`);
          await expect(table.getByText('Data tidak ditemukan')).toBeInViewport({ ratio: 1 });
        });
      }

      if (role.edits) {
        test('Edit then Batal (and back) returns to the same filtered, sorted page', async ({
          page,
          apiClient,
        }) => {
          const roleId = await idOfRole(apiClient, COVERED_ROLE[roleName]);
          const pageNo = (await totalOf(apiClient, `role_id=${roleId}&status=active`)) > 10 ? 2 : 1;
          const place = `${routes.userManagement}?status=active&role_id=${roleId}&sortBy=nama&sort=desc${pageNo > 1 ? `&page=${pageNo}` : ''}`;
          await page.goto(place);
          await expect(usersTable(page).getByRole('row')).not.toHaveCount(1);
          const placed = listPlace(page);
          await editFirstUser(page);
          await page.getByRole('button', { name: 'Batal' }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
          expect(listPlace(page)).toBe(placed);
          if (phone) await expect(filterControl(page)).toHaveAccessibleName('Filter 2 aktif');
          else
            await expect(page.getByRole('combobox', { name: 'Filter role' })).toHaveValue(
              COVERED_ROLE[roleName],
            );
          await expect(page.getByRole('columnheader', { name: /Nama/ })).toHaveAttribute(
            'aria-sort',
            'descending',
          );
          // The browser's back button as well.
          await editFirstUser(page);
          await page.goBack();
          await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
          expect(listPlace(page)).toBe(placed);
        });
      } else {
        test('Edit is there, disabled with the reason, and opens nothing', async ({ page }) => {
          await page.goto(`${routes.userManagement}?status=active&sortBy=nama&sort=desc`);
          const placed = listPlace(page);
          await openFirstRowActions(page);
          const edit = page.getByRole('menuitem', { name: 'Edit' });
          await expect(edit).toHaveAttribute('aria-disabled', 'true');
          await expect(edit).toHaveAccessibleDescription(READ_ONLY_REASON);
          await expect(page.getByRole('menu')).toContainText(READ_ONLY_REASON);
          await shot(page, `users-menu-${roleName}-${width}`);
          // Pressed anyway (past Playwright's own disabled check): the menu stays, nothing opens.
          await edit.click({ force: true });
          await expect(page.getByRole('menu')).toBeVisible();
          expect(listPlace(page)).toBe(placed);
        });
      }
    });
  }
}

test.describe('return to where you were, and say what is missing', () => {
  test('Edit User then Simpan returns to the searched, sorted list; the toast stays clear of the top bar', async ({
    page,
    openSignedIn,
    apiClient,
  }) => {
    const companies = (await apiClient.get('/company/companies-with-branches')).body as {
      data: { data: { id: number; nama: string; cabangs: { id: number; name: string; kode: string }[] }[] };
    };
    const company = companies.data.data.find((c) => c.cabangs.length >= 2)!;
    const roleId = await idOfRole(apiClient, 'Viewer');
    const { id, nik } = await createUser(apiClient, {
      label: 'Kembali',
      roleId,
      company,
      units: [{ cabang_id: company.cabangs[0]!.id, cabang_name: company.cabangs[0]!.name }],
      phonePrefix: '088',
    });
    const stampText = nik.slice('E2EK'.length);
    try {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
        await openSignedIn(`${routes.userManagement}?keyword=${stampText}&sortBy=nik&sort=desc`);
        const placed = listPlace(page);
        await usersTable(page)
          .getByRole('button', { name: `Aksi untuk E2E Kembali ${stampText}` })
          .click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
        const second = page.getByRole('checkbox', { name: new RegExp(company.cabangs[1]!.name) });
        await second.click();
        await page.getByRole('button', { name: 'Simpan' }).click();
        const toast = page.getByRole('status').filter({ hasText: 'berhasil' });
        await expect(toast).toBeVisible();
        expect(listPlace(page)).toBe(placed);
        await expect(page.getByRole('searchbox', { name: 'Cari user' })).toHaveValue(stampText);
        if (width < 720) {
          // Clear of the shell's top bar and of the page title.
          const title = await page.getByRole('heading', { level: 1, name: 'User Management' }).boundingBox();
          const box = await toast.boundingBox();
          expect(box!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
          await expect(toast).toBeInViewport({ ratio: 1 });
          await shot(page, `toast-${width}`);
        }
        await expect(page.locator('[role="status"]').filter({ hasText: 'berhasil' })).toHaveCount(1);
      }
    } finally {
      await apiClient.delete(`/api/v1/ap/users/${id}`);
    }
  });

  test('Role and App Management: Edit then Batal returns to the searched, sorted list; their phone columns', async ({
    page,
    loginAs,
  }) => {
    await loginAs(page);
    for (const [list, heading, editHeading, search, phoneColumns] of [
      [routes.roleManagement, 'Role Management', 'Edit Role', 'Cari role', ['Nama Role', 'Jumlah User']],
      [routes.appManagement, 'App Management', 'Edit Aplikasi', 'Cari aplikasi', ['Nama Aplikasi', 'Role']],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${list}?keyword=a&sortBy=name&sort=desc`);
      await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
      // Polled: the rows may still be the loading ones when the first appears.
      await expect
        .poll(async () => (await visibleHeaders(page.getByRole('table'))).filter(Boolean))
        .toEqual(phoneColumns);
      await expectNoSidewaysScroll(page, page.getByRole('table'));
      await shot(page, `${heading.split(' ')[0]!.toLowerCase()}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      const placed = listPlace(page);
      // The first row the owner may edit (every row but none, for the owner).
      await page
        .getByRole('table')
        .getByRole('button', { name: /^Aksi untuk / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: editHeading })).toBeVisible();
      await page.getByRole('button', { name: 'Batal' }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(listPlace(page)).toBe(placed);
      await expect(page.getByRole('searchbox', { name: search })).toHaveValue('a');
    }
  });

  test('Tambah User: a disabled Simpan says what is missing, an AP without a unit is named', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.addUser);
    const save = page.getByRole('button', { name: 'Simpan' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(
      'Untuk menyimpan, lengkapi: nama karyawan, role, minimal 1 AP.',
    );
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await page.getByRole('combobox', { name: 'AP' }).click();
    const firstAp = page.getByRole('option').nth(1);
    const apName = (await firstAp.textContent())!.trim();
    await firstAp.click();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`Untuk menyimpan, lengkapi: nama karyawan, unit ${apName}.`)).toBeVisible();
    await expect(page.getByRole('group', { name: apName }).getByText('Pilih minimal 1 unit.')).toBeVisible();
    await shot(page, 'tambah-user-hint-1440');
  });
});
