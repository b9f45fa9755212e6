import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import {
  TestStack,
  copyDir,
  hostFiles,
  root,
  servableTempDir,
  type DeployedManifest,
} from './support/test-stack';
import { PAGE_HEADERS, nodeServerHeaders } from '../scripts/nginx/parity.mjs';
import { currentRelease, releasePaths, release, rollback } from '../scripts/nginx/releases.mjs';
import { readableByAll } from '../scripts/nginx/run.mjs';

// The nginx project only (playwright.config.ts): the panel served by nginx with the generated
// configuration (`./panel start --nginx`), and a remote deployed as releases (ADR 0012).

const HOST = 'http://localhost:3000';
const REMOTES = ['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003'];

test.describe('nginx', () => {
  test('the host page: the Node server’s security headers, assembled per request (gzip, no validator), no-cache, no version', async ({
    request,
  }) => {
    const node = await nodeServerHeaders(path.join(root, 'host', 'dist'), routes.userManagement);
    const page = await request.get(`${HOST}${routes.userManagement}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(page.status()).toBe(200);
    const headers = page.headers();
    for (const name of PAGE_HEADERS) expect([name, headers[name]]).toEqual([name, node[name]]);
    expect(headers['content-security-policy']).toContain("script-src 'self' http://localhost:3001");
    // The page is assembled per request (its include takes the auth remote's current screen, ADR
    // 0016): gzipped on the fly, and no validator, which would let a cached page outlive a redeploy.
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['etag']).toBeUndefined();
    expect(headers['vary']).toBe('Accept-Encoding');
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['server']).toBe('nginx');
    expect(await page.text()).toContain('<div id="root">');

    // gzip for a client without brotli; the runtime config no-cache; a missing file is a 404, not the page.
    const gzip = await request.get(`${HOST}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const config = await request.get(`${HOST}/config.json`);
    expect(config.headers()['cache-control']).toBe('no-cache');
    expect(config.headers()['content-security-policy']).toBe(node['content-security-policy']);
    expect((await request.get(`${HOST}/missing.0123abcd.js`)).status()).toBe(404);
  });

  test('every remote: manifest and entry no-cache with ETags, hashed chunks immutable, brotli, readable from the host', async ({
    request,
  }) => {
    for (const origin of REMOTES) {
      const manifest = await request.get(`${origin}/mf-manifest.json`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(manifest.headers()).toMatchObject({
        'cache-control': 'no-cache',
        'content-encoding': 'br',
        'access-control-allow-origin': '*',
        vary: 'Accept-Encoding',
        etag: expect.stringMatching(/^"/),
      });
      const entry = await request.get(`${origin}/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
      expect(entry.headers()).toMatchObject({ 'cache-control': 'no-cache', 'content-encoding': 'br' });
      const body = (await manifest.json()) as DeployedManifest;
      const chunk = body.exposes[0]?.assets.js.sync[0];
      const hashed = await request.get(`${origin}/${chunk}`, { headers: { 'accept-encoding': 'br' } });
      expect(hashed.headers()).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'content-encoding': 'br',
      });
    }
  });

  test('hardening (issue 36): dotfiles denied, GET and HEAD only, no handoff query in the log, workers not root, logs 640', async ({
    request,
  }) => {
    const prefix = path.join(root, '.nginx');
    const served = path.join(root, 'host', 'dist');
    const planted = [path.join(served, '.env'), path.join(served, '.git', 'HEAD')];
    fs.mkdirSync(path.join(served, '.git'), { recursive: true });
    for (const file of planted) fs.writeFileSync(file, 'TOKEN_SECRET=rahasia-sekali');
    try {
      for (const origin of [HOST, ...REMOTES]) {
        for (const url of ['/.env', '/.git/HEAD', '/%2eenv']) {
          const answer = await request.get(`${origin}${url}`);
          expect([origin, url, answer.status()]).toEqual([origin, url, 404]);
          expect(await answer.text()).not.toContain('rahasia');
        }
        for (const method of ['PUT', 'DELETE', 'POST', 'PATCH', 'OPTIONS']) {
          const answer = await request.fetch(`${origin}/`, { method });
          expect([origin, method, answer.status()]).toEqual([origin, method, 405]);
        }
        const readable = origin === HOST ? '/' : '/mf-manifest.json';
        expect((await request.head(`${origin}${readable}`)).status()).toBe(200);
      }
    } finally {
      fs.rmSync(path.join(served, '.env'), { force: true });
      fs.rmSync(path.join(served, '.git'), { recursive: true, force: true });
    }

    // The handoff route's query string (the session tokens) never reaches the log.
    const data = `handoff-${Date.now()}-rahasia`;
    expect((await request.get(`${HOST}/?data=${data}`)).status()).toBe(200);
    expect((await request.get(`${HOST}/missing-${data}.js?data=${data}`)).status()).toBe(404);
    await expect
      .poll(() => fs.readFileSync(path.join(prefix, 'access.log'), 'utf8'))
      .toContain(`"GET / HTTP/1.1" 200`);
    for (const log of ['access.log', 'error.log']) {
      const file = path.join(prefix, log);
      expect(fs.readFileSync(file, 'utf8')).not.toContain(`data=${data}`);
      expect([log, (fs.statSync(file).mode & 0o777).toString(8)]).toEqual([log, '640']);
    }

    // The workers (children of the master in nginx.pid) run as an unprivileged account.
    const master = Number(fs.readFileSync(path.join(prefix, 'nginx.pid'), 'utf8'));
    const workers = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          return fs.readFileSync(`/proc/${name}/status`, 'utf8');
        } catch {
          return '';
        }
      })
      .filter(
        (status) => new RegExp(`^PPid:\\s+${master}$`, 'm').test(status) && /^Name:\s+nginx/m.test(status),
      );
    expect(workers.length).toBeGreaterThan(0);
    // A checkout only root may read (under /root, say) keeps root's workers, with a warning
    // (scripts/nginx/run.mjs workerUser); anywhere else they are never root.
    const unprivileged = process.getuid?.() !== 0 || readableByAll(root);
    for (const status of workers) {
      const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      if (unprivileged) expect(uid).not.toBe('0');
      else expect(uid).toBe('0');
    }
  });

  test('a handoff address of 30,000 characters is accepted', async ({ request }) => {
    const response = await request.get(`${HOST}/?session=${'a'.repeat(30_000)}`);
    expect(response.status()).toBe(200);
  });

  test.describe('a remote deployed as releases', () => {
    let stack: TestStack;
    let builds: string;
    test.beforeEach(async () => {
      stack = await TestStack.withUsersReleases();
      builds = servableTempDir('sso-builds-');
    });
    test.afterEach(async () => {
      await stack?.stop();
      fs.rmSync(builds, { recursive: true, force: true });
    });

    /**
     * The next build of the users remote: the same code under another build id, its Tambah User page
     * changed (its chunk under a new content hash, as any edit of that page gives).
     */
    function nextBuild(buildId: string): { dir: string; oldChunk: string; newChunk: string } {
      const dir = path.join(builds, buildId);
      copyDir(path.join(root, 'remote-users', 'dist'), dir);
      const manifestFile = path.join(dir, 'mf-manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as DeployedManifest;
      const oldChunk = manifest.exposes
        .find((expose) => expose.name === 'user-create')
        ?.assets.js.sync.find((file) => file.startsWith('__federation_expose_user_create.'));
      if (!oldChunk) throw new Error('no Tambah User chunk in the manifest');
      const oldHash = /\.([0-9a-f]{8})\.js$/.exec(oldChunk)?.[1] ?? '';
      const newHash = [...oldHash].reverse().join('');
      const newChunk = oldChunk.replace(oldHash, newHash);
      for (const suffix of ['', '.br', '.gz', '.map']) {
        if (fs.existsSync(path.join(dir, oldChunk + suffix)))
          fs.renameSync(path.join(dir, oldChunk + suffix), path.join(dir, newChunk + suffix));
      }
      // The files naming the chunk name its new hash (their precompressed copies are made again by a
      // real build; here they are left out and nginx compresses on the fly).
      for (const file of ['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        expect(text).toContain(oldHash);
        fs.writeFileSync(path.join(dir, file), text.replaceAll(oldHash, newHash));
        for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dir, file + suffix), { force: true });
      }
      const edited = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as DeployedManifest;
      edited.metaData.ssoBuild.buildId = buildId;
      fs.writeFileSync(manifestFile, JSON.stringify(edited));
      return { dir, oldChunk, newChunk };
    }

    const servedBuild = async (page: Page) => {
      const response = await page.request.get(`${stack.remoteOrigin}/mf-manifest.json`);
      return ((await response.json()) as DeployedManifest).metaData.ssoBuild.buildId;
    };
    /** Every file this document loaded (the chunk loader removes its script elements). */
    const loadedFiles = (page: Page) =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const newVersionPrompt = (page: Page) =>
      page.getByRole('status').filter({ hasText: 'Versi baru tersedia' });

    test('a release switches at once; an open page of the old build still gets its chunks and is told "Versi baru tersedia"; a rollback switches back; the host untouched', async ({
      page,
      loginAs,
    }) => {
      const hostBefore = hostFiles();
      const first = currentRelease(stack.releasesDir, 'remote-users');
      expect(await servedBuild(page)).toBe(first);
      await loginAs(page, undefined, undefined, stack.hostOrigin);
      await page.goto(`${stack.hostOrigin}${routes.userManagement}`);
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

      // Release the next build while the page (the first build's code) stays open.
      const next = nextBuild(`next-${Date.now()}`);
      const switched = release({ releasesDir: stack.releasesDir, app: 'remote-users', from: next.dir });
      expect(switched.previous).toBe(first);
      expect(await servedBuild(page)).toBe(switched.id);
      const current = releasePaths(stack.releasesDir, 'remote-users').current;
      expect(fs.existsSync(path.join(current, next.oldChunk))).toBe(false);

      // The open page asks for its own build's Tambah User chunk: still served (from the kept releases).
      const oldChunk = page.waitForResponse(`${stack.remoteOrigin}/${next.oldChunk}`);
      await page.getByRole('button', { name: 'Tambah User' }).click();
      expect((await oldChunk).status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();

      // And it is told that a new version is there.
      await regainFocus(page);
      await expect(newVersionPrompt(page)).toBeVisible();
      await Promise.all([
        page.waitForEvent('load'),
        newVersionPrompt(page).getByRole('button', { name: 'Muat ulang' }).click(),
      ]);
      // The reloaded page runs the new build: its Tambah User chunk is the new one.
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
      expect(await loadedFiles(page)).toContain(`${stack.remoteOrigin}/${next.newChunk}`);

      // Rollback: the first build is served again at once; a reload runs it.
      expect(rollback({ releasesDir: stack.releasesDir, app: 'remote-users' })).toEqual({
        id: first,
        previous: switched.id,
      });
      expect(await servedBuild(page)).toBe(first);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Tambah User' })).toBeVisible();
      const rolledBack = await loadedFiles(page);
      expect(rolledBack).toContain(`${stack.remoteOrigin}/${next.oldChunk}`);
      expect(rolledBack).not.toContain(`${stack.remoteOrigin}/${next.newChunk}`);

      expect(hostFiles()).toEqual(hostBefore);
    });
  });
});
