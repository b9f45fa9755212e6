import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { DEMO_ADMIN } from './support/env';
import { routes } from './support/routes';
import { signInThroughForm, signInToHome, type TestAccount as Account } from './support/testbed';

/**
 * Account lifecycle end to end (issue 24): the owner deactivates a user whose panel is open in
 * another browser, that panel is sent to sign in and the user cannot sign in again; the status
 * filter; Aktifkan restores sign-in; "Keluarkan dari semua sesi" ends a session of another
 * browser; "Terakhir masuk" after a sign-in. Each test creates and signs in its own user (never a
 * seeded demo account other specs use).
 */

const INACTIVE = 'Akun Anda tidak aktif. Hubungi administrator.';

/** The user's own browser: a separate context signed in through the login form. */
async function openUserBrowser(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToHome(page, account);
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Daftar user' });
const rowOf = (page: Page, account: Account) =>
  table(page).getByRole('row').filter({ hasText: account.nama });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The users list searched for one account. */
async function openListFor(page: Page, account: Account, query = ''): Promise<void> {
  await page.goto(`${routes.userManagement}?keyword=${account.nik}${query}`);
  await expect(rowOf(page, account)).toBeVisible();
}

test.describe('account lifecycle', () => {
  test.use({ signedInAs: DEMO_ADMIN });

  test('deactivating ends the open panel and refuses sign-in; Nonaktif lists them; Aktifkan restores', async ({
    page,
    browser,
    newAccount,
    expectNoA11yViolations,
  }) => {
    const account = await newAccount({ label: 'Lifecycle Status' });
    const theirs = await openUserBrowser(browser, account);

    await openListFor(page, account);
    await expect(rowOf(page, account).getByText('Aktif', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Aksi untuk ${account.nama}` }).click();
    await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Nonaktifkan user "${account.nama}"?` });
    await expect(dialog).toContainText('User tidak dapat masuk dan semua sesinya diakhiri');
    await dialog.getByRole('textbox', { name: 'Alasan (opsional)' }).fill('Resign per 1 Desember');
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Nonaktifkan' }).click();
    await expect(toast(page, 'User berhasil dinonaktifkan')).toBeVisible();
    await expect(rowOf(page, account).getByText('Nonaktif', { exact: true })).toBeVisible();

    // Their next request is a 401: the panel sends them to sign in, and signing in is refused.
    await theirs.getByRole('link', { name: 'Role Management', exact: true }).click();
    await expect(theirs).toHaveURL(/\/login$/);
    await signInThroughForm(theirs, account);
    await expect(theirs.getByText(INACTIVE)).toBeVisible();
    await expect(theirs).toHaveURL(/\/login$/);

    // The status filter, kept in the URL.
    // The list settled first (its rows and filter options loaded), then the filter chosen.
    await openListFor(page, account);
    await page.getByRole('combobox', { name: 'Filter status' }).click();
    await page.getByRole('option', { name: 'Aktif', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
    await expect(table(page)).toContainText('Data tidak ditemukan');
    await page.getByRole('combobox', { name: 'Filter status' }).click();
    await page.getByRole('option', { name: 'Nonaktif', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('inactive');
    await expect(rowOf(page, account)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Filter status' })).toHaveValue('Nonaktif');
    await expect(rowOf(page, account)).toBeVisible();

    // The drawer: status, who, when, why; Aktifkan.
    await rowOf(page, account).getByText(account.nik).click();
    const drawer = page.getByRole('dialog', { name: 'Detail User' });
    await expect(drawer.getByText(/^Dinonaktifkan oleh .+, \d+ \w+ \d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(drawer.getByText('Alasan: Resign per 1 Desember')).toBeVisible();
    await expectNoA11yViolations(page);
    await drawer.getByRole('button', { name: 'Aktifkan' }).click();
    await page
      .getByRole('alertdialog', { name: `Aktifkan user "${account.nama}"?` })
      .getByRole('button', {
        name: 'Aktifkan',
      })
      .click();
    await expect(toast(page, 'User berhasil diaktifkan')).toBeVisible();
    await expect(drawer.getByText('Aktif', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Nonaktifkan' })).toBeVisible();

    await signInToHome(theirs, account);
    await theirs.context().close();
  });

  test('"Keluarkan dari semua sesi" ends a session of another browser; "Terakhir masuk" after a sign-in', async ({
    page,
    browser,
    newAccount,
    expectNoA11yViolations,
  }) => {
    const account = await newAccount({ label: 'Lifecycle Sesi' });
    await openListFor(page, account);
    await expect(rowOf(page, account).getByText('Belum pernah masuk')).toBeVisible();

    const theirs = await openUserBrowser(browser, account);
    await page.reload();
    const time = rowOf(page, account).locator('time');
    await expect(time).toHaveText('baru saja');
    await time.focus();
    await expect(page.getByRole('tooltip')).toHaveText(/^\d+ \w+ \d{4} \d{2}:\d{2}$/);

    await rowOf(page, account).getByText(account.nik).click();
    const drawer = page.getByRole('dialog', { name: 'Detail User' });
    const sessions = drawer.getByRole('region', { name: 'Sesi Aktif (1)' });
    await expect(sessions.getByRole('listitem')).toContainText('SSO Admin Panel · Chrome');
    await expect(drawer.locator('time').first()).toHaveText('baru saja');
    await expectNoA11yViolations(page);
    await sessions.getByRole('button', { name: 'Keluarkan dari semua sesi' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Keluarkan "${account.nama}" dari semua sesi?` });
    await dialog.getByRole('button', { name: 'Keluarkan dari semua sesi' }).click();
    await expect(toast(page, '1 sesi berhasil diakhiri')).toBeVisible();
    await expect(drawer.getByText('Tidak ada sesi aktif')).toBeVisible();

    await theirs.getByRole('link', { name: 'User Management', exact: true }).click();
    await expect(theirs).toHaveURL(/\/login$/);
    // The account itself stays active.
    await signInToHome(theirs, account);
    await theirs.context().close();
  });
});
