import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { TestStack, copyDir, root } from './support/test-stack';

test.describe('Status Modul on /settings', () => {
  test('one row per registered remote with its version, build and state; loaded after its page was opened', async ({
    page,
    loginAs,
  }) => {
    await loginAs(page);
    await page.goto(routes.userManagement);
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

  test.describe('with a remote the test owns', () => {
    let stack: TestStack;
    let workDir: string;

    test.beforeEach(async () => {
      workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-remote-'));
      const live = path.join(workDir, 'live');
      copyDir(path.join(root, 'remote-users', 'dist'), live);
      stack = new TestStack(live);
      await stack.start();
    });

    test.afterEach(async () => {
      await stack.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    });

    test('"Periksa lagi" shows a remote going down and coming back, and names an incompatible one', async ({
      page,
      loginAs,
    }) => {
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.settings}`);
      const section = page.getByRole('region', { name: 'Status Modul' });
      const users = section.getByRole('row', { name: /^users/ });
      await expect(users).toContainText('Belum dimuat');
      await expect(users).toContainText(stack.remoteOrigin);

      await stack.stopRemote();
      await section.getByRole('button', { name: 'Periksa lagi' }).click();
      await expect(users).toContainText('Gagal: tidak dapat dihubungi');

      // Redeployed with a requirement the host does not meet.
      const manifestFile = path.join(stack.remoteDir, 'mf-manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
        shared: { name: string; requiredVersion?: string }[];
      };
      for (const entry of manifest.shared) {
        if (entry.name.startsWith('@sso/shared/')) entry.requiredVersion = '^3.0.0';
      }
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
      for (const suffix of ['.br', '.gz']) fs.rmSync(`${manifestFile}${suffix}`, { force: true });
      await stack.startRemote();
      await section.getByRole('button', { name: 'Periksa lagi' }).click();
      await expect(users).toContainText('Gagal: tidak kompatibel');
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as {
        version: string;
      };
      await expect(users).toContainText(`Membutuhkan @sso/shared ^3.0.0, host menyediakan ${version}`);
    });
  });
});
