import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { TestStack, buildRemote, hostFiles, redeployWithMarker, root } from './support/test-stack';
import { UNREGISTERED_PORT } from './support/env';
import { closeServer, serveStatic } from '../scripts/serve-static.mjs';

type LoginAs = (page: Page, nik?: string, password?: string, origin?: string) => Promise<void>;

// Every failure here must stay contained: the page fixture (support/fixtures.ts) fails a test on any
// uncaught error or unhandled rejection in the page, as error monitoring would report it.

/** React DevTools' hook: every copy of react-dom registers its renderer here. */
const countRenderers = () => {
  const renderers: { rendererPackageName?: string; version?: string }[] = [];
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      renderers: new Map(),
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: { rendererPackageName?: string; version?: string }) {
        renderers.push({ rendererPackageName: renderer.rendererPackageName, version: renderer.version });
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onScheduleFiberRoot() {},
      checkDCE() {},
    },
  });
  Object.defineProperty(window, '__testRenderers', { value: renderers });
};

test.describe('federation', () => {
  test('one copy of React across host and remotes; a remote page reads the host QueryClient and session', async ({
    page,
    loginAs,
  }) => {
    await page.addInitScript(countRenderers);
    await loginAs(page);
    await page.goto(routes.login);
    // Logged in: the public-only auth route sends us home, through the auth remote's descriptor.
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: 'User Management', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    // Data fetched by the remote with the host's session bearer, cached in the host's QueryClient.
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('main').getByText('Menampilkan')).toBeVisible();
    await page.getByRole('link', { name: 'Role Management', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();

    const renderers = await page.evaluate(() => Reflect.get(window, '__testRenderers'));
    expect(renderers).toEqual([
      { rendererPackageName: 'react-dom', version: expect.stringMatching(/^19\./) },
    ]);

    // Every remote that loaded React took the host's copy from the share scope.
    const providers = await page.evaluate(() => {
      const share = Reflect.get(globalThis, '__FEDERATION__').__SHARE__;
      const found: string[] = [];
      for (const scopes of Object.values<
        Record<string, Record<string, Record<string, { from: string; loaded?: unknown }>>>
      >(share)) {
        for (const packages of Object.values(scopes)) {
          for (const pkg of ['react', 'react-dom', '@sso/shared/navigation', '@tanstack/react-query']) {
            for (const version of Object.values(packages[pkg] ?? {}))
              if (version.loaded) found.push(`${pkg}<-${version.from}`);
          }
        }
      }
      return [...new Set(found)].sort();
    });
    // The router is not shared: remotes reach the host's one router through its navigation facade.
    expect(providers).toEqual([
      '@sso/shared/navigation<-host',
      '@tanstack/react-query<-host',
      'react-dom<-host',
      'react<-host',
    ]);
  });

  test.describe('with a remote the test owns', () => {
    let stack: TestStack;
    test.beforeEach(async ({ server }) => {
      stack = await TestStack.withUsersCopy(server);
    });
    test.afterEach(async () => {
      await stack?.stop();
    });

    /** Signs the demo admin in on the test's own host and opens `path` there. */
    async function openOnStack(page: Page, loginAs: LoginAs, path: string): Promise<void> {
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${path}`);
    }

    /** The same, on the users list, once its page (the owned remote's code) has rendered. */
    async function openUsers(page: Page, loginAs: LoginAs): Promise<void> {
      await openOnStack(page, loginAs, routes.userManagement);
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    }

    /** The users list opened, then its remote stopped and the page reloaded: the fallback's retry button. */
    async function openUsersWithRemoteDown(page: Page, loginAs: LoginAs) {
      await openUsers(page, loginAs);
      await stack.stopRemote();
      await page.reload();
      const retry = page.getByRole('button', { name: 'Coba lagi' });
      await expect(retry).toBeVisible();
      return retry;
    }

    test('a remote that is down shows an Indonesian fallback with a retry; the rest keeps working', async ({
      page,
      loginAs,
    }) => {
      const retry = await openUsersWithRemoteDown(page, loginAs);
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();

      // The sidebar and the other remotes keep working.
      await page.getByRole('link', { name: 'Role Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

      // Back up: the retry loads it without a page reload.
      await page.getByRole('link', { name: 'User Management', exact: true }).click();
      await expect(retry).toBeVisible();
      await stack.startRemote();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByText('Modul tidak dapat dimuat')).toHaveCount(0);
    });

    test('a remote built against a newer @sso/shared is not executed; its routes show the fallback, the rest works', async ({
      page,
      loginAs,
    }) => {
      // Deploy a build whose manifest requires @sso/shared ^3.0.0 (the host provides 2.x).
      expect(stack.requireShared('^3.0.0')).toBeGreaterThan(0);

      await loginAs(page, undefined, undefined, stack.hostOrigin);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(`${stack.hostOrigin}${routes.userManagement}`);
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
      // Not even downloaded: index.html's early fetch does not preload a remote the host will refuse.
      expect(requested.filter((url) => url.startsWith(stack.remoteOrigin))).toEqual([
        `${stack.remoteOrigin}/mf-manifest.json`,
      ]);
      // The other remotes keep working.
      await page.getByRole('link', { name: 'Role Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      // None of its code ran: no script of it on the page and no federation container of it.
      const executed = await page.evaluate((origin) => {
        const scripts = [...document.scripts].map((s) => s.src).filter((src) => src.startsWith(origin));
        const instances = Reflect.get(globalThis, '__FEDERATION__').__INSTANCES__ as { name: string }[];
        return { scripts, containers: instances.map((i) => i.name).filter((name) => name === 'users') };
      }, stack.remoteOrigin);
      expect(executed).toEqual({ scripts: [], containers: [] });
    });

    test.describe('code on an origin no registry lists', () => {
      const otherOrigin = `http://localhost:${UNREGISTERED_PORT}`;
      let other: Awaited<ReturnType<typeof serveStatic>>;
      let otherHits: string[];
      test.beforeEach(async () => {
        // The same files, served from another origin: the runtime could load them if allowed.
        other = await serveStatic({ dir: stack.remoteDir, port: UNREGISTERED_PORT });
        otherHits = [];
        other.on('request', (request: { url?: string }) => otherHits.push(request.url ?? ''));
      });
      test.afterEach(async () => {
        await closeServer(other);
      });

      test('a manifest ("auto") naming its entry and page chunks on another origin is refused before anything loads', async ({
        page,
        loginAs,
      }) => {
        stack.editManifest((manifest) => {
          manifest.metaData.publicPath = 'auto';
          manifest.metaData.remoteEntry.path = otherOrigin;
          for (const expose of manifest.exposes) {
            expose.assets.js.sync = expose.assets.js.sync.map((file) => `${otherOrigin}/${file}`);
          }
        });
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));

        await openOnStack(page, loginAs, routes.userManagement);
        await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
        await page.waitForLoadState('networkidle');

        // Nothing of it was requested, there or on its own origin (only its manifest was read), and
        // the page's Content-Security-Policy had nothing to block (the fixture fails on a violation).
        expect(requested.filter((url) => url.startsWith(otherOrigin))).toEqual([]);
        expect(otherHits).toEqual([]);
        expect(
          requested.filter((url) => url.startsWith(stack.remoteOrigin) && !url.endsWith('/mf-manifest.json')),
        ).toEqual([]);
        // The other remotes keep working.
        await page.getByRole('link', { name: 'Role Management', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      });

      test('code moved to another origin after the host read the manifest is refused on retry', async ({
        page,
        loginAs,
      }) => {
        const retry = await openUsersWithRemoteDown(page, loginAs);

        // Redeployed meanwhile with its code elsewhere: the manifest the retry reads is checked again
        // (every manifest the runtime loads passes the host's checks), and its code is refused.
        stack.editManifest((manifest) => {
          manifest.metaData.publicPath = `${otherOrigin}/`;
        });
        await stack.startRemote();
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        const manifestRead = page.waitForResponse(`${stack.remoteOrigin}/mf-manifest.json`);
        await retry.click();
        await manifestRead;
        await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
        await expect(retry).toBeVisible();

        expect(requested).toContain(`${stack.remoteOrigin}/mf-manifest.json`);
        expect(requested.filter((url) => url.startsWith(otherOrigin))).toEqual([]);
        expect(otherHits).toEqual([]);
      });
    });

    // In this file (one worker), as every test that owns ports 3300/3302.
    test('Status Modul: "Periksa lagi" shows a remote going down and coming back, and names an incompatible one', async ({
      page,
      loginAs,
    }) => {
      await openOnStack(page, loginAs, routes.settings);
      const section = page.getByRole('region', { name: 'Status Modul' });
      const users = section.getByRole('row', { name: /^users/ });
      await expect(users).toContainText('Belum dimuat');
      await expect(users).toContainText(stack.remoteOrigin);

      await stack.stopRemote();
      await section.getByRole('button', { name: 'Periksa lagi' }).click();
      await expect(users).toContainText('Gagal: tidak dapat dihubungi');

      // Redeployed with a requirement the host does not meet.
      stack.requireShared('^3.0.0');
      await stack.startRemote();
      await section.getByRole('button', { name: 'Periksa lagi' }).click();
      await expect(users).toContainText('Gagal: tidak kompatibel');
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as {
        version: string;
      };
      await expect(users).toContainText(`Membutuhkan @sso/shared ^3.0.0, host menyediakan ${version}`);
    });

    /** What a panel left open sees when the window regains focus (the watcher's trigger). */
    const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const newVersionPrompt = (page: Page) =>
      page.getByRole('status').filter({ hasText: 'Versi baru tersedia' });
    /** A mark on this document: gone once the page has really reloaded. */
    const markDocument = (page: Page) => page.evaluate(() => Reflect.set(window, '__beforeReload', true));
    const documentMarked = (page: Page) =>
      page.evaluate(() => Reflect.get(window, '__beforeReload') === true);

    test('an open panel whose users remote is redeployed says "Versi baru tersedia"; "Muat ulang" reloads', async ({
      page,
      loginAs,
      expectNoA11yViolations,
    }) => {
      await openUsers(page, loginAs);
      await expect(newVersionPrompt(page)).toHaveCount(0);

      stack.redeployAs(`redeploy-${Date.now()}`);
      await regainFocus(page);
      const prompt = newVersionPrompt(page);
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('Modul users telah diperbarui.');
      await expectNoA11yViolations(page);
      // Non-blocking: the page stays usable behind it.
      await page.getByRole('link', { name: 'Role Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();

      await markDocument(page);
      await Promise.all([
        page.waitForEvent('load'),
        prompt.getByRole('button', { name: 'Muat ulang' }).click(),
      ]);
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      expect(await documentMarked(page)).toBe(false);
      await expect(newVersionPrompt(page)).toHaveCount(0);

      // The reloaded page runs the new build: the next check finds nothing new.
      await page.getByRole('link', { name: 'User Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      const checked = page.waitForResponse(`${stack.remoteOrigin}/mf-manifest.json`);
      await regainFocus(page);
      await checked;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await expect(newVersionPrompt(page)).toHaveCount(0);
    });

    test('with unsaved input, "Muat ulang" asks "Keluar tanpa menyimpan?": staying keeps the input, leaving reloads without a second prompt', async ({
      page,
      loginAs,
    }) => {
      const nativeDialogs: string[] = [];
      page.on('dialog', (dialog) => {
        nativeDialogs.push(dialog.type());
        void dialog.accept();
      });
      await openOnStack(page, loginAs, routes.addUser);
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
      const name = page.getByRole('combobox', { name: 'Nama' });
      await name.fill('Budi');
      await page.keyboard.press('Escape');

      stack.redeployAs(`redeploy-${Date.now()}`);
      await regainFocus(page);
      const prompt = newVersionPrompt(page);
      await expect(prompt).toBeVisible();
      await markDocument(page);

      await prompt.getByRole('button', { name: 'Muat ulang' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Keluar tanpa menyimpan?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Tetap di sini' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(name).toHaveValue('Budi');
      await expect(prompt).toBeVisible();
      expect(await documentMarked(page)).toBe(true);

      await prompt.getByRole('button', { name: 'Muat ulang' }).click();
      await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Keluar' }).click()]);
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
      expect(await documentMarked(page)).toBe(false);
      await expect(page.getByRole('combobox', { name: 'Nama' })).toHaveValue('');
      // The user answered in the page: the browser did not ask again.
      expect(nativeDialogs).toEqual([]);
    });

    test('an unchanged manifest costs a 304: the check on focus is a conditional request, and nothing is prompted', async ({
      page,
      loginAs,
    }) => {
      await openUsers(page, loginAs);
      const before = stack.manifestRequests.length;
      expect(before).toBeGreaterThan(0);

      await regainFocus(page);
      // Counted where it is answered: the page itself (and Playwright's response event) sees a
      // revalidated manifest as the cached 200.
      await expect.poll(() => stack.manifestRequests.length).toBe(before + 1);
      expect(stack.manifestRequests[before]).toEqual({ status: 304, ifNoneMatch: expect.any(String) });
      await expect(newVersionPrompt(page)).toHaveCount(0);
      // A focus storm right after it is not another request (one check per 30 s).
      await regainFocus(page);
      await regainFocus(page);
      await page.getByRole('link', { name: 'Role Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      expect(stack.manifestRequests).toHaveLength(before + 1);
    });

    test('redeploying one remote alone shows its new code after a reload, host build untouched', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(180_000);
      const hostBefore = hostFiles();

      await openUsers(page, loginAs);
      const marker = `Versi terbaru ${Date.now()}`;
      await expect(page.getByText(marker)).toHaveCount(0);

      // A new version of the users remote: same code plus a visible line, built on its own.
      redeployWithMarker('remote-users', './src/user-list/user-list-page.tsx', marker, stack.remoteDir);

      await page.reload();
      await expect(page.getByText(marker)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      expect(hostFiles()).toEqual(hostBefore);
    });

    test('a remote whose manifest never answers holds back nothing: the panel renders at once, its routes fall back within a bound, the retry works once it answers', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(120_000);
      // Far below the ~10 s the manifest reads take to give up (2 × 5 s): the panel does not wait for them.
      const soon = { timeout: 7_000 };
      // Bounded: the host gives up on a hung manifest (spinner meanwhile), it does not spin forever.
      const bounded = { timeout: 20_000 };
      await stack.hangRemote();

      await page.goto(`${stack.hostOrigin}${routes.login}`, { waitUntil: 'commit' });
      await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible(soon);

      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.home}`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(soon);
      // The other remotes work meanwhile.
      await page.getByRole('link', { name: 'Role Management', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible(soon);

      // Never seen in this browser: no route of it is known, the address shows the fallback.
      await page.goto(`${stack.hostOrigin}${routes.userManagement}`, { waitUntil: 'commit' });
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible(bounded);
      const retry = page.getByRole('button', { name: 'Coba lagi' });
      await expect(retry).toBeVisible();

      // It answers again: the retry loads it, no page reload.
      await stack.startRemote();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByText('Modul tidak dapat dimuat')).toHaveCount(0);

      // Seen before (its descriptor is remembered): it hangs again; its sidebar item stays, its page
      // waits, then falls back within the bound; the retry works once it answers.
      await stack.hangRemote();
      await page.reload({ waitUntil: 'commit' });
      await expect(page.getByRole('link', { name: 'User Management', exact: true })).toBeVisible(soon);
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible(bounded);
      await stack.startRemote();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    });

    test('a remote by configuration alone: the real apps entry removed takes App Management away (the host declares none of its pages); another build registered in its place renders; the real one re-added is back; host build untouched', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(120_000);
      const hostBefore = hostFiles();
      const registry = stack.registeredRemotes();
      const withoutApps = registry.filter((remote) => remote.name !== 'apps');
      expect(withoutApps).toHaveLength(registry.length - 1);
      const menu = page.getByRole('navigation', { name: 'Menu utama' });

      // The default registry lists the real App Management remote: its list, not the placeholder.
      await openOnStack(page, loginAs, routes.appManagement);
      await expect(page.getByRole('heading', { level: 1, name: 'App Management' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Tambah Aplikasi' })).toBeVisible();

      // Its entry removed from config.json: the host has no page or sidebar item of its own there
      // (remote-apps' route table declares them, ADR 0027): the page is not found, nothing of it shows.
      await stack.register(withoutApps);
      await page.reload();
      await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
      await expect(menu.getByRole('link', { name: 'App Management', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Tambah Aplikasi' })).toHaveCount(0);
      await expect(page.getByText('Daftar aplikasi')).toHaveCount(0);

      // Another team's remote (docs/federation.md "How to add a remote"), built on its own and deployed.
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-apps-'));
      try {
        buildRemote(path.join(root, 'e2e', 'fixtures', 'remote-apps'), out);
        const entry = await stack.serveExtraRemote(out);
        await stack.register([...withoutApps, { name: 'apps', entry }]);

        await page.goto(`${stack.hostOrigin}${routes.home}`);
        await expect(menu.getByRole('link', { name: 'App Management', exact: true })).toHaveCount(1);
        await menu.getByRole('link', { name: 'App Management', exact: true }).click();
        await expect(page).toHaveURL(/\/app-management$/);
        await expect(page.getByRole('heading', { level: 1, name: 'App Management' })).toBeVisible();
        await expect(page.getByText('Daftar aplikasi')).toBeVisible();
        await expect(menu.getByRole('link', { name: 'App Management', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        const containers = await page.evaluate(() =>
          (Reflect.get(globalThis, '__FEDERATION__').__INSTANCES__ as { name: string }[]).map((i) => i.name),
        );
        expect(containers).toContain('apps');

        // Unregistered: App Management is gone again and nothing is asked of the remote.
        await stack.register(withoutApps);
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.reload();
        await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
        await expect(page.getByText('Daftar aplikasi')).toHaveCount(0);
        await expect(menu.getByRole('link', { name: 'App Management', exact: true })).toHaveCount(0);
        expect(requested.filter((url) => url.startsWith(stack.extraRemoteOrigin))).toEqual([]);
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }

      // The real entry back: the real remote again, after a reload.
      await stack.register(registry);
      await page.reload();
      await expect(page.getByRole('link', { name: 'Tambah Aplikasi' })).toBeVisible();
      expect(hostFiles()).toEqual(hostBefore);
    });
  });

  test.describe('with the apps remote owned', () => {
    let stack: TestStack;
    test.beforeEach(async ({ server }) => {
      stack = await TestStack.withCopyOf('remote-apps', 'apps', server);
    });
    test.afterEach(async () => {
      await stack?.stop();
    });

    test('remote-apps redeployed alone shows its new build after a reload, host build untouched', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(180_000);
      const before = hostFiles();
      const appsTable = page.getByRole('table', { name: 'Daftar aplikasi' });
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.appManagement}`);
      await expect(appsTable.getByRole('row', { name: /HRIS/ })).toBeVisible();
      const marker = `Versi aplikasi terbaru ${Date.now()}`;
      await expect(page.getByText(marker)).toHaveCount(0);

      redeployWithMarker('remote-apps', './src/app-list/app-list-page.tsx', marker, stack.remoteDir);

      await page.reload();
      await expect(page.getByText(marker)).toBeVisible();
      await expect(appsTable.getByRole('row', { name: /HRIS/ })).toBeVisible();
      expect(hostFiles()).toEqual(before);
    });
  });

  test('a cold /login reads each manifest once, preloads only the login page and loads no users, roles or apps code', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(routes.login);
    await expect(page.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // index.html fetched every other manifest early; the runtime reused the one the host validated.
    for (const port of [3002, 3003, 3004]) {
      expect(requested.filter((url) => url === `http://localhost:${port}/mf-manifest.json`)).toHaveLength(1);
    }
    // The auth remote's came in the page (ADR 0016, "The page's data"): not fetched at all.
    expect(requested.filter((url) => url === 'http://localhost:3001/mf-manifest.json')).toEqual([]);
    // Route-level splitting: the users, roles and apps remotes send nothing but their manifests.
    const otherRemotes = requested.filter(
      (url) => /localhost:300[234]\//.test(url) && !url.endsWith('mf-manifest.json'),
    );
    expect(otherRemotes).toEqual([]);
    // The login page's code was preloaded from the manifest, before main.js asked for it.
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
        (link) => link.href,
      ),
    );
    expect(preloads).toEqual(
      expect.arrayContaining([
        'http://localhost:3001/remoteEntry.js',
        expect.stringMatching(/^http:\/\/localhost:3001\/__federation_expose_login\.[0-9a-f]+\.js$/),
      ]),
    );
    // Each preloaded script was downloaded once (the runtime used the preload).
    for (const href of preloads) expect(requested.filter((url) => url === href)).toHaveLength(1);
    // And the auth remote sent nothing else: every shared module the login page uses came from the
    // host (a copy of its own would be one more request, in series before the page could run).
    const authCode = requested.filter(
      (url) => url.startsWith('http://localhost:3001/') && url.endsWith('.js'),
    );
    expect(authCode.sort()).toEqual(
      preloads.filter((href) => href.startsWith('http://localhost:3001/')).sort(),
    );
  });

  test('manifests and remote entries are served no-cache, hashed chunks immutable', async ({ request }) => {
    for (const port of [3001, 3002, 3003, 3004]) {
      const manifest = await request.get(`http://localhost:${port}/mf-manifest.json`);
      expect(manifest.headers()['cache-control']).toBe('no-cache');
      const entry = await request.get(`http://localhost:${port}/remoteEntry.js`);
      expect(entry.headers()['cache-control']).toBe('no-cache');
      const body: { exposes: { assets: { js: { sync: string[] } } }[] } = await manifest.json();
      const chunk = body.exposes[0]?.assets.js.sync[0];
      expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
      const hashed = await request.get(`http://localhost:${port}/${chunk}`);
      expect(hashed.headers()['cache-control']).toContain('immutable');
    }
    const index = await request.get('http://localhost:3000/user-management');
    expect(index.headers()['cache-control']).toBe('no-cache');
    expect(index.headers()['referrer-policy']).toBe('no-referrer');
  });
});
