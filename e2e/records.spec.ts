import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { openUserDrawer, signInToHome } from './support/testbed';

/**
 * Records that keep their identity and say what happened (issue 37), at 1440 and 390 px: a user
 * whose session an administrator ended ("Akhiri", asked first) reads why on the login screen; an
 * application still granted by roles says so before any confirmation and leads to those roles; a
 * deactivation (with its reason) and the reactivation read as two different sentences in the
 * user's own history ("Lihat aktivitas"). Each test creates its own user. Screens with SHOTS=1.
 */

const USERS = '/api/v1/ap/users';
const ENDED = 'Sesi Anda telah diakhiri oleh administrator.';
const shotsDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
const WIDTHS = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

for (const size of WIDTHS) {
  test.describe(`records and reasons at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('"Akhiri" asks first; the user whose session ended reads why on the login screen', async ({
      page,
      browser,
      newAccount,
      loginAs,
      expectNoA11yViolations,
    }) => {
      const account = await newAccount({ label: `Rekam Sesi ${size.width}`, phonePrefix: '086' });
      const theirs = await openBrowser(browser, size);
      await signInToHome(theirs, account);

      await loginAs(page);
      const drawer = await openUserDrawer(page, account);
      const sessions = drawer.getByRole('region', { name: 'Sesi Aktif (1)' });
      await sessions.getByRole('button', { name: /^Akhiri sesi SSO Admin Panel/ }).click();
      const dialog = page.getByRole('alertdialog', { name: `Akhiri sesi "${account.nama}"?` });
      await expect(dialog).toContainText('Sesi SSO Admin Panel');
      await expectNoA11yViolations(page);
      await shot(page, `akhiri-confirm-${size.width}`);
      await dialog.getByRole('button', { name: 'Akhiri', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Sesi berhasil diakhiri' })).toBeVisible();

      // Their next request is a 401 naming the reason: the panel goes to sign in and says why.
      await theirs.reload();
      await expect(theirs).toHaveURL(/\/login$/);
      await expect(theirs.getByText(ENDED)).toBeVisible();
      await expectNoA11yViolations(theirs);
      await shot(theirs, `login-session-ended-${size.width}`);
      // Until the next sign-in.
      await theirs.reload();
      await expect(theirs.getByText(ENDED)).toBeVisible();
      await signInToHome(theirs, account);
      await theirs.goto(routes.login);
      await expect(theirs).toHaveURL(/\/home$/);
      await theirs.context().close();
    });

    test('an application granted to roles says so before any confirmation; "Lihat role" lists them', async ({
      page,
      openSignedIn,
      expectNoA11yViolations,
    }) => {
      await openSignedIn(`${routes.appManagement}?keyword=HRIS`);
      await page.getByRole('button', { name: 'Aksi untuk aplikasi HRIS' }).click();
      await page.getByRole('menuitem', { name: 'Hapus' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Aplikasi "HRIS" tidak dapat dihapus' });
      await expect(dialog).toContainText(/Aplikasi ini masih diberikan kepada \d+ role\./);
      await expect(dialog.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
      await expectNoA11yViolations(page);
      await shot(page, `app-in-use-${size.width}`);
      await dialog.getByRole('button', { name: 'Lihat role' }).click();
      await expect(page).toHaveURL(/\/role-management\?apps_id=2$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    });

    test('deactivation with its reason and reactivation read apart in the user’s own history', async ({
      page,
      apiClient,
      newAccount,
      loginAs,
      expectNoA11yViolations,
    }) => {
      const account = await newAccount({ label: `Rekam Riwayat ${size.width}`, phonePrefix: '086' });
      const reason = 'Cuti panjang sampai Januari';
      expect(
        (await apiClient.patch(`${USERS}/${account.id}/status`, { is_active: false, reason })).status,
      ).toBe(200);
      expect((await apiClient.patch(`${USERS}/${account.id}/status`, { is_active: true })).status).toBe(200);

      await loginAs(page);
      const drawer = await openUserDrawer(page, account);
      await drawer.getByRole('link', { name: 'Lihat aktivitas' }).click();
      await expect(page).toHaveURL(new RegExp(`/log-aktivitas\\?user=${account.id}$`));

      const deactivated = `Menonaktifkan user ${account.nama} (status Aktif → Nonaktif; alasan “${reason}”)`;
      const reactivated = `Mengaktifkan kembali user ${account.nama} (status Nonaktif → Aktif)`;
      const table = page.getByRole('table', { name: 'Daftar aktivitas' });
      await expect(table.getByRole('row')).not.toHaveCount(1);
      await expectNoA11yViolations(page);
      await shot(page, `history-${size.width}`);
      // Newest first: the reactivation, then the deactivation. Each opens its sentence with the actor.
      for (const [index, activity] of [reactivated, deactivated].entries()) {
        const row = table.getByRole('row').nth(index + 1);
        await row.click();
        const detail = page.getByRole('dialog', { name: 'Detail Aktivitas' });
        await expect(detail).toContainText(`${activity[0]?.toLowerCase()}${activity.slice(1)}.`);
        if (index === 1) await shot(page, `history-event-${size.width}`);
        await page.keyboard.press('Escape');
        await expect(detail).toBeHidden();
      }
      if (size.width >= 1024) {
        await expect(table.getByRole('button', { name: reactivated, exact: true })).toBeVisible();
        await expect(table.getByRole('button', { name: deactivated, exact: true })).toBeVisible();
      }
      // "Jenis aktivitas" offers each of them.
      await page.goto(`${routes.auditLog}?user=${account.id}&action=user.deactivate`);
      await expect(table.getByRole('row')).toHaveCount(2);
    });
  });
}

async function openBrowser(browser: Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  return context.newPage();
}
