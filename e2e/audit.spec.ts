import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS } from './support/env';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { createUser, downloadCsv, roleIdsByName, shotAtWidths, type TestUser } from './support/testbed';

/**
 * Log Aktivitas and Home (issue 20) against the real api: an edit found with its before → after
 * (through the user's "Lihat aktivitas"), a failed sign-in with its reason, the CSV of exactly the
 * filtered rows, Home's cards, and Home with one remote down. Screenshots with SHOTS=1.
 */

const USERS = '/api/v1/ap/users';
const AUDIT = '/api/v1/ap/audit/list';

/** A new user of role Admin, then given Viewer: a created and an edited event in the log. */
async function userMovedFromAdminToViewer(api: SsoApi): Promise<TestUser> {
  const roles = await roleIdsByName(api);
  const user = await createUser(api, { label: 'Audit', roleId: roles.get('Admin'), phonePrefix: '089' });
  const edited = await api.patch(`${USERS}/${user.id}`, { role_ids: [roles.get('Viewer') ?? 3] });
  expect(edited.status).toBe(200);
  return user;
}

test.describe('Log Aktivitas', () => {
  test('an edit is found through "Lihat aktivitas" with its before → after; axe', async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    const user = await userMovedFromAdminToViewer(apiClient);

    await openSignedIn(`${routes.userManagement}?keyword=${encodeURIComponent(user.nama)}`);
    await page
      .getByRole('row', { name: new RegExp(user.nama) })
      .getByText(user.nama)
      .click();
    const detail = page.getByRole('dialog', { name: 'Detail User' });
    await detail.getByRole('link', { name: 'Lihat aktivitas' }).click();
    await expect(page).toHaveURL(new RegExp(`/log-aktivitas\\?user=${user.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Log Aktivitas' })).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(`Mengubah user ${user.nama}`) });
    await expect(row).toContainText('Berhasil');
    await expect(row).toContainText('Administrator (NIK 100001)');
    await expect(page.getByRole('row', { name: new RegExp(`Menambah user ${user.nama}`) })).toBeVisible();
    await expectNoA11yViolations(page);
    await shotAtWidths(page, 'log-aktivitas');

    await row.getByRole('button', { name: `Mengubah user ${user.nama}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Detail Aktivitas' });
    const change = drawer.getByRole('table', { name: 'Perubahan' }).getByRole('row', { name: /^Role/ });
    await expect(change.getByRole('cell')).toHaveText(['Admin', 'Viewer']);
    await expectNoA11yViolations(page);
    await shotAtWidths(page, 'log-aktivitas-drawer');
  });

  test('a failed login appears with its reason; the CSV holds exactly the filtered rows', async ({
    page,
    apiClient,
    loginAs,
  }) => {
    await page.goto(routes.login);
    await page.getByRole('textbox', { name: 'NIK' }).fill('100003');
    await page.getByLabel('Password', { exact: true }).fill('bukan-passwordnya');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'NIK atau password salah',
    );

    await loginAs(page);
    const filter = '?action=auth.login_nik&result=failed';
    await page.goto(`${routes.auditLog}${filter}`);
    const row = page.getByRole('row', { name: /NIK 100003/ }).first();
    await expect(row).toContainText('Masuk dengan NIK');
    await expect(row).toContainText('Gagal');
    await row.getByRole('button', { name: 'Masuk dengan NIK' }).click();
    const drawer = page.getByRole('dialog', { name: 'Detail Aktivitas' });
    await expect(drawer).toContainText('NIK atau password salah');
    await expect(drawer).not.toContainText('bukan-passwordnya');
    await page.keyboard.press('Escape');

    // Other workers' failed sign-ins may land while this runs: the CSV is compared with the count
    // read before and after it, and taken again until no event landed in between.
    const total = async () =>
      ((await apiClient.get(`${AUDIT}${filter}&perPage=1`)).body as { meta: { total: number } }).meta.total;
    let lines: string[] = [];
    await expect(async () => {
      const before = await total();
      ({ lines } = await downloadCsv(page, /^log-aktivitas-\d{4}-\d{2}-\d{2}\.csv$/));
      expect(await total()).toBe(before);
      expect(lines.length - 1).toBe(before);
    }).toPass({ timeout: 20_000 });
    expect(lines[0]).toContain('Waktu (UTC),NIK Pelaku,Pelaku,Aktivitas');
    for (const line of lines.slice(1)) expect(line).toContain(',auth.login_nik,');
    for (const line of lines.slice(1)) expect(line).toContain(',Gagal,');
    expect(lines.some((line) => line.includes('100003') && line.includes('NIK atau password salah'))).toBe(
      true,
    );
  });
});

test.describe('Home', () => {
  test('shows the cards of each remote; with one remote down the others still work', async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    // At least five events, whatever ran before: sign-ins and a created, then edited, user.
    await userMovedFromAdminToViewer(apiClient);
    await openSignedIn(routes.home);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const users = page.getByTestId('home-card-users-total');
    const roles = page.getByTestId('home-card-roles-total');
    const recent = page.getByTestId('home-card-recent-activity');
    const apps = page.getByTestId('home-card-apps-total');
    await expect(users).toContainText(/\d+ user terdaftar/);
    await expect(apps).toContainText(/\d+ aplikasi terdaftar/);
    await expect(users).toContainText('ditambahkan dalam 7 hari terakhir');
    await expect(roles).toContainText(/\d+ role terdaftar/);
    await expect(recent.getByRole('listitem')).toHaveCount(5);
    await expectNoA11yViolations(page);
    await shotAtWidths(page, 'home');

    // The roles remote goes down (its descriptor is remembered from the visit above).
    await page.route('http://localhost:3003/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(users).toContainText(/\d+ user terdaftar/, { timeout: 20_000 });
    await expect(apps).toContainText(/\d+ aplikasi terdaftar/);
    await expect(recent.getByRole('listitem')).toHaveCount(5);
    await expect(roles.getByRole('alert')).toContainText('Kartu ini tidak dapat dimuat', { timeout: 20_000 });
    await expect(
      page
        .getByRole('navigation', { name: 'Menu utama' })
        .getByRole('link', { name: 'Log Aktivitas', exact: true }),
    ).toBeVisible();
    await shotAtWidths(page, 'home-remote-down');

    await page.unroute('http://localhost:3003/**');
    await roles.getByRole('button', { name: 'Coba lagi' }).click();
    await expect(roles).toContainText(/\d+ role terdaftar/, { timeout: 20_000 });
  });

  test('a viewer without Log Aktivitas sees no activity card and no menu item', async ({ page, loginAs }) => {
    await loginAs(page, DEMO_ACCOUNTS.viewer);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(routes.home);
    await expect(page.getByTestId('home-card-users-total')).toContainText(/\d+ user terdaftar/);
    await expect(page.getByTestId('home-card-recent-activity')).toHaveCount(0);
    await expect(
      page
        .getByRole('navigation', { name: 'Menu utama' })
        .getByRole('link', { name: 'Log Aktivitas', exact: true }),
    ).toHaveCount(0);
    expect(requested.filter((url) => url.includes('__federation_expose_home_recent_activity'))).toEqual([]);
  });
});
