import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIdOf, currentRelease, release, releaseHistory, releasePaths, rollback } from './releases.mjs';

let work: string;
let releasesDir: string;
const app = 'remote-users';

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-releases-'));
  releasesDir = path.join(work, 'releases');
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** A remote's build folder: its manifest names `buildId`; one hashed chunk per name in `chunks`. */
function build(buildId: string, chunks: string[]): string {
  const dir = path.join(work, `build-${buildId}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { ssoBuild: { buildId } } }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${buildId} */`);
  for (const chunk of chunks) {
    fs.writeFileSync(path.join(dir, chunk), `/* ${chunk} */`);
    fs.writeFileSync(path.join(dir, `${chunk}.br`), 'br');
  }
  return dir;
}

const served = (file: string) =>
  fs.readFileSync(path.join(releasePaths(releasesDir, app).current, file), 'utf8');
const chunkFiles = () => fs.readdirSync(releasePaths(releasesDir, app).chunks).sort();

test('a release copies the build under its build id and points current at it', () => {
  const result = release({ releasesDir, app, from: build('b1', ['page.0000aaaa.js']) });
  expect(result).toEqual({ id: 'b1', previous: null, pruned: [] });
  const { base, current } = releasePaths(releasesDir, app);
  expect(fs.lstatSync(current).isSymbolicLink()).toBe(true);
  expect(fs.readlinkSync(current)).toBe('b1');
  expect(served('remoteEntry.js')).toBe('/* b1 */');
  // Nothing half-made is left beside the releases.
  expect(fs.readdirSync(base).sort()).toEqual(['b1', 'chunks', 'current', 'history.json']);
});

test('the next release switches current; the previous build’s chunks stay served from the union folder', () => {
  release({ releasesDir, app, from: build('b1', ['page.0000aaaa.js', 'shared.0000cccc.js']) });
  const result = release({ releasesDir, app, from: build('b2', ['page.0000bbbb.js', 'shared.0000cccc.js']) });
  expect(result).toEqual({ id: 'b2', previous: 'b1', pruned: [] });
  expect(served('remoteEntry.js')).toBe('/* b2 */');
  // A page of b1 still open asks for its old chunk (and its brotli copy): it is there.
  expect(chunkFiles()).toEqual([
    'page.0000aaaa.js',
    'page.0000aaaa.js.br',
    'page.0000bbbb.js',
    'page.0000bbbb.js.br',
    'shared.0000cccc.js',
    'shared.0000cccc.js.br',
  ]);
  expect(fs.readFileSync(path.join(releasePaths(releasesDir, app).chunks, 'page.0000aaaa.js'), 'utf8')).toBe(
    '/* page.0000aaaa.js */',
  );
  // Unhashed files are the release's own, never in the union.
  expect(chunkFiles()).not.toContain('remoteEntry.js');
});

test('keeps the last 5 releases; a pruned release’s chunks go unless a kept one has them', () => {
  for (let n = 1; n <= 7; n += 1) {
    release({ releasesDir, app, from: build(`b${n}`, [`page.0000000${n}.js`, 'shared.0000cccc.js']) });
  }
  const { base } = releasePaths(releasesDir, app);
  expect(
    fs
      .readdirSync(base)
      .filter((name) => name.startsWith('b'))
      .sort(),
  ).toEqual(['b3', 'b4', 'b5', 'b6', 'b7']);
  expect(releaseHistory(releasesDir, app)).toEqual(['b3', 'b4', 'b5', 'b6', 'b7']);
  const chunks = chunkFiles().filter((name) => name.endsWith('.js'));
  expect(chunks).toEqual([
    'page.00000003.js',
    'page.00000004.js',
    'page.00000005.js',
    'page.00000006.js',
    'page.00000007.js',
    'shared.0000cccc.js',
  ]);
});

test('rollback switches back to the release before, then the one before that; never past the first', () => {
  release({ releasesDir, app, from: build('b1', ['page.0000aaaa.js']) });
  expect(() => rollback({ releasesDir, app })).toThrow('no release before b1');
  release({ releasesDir, app, from: build('b2', ['page.0000bbbb.js']) });
  release({ releasesDir, app, from: build('b3', ['page.0000cccc.js']) });

  expect(rollback({ releasesDir, app })).toEqual({ id: 'b2', previous: 'b3' });
  expect(served('remoteEntry.js')).toBe('/* b2 */');
  expect(rollback({ releasesDir, app })).toEqual({ id: 'b1', previous: 'b2' });
  expect(currentRelease(releasesDir, app)).toBe('b1');
  expect(() => rollback({ releasesDir, app })).toThrow('no release before b1');
  // The releases rolled back from stay on disk (open pages of them keep their chunks).
  expect(chunkFiles()).toContain('page.0000cccc.js');
});

test('a release after a rollback: rolling back again returns to the release that was served, not the bad one', () => {
  release({ releasesDir, app, from: build('good', ['page.0000aaaa.js']) });
  release({ releasesDir, app, from: build('bad', ['page.0000bbbb.js']) });
  rollback({ releasesDir, app });
  release({ releasesDir, app, from: build('fixed', ['page.0000cccc.js']) });
  expect(rollback({ releasesDir, app })).toEqual({ id: 'good', previous: 'fixed' });
});

test('the build id comes from the manifest, else SSO_BUILD_ID; anything unsafe in a folder name is replaced', () => {
  expect(buildIdOf(build('2026.11.25-run/42', []))).toBe('2026.11.25-run-42');
  const host = path.join(work, 'host-dist');
  fs.mkdirSync(host);
  expect(buildIdOf(host, { SSO_BUILD_ID: 'abc123' })).toBe('abc123');
  expect(buildIdOf(host, {})).toMatch(/^\d{8}T\d{6}Z$/);
  expect(() => buildIdOf(host, { SSO_BUILD_ID: 'current' })).toThrow('unusable build id');
});
