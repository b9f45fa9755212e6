import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';

/**
 * Account lifecycle end to end (issue 24): the owner deactivates a user whose panel is open in
 * another browser, that panel is sent to sign in and the user cannot sign in again; the status
 * filter; Aktifkan restores sign-in; "Keluarkan dari semua sesi" ends a session of another
 * browser; "Terakhir masuk" after a sign-in. Each test creates and signs in its own user (never a
 * seeded demo account other specs use).
 */

interface Account {
  id: number;
  nama: string;
  nik: string;
  password: string;
}

const INACTIVE = 'Akun Anda tidak aktif. Hubungi administrator.';
let sequence = 0;

/**
 * A user with role "Admin" (a modifier of the panel) created through the api, with a password set
 * the way a user would: forgot-password, the dev outbox's code, verify, reset.
 */
async function createAccount(
  apiClient: SsoApi,
  outbox: { latestCode: (to: string, purpose: 'reset') => Promise<string> },
  tag: string,
): Promise<Account> {
  sequence += 1;
  const unique = `${Date.now() % 1e8}`.padStart(8, '0') + String(sequence % 10);
  const user = { nama: `E2E Lifecycle ${tag} ${unique}`, nik: `E2EL${unique}`, phone: `087${unique}` };
  const created = await apiClient.post('/api/v1/ap/users', {
    ...user,
    email: '',
    role_ids: [2],
    perusahaan: [{ perusahaan_id: 1, perusahaan_name: 'AP', cabang: [] }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const password = `Lifecycle-${unique}`;
  expect((await apiClient.post('/forgot-password/request-otp', { nik: user.nik })).status).toBe(200);
  const otp = await outbox.latestCode(user.phone, 'reset');
  expect((await apiClient.post('/forgot-password/verify-otp', { nik: user.nik, otp })).status).toBe(200);
  const reset = await apiClient.post('/forgot-password/reset', {
    nik: user.nik,
    otp,
    new_password: password,
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  return { id: (created.body as { data: { id: number } }).data.id, ...user, password };
}

/** The user's own browser: a separate context signed in through the login form. */
async function openUserBrowser(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

async function signInThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto(routes.login);
  await page.getByRole('textbox', { name: 'NIK' }).fill(account.nik);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
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
  test.beforeEach(async ({ page, loginAs }) => {
    await loginAs(page);
  });

  test('deactivating ends the open panel and refuses sign-in; Nonaktif lists them; Aktifkan restores', async ({
    page,
    browser,
    apiClient,
    outbox,
    expectNoA11yViolations,
  }) => {
    const account = await createAccount(apiClient, outbox, 'Status');
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

    await signInThroughForm(theirs, account);
    await expect(theirs).toHaveURL(/\/home$/);
    await theirs.context().close();
  });

  test('"Keluarkan dari semua sesi" ends a session of another browser; "Terakhir masuk" after a sign-in', async ({
    page,
    browser,
    apiClient,
    outbox,
    expectNoA11yViolations,
  }) => {
    const account = await createAccount(apiClient, outbox, 'Sesi');
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
    await signInThroughForm(theirs, account);
    await expect(theirs).toHaveURL(/\/home$/);
    await theirs.context().close();
  });
});
