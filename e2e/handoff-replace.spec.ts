import LZString from 'lz-string';
import type { Page } from '@playwright/test';
import { test, expect, SESSION_KEY } from './support/fixtures';
import { API_ORIGIN, DEMO_ACCOUNTS, DEMO_ADMIN } from './support/env';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';

/**
 * Issue 36 (finding 13): a handoff link `/?data=` carrying another account's session no longer
 * replaces the signed-in session without a word. The shell asks, naming both accounts; replacing
 * ends the old login, staying keeps it and stores nothing of the link.
 */

const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)) ?? 'null') as {
    nik: string;
    token?: string;
    access_token: string;
  } | null;

/** Whether a bearer still opens the profile (api/me). */
async function alive(token: string): Promise<boolean> {
  const reply = await fetch(`${API_ORIGIN}/api/v1/sso/api/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return reply.status === 200;
}

/**
 * Signed in as the administrator, on Home: opens a handoff link (`/?data=`, as the sign-in app sends
 * one) carrying the viewer's session. Answers the administrator's stored session, the viewer's, and
 * the question the shell asks.
 */
async function openViewerHandoff(page: Page, api: SsoApi) {
  await page.goto(routes.home);
  const before = await storedSession(page);
  expect(before?.nik).toBe('100001');
  const viewer = await api.sessionFor(DEMO_ACCOUNTS.viewer.nik, DEMO_ACCOUNTS.viewer.password);
  await page.goto(`/?data=${LZString.compressToEncodedURIComponent(JSON.stringify(viewer))}`);
  return { before, viewer, dialog: page.getByRole('alertdialog', { name: 'Ganti akun?' }) };
}

test.describe('a handoff while another account is signed in', () => {
  test.use({ signedInAs: DEMO_ADMIN });

  test('asks, naming both accounts; "Masuk sebagai" ends the old login and stores the new session', async ({
    page,
    apiClient,
    expectNoA11yViolations,
  }) => {
    const { before, viewer, dialog } = await openViewerHandoff(page, apiClient);
    await expect(dialog).toBeVisible();
    expect(page.url()).not.toContain('data=');
    await expect(dialog).toContainText('Anda sedang masuk sebagai Administrator (NIK 100001).');
    await expect(dialog).toContainText(`Tautan ini akan memasukkan Anda sebagai ${viewer.name} (NIK 100002)`);
    await expectNoA11yViolations(page);
    // Nothing was replaced while the question is open.
    expect((await storedSession(page))?.nik).toBe('100001');

    await dialog.getByRole('button', { name: `Masuk sebagai ${viewer.name}` }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect((await storedSession(page))?.nik).toBe('100002');
    // The old login is over, both its tokens.
    expect(await alive(before?.access_token ?? '')).toBe(false);
    expect(await alive(before?.token ?? '')).toBe(false);
    expect(await alive(viewer.access_token)).toBe(true);
  });

  test('"Tetap sebagai" keeps the signed-in session and stores nothing of the link', async ({
    page,
    apiClient,
  }) => {
    const { before, dialog } = await openViewerHandoff(page, apiClient);
    await dialog.getByRole('button', { name: 'Tetap sebagai Administrator' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await storedSession(page)).toMatchObject({ nik: '100001', access_token: before?.access_token });
    expect(await alive(before?.access_token ?? '')).toBe(true);
  });
});
