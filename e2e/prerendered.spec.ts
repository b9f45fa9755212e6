import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { API_BASE, DEMO_ADMIN, TEST_PRERENDER_PORTS } from './support/env';
import { TestStack, copyDir, root } from './support/test-stack';
import { closeServer, serveStatic } from '../scripts/serve-static.mjs';
import { inlineScripts } from '../scripts/lib/csp.mjs';

/**
 * The sign-in screens paint from the page's HTML (issue 34, ADR 0016): the auth remote's build
 * prerenders them, the host's servers (Node and nginx alike) include the remote's current one, and
 * the auth page takes the painted screen over with what was typed.
 */

const PAINTED = '[data-sso-prerendered]';

/** Holds the host's main.js until the returned function is called: the page is HTML and CSS only. */
async function holdMainScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The login screen as painted, its script held, the demo administrator's NIK typed into the painted form. */
async function paintedLoginWithNik(page: Page) {
  const release = await holdMainScript(page);
  await page.goto(routes.login, { waitUntil: 'commit' });
  const painted = page.locator(PAINTED);
  await painted.getByLabel('NIK', { exact: true }).fill(DEMO_ADMIN.nik);
  return { release, painted };
}

test.describe('prerendered sign-in screens', () => {
  test('each screen a visitor lands on paints its card, fields and button before any script', async ({
    page,
  }) => {
    const release = await holdMainScript(page);
    const screens = [
      { path: routes.login, title: 'Masuk ke akun Anda', button: 'Masuk', fields: ['NIK', 'Password'] },
      {
        path: routes.loginByPhone,
        title: 'Masuk dengan Nomor HP',
        button: 'Kirim Kode OTP',
        fields: ['Nomor HP'],
      },
      { path: routes.forgotPassword, title: 'Lupa Password', button: 'Kirim OTP', fields: ['NIK'] },
    ];
    for (const screen of screens) {
      await page.goto(screen.path, { waitUntil: 'commit' });
      const painted = page.locator(PAINTED);
      await expect(painted.getByRole('heading', { level: 1 })).toHaveText(screen.title);
      await expect(painted.getByRole('button', { name: screen.button, exact: true })).toBeVisible();
      for (const field of screen.fields)
        await expect(painted.getByLabel(field, { exact: true })).toBeVisible();
      // The product name from the host's config.json, filled by the server.
      await expect(painted.getByText('SSO Admin Panel')).toBeVisible();
      // No script ran: the page's root is still empty and hidden under the painted screen.
      expect(await page.locator('#root').innerHTML()).toBe('');
    }
    release();
    // Routes that are not a landing sign-in screen get none.
    const home = await page.request.get('/home');
    expect(await home.text()).not.toContain('<div data-sso-prerendered');
  });

  test('typing into the painted form before the script runs loses nothing; React takes the fields over', async ({
    page,
  }) => {
    const { release, painted } = await paintedLoginWithNik(page);
    await painted.getByLabel('Password', { exact: true }).click();
    await page.keyboard.type(DEMO_ADMIN.password.slice(0, -1));
    release();

    await expect(page.locator(PAINTED)).toHaveCount(0);
    const nik = page.locator('#root').getByLabel('NIK', { exact: true });
    const password = page.locator('#root').getByLabel('Password', { exact: true });
    await expect(nik).toHaveValue(DEMO_ADMIN.nik);
    await expect(password).toHaveValue(DEMO_ADMIN.password.slice(0, -1));
    // Focus and caret followed: the next key lands at the end of the password.
    await expect(password).toBeFocused();
    await page.keyboard.type(DEMO_ADMIN.password.slice(-1));
    await expect(password).toHaveValue(DEMO_ADMIN.password);

    const login = page.waitForRequest(`${API_BASE}/auth/login/nik`);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await login;
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('a controlled field (the phone number) keeps what was typed too, and sends it', async ({ page }) => {
    const release = await holdMainScript(page);
    await page.goto(routes.loginByPhone, { waitUntil: 'commit' });
    await page.locator(PAINTED).getByLabel('Nomor HP', { exact: true }).fill('0812');
    release();
    await expect(page.locator(PAINTED)).toHaveCount(0);
    const phone = page.locator('#root').getByLabel('Nomor HP', { exact: true });
    await expect(phone).toHaveValue('0812');
    await expect(phone).toBeFocused();
    await page.keyboard.type('34567890');
    await expect(phone).toHaveValue(DEMO_ADMIN.phone);
    // What the form sends (stopped there: no code is sent to the demo account).
    await page.route(`${API_BASE}/auth/request-otp`, (route) => route.abort());
    const requested = page.waitForRequest(`${API_BASE}/auth/request-otp`);
    await page.getByRole('button', { name: 'Kirim Kode OTP', exact: true }).click();
    expect((await requested).postDataJSON()).toEqual({ phone: DEMO_ADMIN.phone });
  });

  test('a submit pressed on the painted form is held, never sent natively, and made when React takes over', async ({
    page,
  }) => {
    const { release, painted } = await paintedLoginWithNik(page);
    await painted.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await painted.getByLabel('Password', { exact: true }).press('Enter');
    // Not a native GET: the password never reaches the address bar.
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain(DEMO_ADMIN.password);
    expect(new URL(page.url()).pathname).toBe(routes.login);

    const login = page.waitForRequest(`${API_BASE}/auth/login/nik`);
    release();
    await login;
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('a signed-in visitor is sent on without the sign-in screen staying', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(routes.login);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.locator(PAINTED)).toHaveCount(0);
  });

  test('the page keeps a strict CSP: its one inline script by hash, none in the painted screen', async ({
    request,
  }) => {
    const response = await request.get(routes.login);
    const html = await response.text();
    const csp = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(html).toContain('data-sso-prerendered="/login"');
    expect(inlineScripts(html)).toHaveLength(1);
    // The config and the auth manifest the server put in are data blocks: never executed, no hash.
    expect(html.match(/<script type="application\/json" id="sso-[a-z-]+">\{/g)).toHaveLength(2);
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    const painted = html.slice(html.indexOf('<div data-sso-prerendered'), html.indexOf('<div id="root"'));
    expect(painted).not.toMatch(/<script|\son[a-z]+=/i);
  });

  test('the page carries the config and the auth manifest: neither is fetched, the login works', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (/\/(config|mf-manifest)\.json$/.test(request.url())) fetched.push(request.url());
    });
    await page.goto(routes.login);
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.locator('#root').getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
    const entry = await page.locator('meta[name="sso-auth-manifest"]').getAttribute('content');
    expect(entry).toMatch(/\/mf-manifest\.json$/);
    expect(JSON.parse((await page.locator('#sso-auth-manifest').textContent()) ?? '')).toMatchObject({
      name: 'auth',
    });
    expect(JSON.parse((await page.locator('#sso-config').textContent()) ?? '')).toHaveProperty('remotes');
    // The other remotes' manifests are fetched as before; neither the config nor the auth one.
    expect(fetched).not.toContain(entry);
    expect(fetched.filter((url) => url.endsWith('/config.json'))).toEqual([]);
  });

  test.describe('with the auth remote the test owns', () => {
    let stack: TestStack;
    test.beforeEach(async ({ server }) => {
      stack = await TestStack.withCopyOf('remote-auth', 'auth', server, TEST_PRERENDER_PORTS);
    });
    test.afterEach(async () => {
      await stack?.stop();
    });

    test('both servers send the same page, the painted screen included', async ({ request }) => {
      const served = await request.get(`${stack.hostOrigin}${routes.login}`);
      const config = stack.registeredRemotes();
      expect(config.find((r) => r.name === 'auth')?.entry).toBe(`${stack.remoteOrigin}/mf-manifest.json`);
      // The Node server with the same folder and config.json, whichever server the stack runs.
      const configFile = path.join(fs.mkdtempSync(path.join(root, '.e2e-config-')), 'config.json');
      fs.writeFileSync(
        configFile,
        JSON.stringify({
          ...JSON.parse(fs.readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8')),
          remotes: config,
        }),
      );
      const node = await serveStatic({
        dir: path.join(root, 'host', 'dist'),
        port: 0,
        spa: true,
        configFile,
      });
      try {
        const address = node.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        for (const pathname of [routes.login, routes.loginByPhone, routes.forgotPassword, routes.home, '/']) {
          const [a, b] = await Promise.all([
            request.get(`${stack.hostOrigin}${pathname}`).then((r) => r.text()),
            request.get(`http://127.0.0.1:${port}${pathname}`).then((r) => r.text()),
          ]);
          expect([pathname, a]).toEqual([pathname, b]);
        }
      } finally {
        await closeServer(node);
        fs.rmSync(path.dirname(configFile), { recursive: true, force: true });
      }
      expect(await served.text()).toContain('data-sso-prerendered="/login"');
    });

    test('a redeploy of the auth remote alone shows its new screen after a reload, the painted one included', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.goto(`${stack.hostOrigin}${routes.login}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke akun Anda' })).toBeVisible();

      const manifestBefore = await page.locator('#sso-auth-manifest').textContent();
      expect(manifestBefore).toBe(fs.readFileSync(path.join(stack.remoteDir, 'mf-manifest.json'), 'utf8'));

      redeployAuthWithTitle('Masuk ke akun Anda (rilis baru)', stack.remoteDir);

      const release = await holdMainScript(page);
      await page.reload({ waitUntil: 'commit' });
      await expect(page.locator(PAINTED).getByRole('heading', { level: 1 })).toHaveText(
        'Masuk ke akun Anda (rilis baru)',
      );
      // The page carries the new build's manifest too (the one its code is checked against).
      const manifestAfter = await page.locator('#sso-auth-manifest').textContent();
      expect(manifestAfter).toBe(fs.readFileSync(path.join(stack.remoteDir, 'mf-manifest.json'), 'utf8'));
      expect(manifestAfter).not.toBe(manifestBefore);
      release();
      await expect(page.locator(PAINTED)).toHaveCount(0);
      await expect(
        page.locator('#root').getByRole('heading', { level: 1, name: 'Masuk ke akun Anda (rilis baru)' }),
      ).toBeVisible();
    });

    test('a dead auth remote: no painted screen, the clear fallback', async ({ page }) => {
      await stack.stopRemote();
      const response = await page.goto(`${stack.hostOrigin}${routes.login}`);
      const html = (await response?.text()) ?? '';
      expect(html).not.toContain('<div data-sso-prerendered');
      // No manifest in the page either: the page script fetches it, and reports it down.
      expect(html).toContain('<script type="application/json" id="sso-auth-manifest"></script>');
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
      await expect(page.locator(PAINTED)).toHaveCount(0);
    });

    test('a painted screen whose page code fails to load gives way to the clear fallback', async ({
      page,
    }) => {
      // The remote answers its manifest and screens, but its login page's code is gone.
      await page.route(`${stack.remoteOrigin}/**/*.js`, (route) =>
        route.request().url().endsWith('remoteEntry.js') ? route.continue() : route.abort(),
      );
      await page.goto(`${stack.hostOrigin}${routes.login}`, { waitUntil: 'commit' });
      await expect(page.getByText('Modul tidak dapat dimuat')).toBeVisible();
      await expect(page.locator(PAINTED)).toHaveCount(0);
    });
  });
});

/**
 * The auth remote's next release with its login title changed, built on its own as its team's
 * pipeline would (container and prerendered screens) and deployed into `liveDir`.
 */
function redeployAuthWithTitle(title: string, liveDir: string): void {
  const copy = path.join(root, `.e2e-redeploy-remote-auth-${process.pid}`);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(copy);
  try {
    for (const entry of ['src', 'package.json', 'rspack.config.ts', 'prerender.mjs']) {
      fs.cpSync(path.join(root, 'remote-auth', entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, 'remote-auth', 'node_modules'), path.join(copy, 'node_modules'));
    const texts = path.join(copy, 'src', 'texts.ts');
    const source = fs.readFileSync(texts, 'utf8');
    if (!source.includes("'Masuk ke akun Anda'"))
      throw new Error('remote-auth/src/texts.ts: login title not found');
    fs.writeFileSync(texts, source.replace("'Masuk ke akun Anda'", `'${title}'`));
    execFileSync(path.join(root, 'node_modules', '.bin', 'rspack'), ['build', '--env', 'production'], {
      cwd: copy,
      stdio: 'pipe',
    });
    execFileSync(process.execPath, ['prerender.mjs'], { cwd: copy, stdio: 'pipe' });
    copyDir(path.join(copy, 'dist'), liveDir);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
