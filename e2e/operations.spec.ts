import { test, expect } from './support/fixtures';
import { routes } from './support/routes';

test.describe('Status Modul on /settings', () => {
  test('one row per registered remote with its version, build and state; loaded after its page was opened', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.userManagement);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const section = page.getByRole('region', { name: 'Status Modul' });
    const table = section.getByRole('table', { name: /Modul yang terdaftar/ });
    await expect(table).toBeVisible();
    await expect(section.getByText(/^Versi host: \d+\.\d+\.\d+$/)).toBeVisible();
    const users = table.getByRole('row', { name: /^users/ });
    await expect(users).toContainText('http://localhost:3002');
    await expect(users).toContainText('Dimuat');
    await expect(users).not.toContainText('Belum dimuat');
    await expect(users).toContainText(/\d+\.\d+\.\d+/);
    await expect(table.getByRole('row', { name: /^roles/ })).toContainText('Belum dimuat');
    await expect(table.getByRole('row', { name: /^auth/ })).toContainText('http://localhost:3001');

    // Re-read without a page reload: the check time is the newest.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await section.getByRole('button', { name: 'Periksa lagi' }).click();
    await expect(section.getByRole('button', { name: 'Periksa lagi' })).toBeEnabled();
    for (const port of [3001, 3002, 3003]) {
      expect(requests).toContain(`http://localhost:${port}/mf-manifest.json`);
    }
    expect(requests.filter((url) => url.includes('/settings'))).toEqual([]);
  });
});
