import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { TestStack, buildRemote, copyDir, root } from './support/test-stack';

/**
 * Uncaught errors and unhandled rejections in the page from now on: a contained failure leaves
 * none (error monitoring would report one on every load).
 */
function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The host's built files and their times: a remote's deploy or registration must not touch them. */
const hostFiles = () =>
  fs
    .readdirSync(path.join(root, 'host', 'dist'))
    .map((f) => `${f}:${fs.statSync(path.join(root, 'host', 'dist', f)).mtimeMs}`)
    .sort();

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
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    // Data fetched by the remote with the host's session bearer, cached in the host's QueryClient.
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('main').getByText('Menampilkan')).toBeVisible();
    await page.getByRole('link', { name: 'Role Management' }).click();
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
    test.beforeEach(async () => {
      stack = await TestStack.withUsersCopy();
    });
    test.afterEach(async () => {
      await stack?.stop();
    });

    test('a remote that is down shows an Indonesian fallback with a retry; the rest keeps working', async ({
      page,
      loginAs,
    }) => {
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.userManagement}`);
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

      await stack.stopRemote();
      const uncaught = uncaughtErrors(page);
      await page.reload();
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
      expect(uncaught).toEqual([]);
      const retry = page.getByRole('button', { name: 'Coba lagi' });
      await expect(retry).toBeVisible();

      // The sidebar and the other remotes keep working.
      await page.getByRole('link', { name: 'Role Management' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      await page.getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

      // Back up: the retry loads it without a page reload.
      await page.getByRole('link', { name: 'User Management' }).click();
      await expect(retry).toBeVisible();
      await stack.startRemote();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByText('Modul tidak dapat dimuat')).toHaveCount(0);
      expect(uncaught).toEqual([]);
    });

    test('a remote built against a newer @sso/shared is not executed; its routes show the fallback, the rest works', async ({
      page,
      loginAs,
    }) => {
      // Deploy a build whose manifest requires @sso/shared ^3.0.0 (the host provides 2.x).
      expect(stack.requireShared('^3.0.0')).toBeGreaterThan(0);

      const uncaught = uncaughtErrors(page);
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
      await page.getByRole('link', { name: 'Role Management' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      // None of its code ran: no script of it on the page and no federation container of it.
      const executed = await page.evaluate((origin) => {
        const scripts = [...document.scripts].map((s) => s.src).filter((src) => src.startsWith(origin));
        const instances = Reflect.get(globalThis, '__FEDERATION__').__INSTANCES__ as { name: string }[];
        return { scripts, containers: instances.map((i) => i.name).filter((name) => name === 'users') };
      }, stack.remoteOrigin);
      expect(executed).toEqual({ scripts: [], containers: [] });
      expect(uncaught).toEqual([]);
    });

    // In this file (one worker), as every test that owns ports 3100/3102.
    test('Status Modul: "Periksa lagi" shows a remote going down and coming back, and names an incompatible one', async ({
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
      stack.requireShared('^3.0.0');
      await stack.startRemote();
      await section.getByRole('button', { name: 'Periksa lagi' }).click();
      await expect(users).toContainText('Gagal: tidak kompatibel');
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as {
        version: string;
      };
      await expect(users).toContainText(`Membutuhkan @sso/shared ^3.0.0, host menyediakan ${version}`);
    });

    test('redeploying one remote alone shows its new code after a reload, host build untouched', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(180_000);
      const hostBefore = hostFiles();

      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.userManagement}`);
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      const marker = `Versi terbaru ${Date.now()}`;
      await expect(page.getByText(marker)).toHaveCount(0);

      // A new version of the users remote: same code plus a visible line, built on its own.
      const copy = path.join(root, `.e2e-redeploy-users-${process.pid}`);
      fs.rmSync(copy, { recursive: true, force: true });
      fs.mkdirSync(copy);
      for (const entry of ['src', 'package.json', 'rspack.config.ts']) {
        fs.cpSync(path.join(root, 'remote-users', entry), path.join(copy, entry), { recursive: true });
      }
      fs.symlinkSync(path.join(root, 'remote-users', 'node_modules'), path.join(copy, 'node_modules'));
      fs.writeFileSync(
        path.join(copy, 'src', 'redeploy-page.tsx'),
        `import Page from './user-list/user-list-page';\nexport default function Redeployed() {\n  return (<><p>${marker}</p><Page /></>);\n}\n`,
      );
      const exposesFile = path.join(copy, 'src', 'exposes.ts');
      const exposes = fs.readFileSync(exposesFile, 'utf8');
      expect(exposes).toContain("'./src/user-list/user-list-page.tsx'");
      fs.writeFileSync(
        exposesFile,
        exposes.replace("'./src/user-list/user-list-page.tsx'", "'./src/redeploy-page.tsx'"),
      );
      try {
        execFileSync(path.join(root, 'node_modules', '.bin', 'rspack'), ['build', '--env', 'production'], {
          cwd: copy,
          stdio: 'pipe',
        });
        // Deploy: swap the static folder the remote's server reads.
        copyDir(path.join(copy, 'dist'), stack.remoteDir);
      } finally {
        fs.rmSync(copy, { recursive: true, force: true });
      }

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
      const uncaught = uncaughtErrors(page);

      await page.goto(`${stack.hostOrigin}${routes.login}`, { waitUntil: 'commit' });
      await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible(soon);

      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.home}`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(soon);
      // The other remotes work meanwhile.
      await page.getByRole('link', { name: 'Role Management' }).click();
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
      await expect(page.getByRole('link', { name: 'User Management' })).toBeVisible(soon);
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible(bounded);
      await stack.startRemote();
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
      expect(uncaught).toEqual([]);
    });

    test('a fourth remote by configuration alone: its sidebar item replaces the placeholder and its page renders; removing the entry restores the placeholder; host build untouched', async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(120_000);
      const hostBefore = hostFiles();
      const uncaught = uncaughtErrors(page);
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.appManagement}`);
      // The host's placeholder: a heading, nothing else.
      await expect(page.getByRole('heading', { level: 1, name: 'App Management' })).toBeVisible();
      await expect(page.getByText('Daftar aplikasi')).toHaveCount(0);

      // Another team's remote (README "How to add a remote"), built on its own and deployed.
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-apps-'));
      try {
        buildRemote(path.join(root, 'e2e', 'fixtures', 'remote-apps'), out);
        const entry = await stack.serveExtraRemote(out);
        const registry = stack.registeredRemotes();
        stack.register([...registry, { name: 'apps', entry }]);

        await page.goto(`${stack.hostOrigin}${routes.home}`);
        const menu = page.getByRole('navigation', { name: 'Menu utama' });
        await expect(menu.getByRole('link', { name: 'App Management' })).toHaveCount(1);
        await menu.getByRole('link', { name: 'App Management' }).click();
        await expect(page).toHaveURL(/\/app-management$/);
        await expect(page.getByRole('heading', { level: 1, name: 'App Management' })).toBeVisible();
        await expect(page.getByText('Daftar aplikasi')).toBeVisible();
        await expect(menu.getByRole('link', { name: 'App Management' })).toHaveAttribute(
          'aria-current',
          'page',
        );
        const containers = await page.evaluate(() =>
          (Reflect.get(globalThis, '__FEDERATION__').__INSTANCES__ as { name: string }[]).map((i) => i.name),
        );
        expect(containers).toContain('apps');

        // Unregistered: the placeholder is back and nothing is asked of the remote.
        stack.register(registry);
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'App Management' })).toBeVisible();
        await expect(page.getByText('Daftar aplikasi')).toHaveCount(0);
        await expect(menu.getByRole('link', { name: 'App Management' })).toHaveCount(1);
        expect(requested.filter((url) => url.startsWith(stack.extraRemoteOrigin))).toEqual([]);
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
      expect(hostFiles()).toEqual(hostBefore);
      expect(uncaught).toEqual([]);
    });
  });

  test('a cold /login reads each manifest once, preloads only the login page and loads no users or roles code', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(routes.login);
    await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // index.html fetched every manifest early; the runtime reused the one the host validated.
    for (const port of [3001, 3002, 3003]) {
      expect(requested.filter((url) => url === `http://localhost:${port}/mf-manifest.json`)).toHaveLength(1);
    }
    // Route-level splitting: the users and roles remotes send nothing but their manifests.
    const otherRemotes = requested.filter(
      (url) => /localhost:300[23]\//.test(url) && !url.endsWith('mf-manifest.json'),
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
  });

  test('manifests and remote entries are served no-cache, hashed chunks immutable', async ({ request }) => {
    for (const port of [3001, 3002, 3003]) {
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
