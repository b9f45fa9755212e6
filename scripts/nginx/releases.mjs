// Releases of one app (ADR 0012): `<releases>/<app>/<buildId>/` holds each release, `current` is a
// symlink to the one served (swapped by rename: a request sees the old or the new build, never
// half of each), `chunks/` holds the content-hashed files of every kept release (hard links), so a
// page of an earlier release still finds its chunks after the switch, until that release is pruned.
import fs from 'node:fs';
import path from 'node:path';
import { HASHED } from '../lib/static-headers.mjs';

/** How many releases of an app are kept (the current one always is). */
export const KEEP = 5;

/** @param {string} releasesDir @param {string} app the app's folder name (e.g. remote-users) */
export function releasePaths(releasesDir, app) {
  const base = path.join(releasesDir, app);
  return { base, current: path.join(base, 'current'), chunks: path.join(base, 'chunks') };
}

const NOT_RELEASES = new Set(['current', 'chunks', 'history.json']);
const isTemporary = (name) => name.startsWith('.');

/**
 * The releases `current` has pointed at, oldest first, each once (`history.json`): a release appends
 * its id, a rollback removes the current one, so the one before it is the release to go back to.
 * @returns {string[]}
 */
export function releaseHistory(releasesDir, app) {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(releasePaths(releasesDir, app).base, 'history.json'), 'utf8'),
    );
  } catch {
    return [];
  }
}

/** @param {string[]} ids */
function writeHistory(releasesDir, app, ids) {
  const file = path.join(releasePaths(releasesDir, app).base, 'history.json');
  fs.writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(ids)}\n`);
  fs.renameSync(`${file}.${process.pid}`, file);
}

/** The release folders on disk (whether kept in the history or not). */
function releaseFolders(releasesDir, app) {
  const { base } = releasePaths(releasesDir, app);
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_RELEASES.has(entry.name) && !isTemporary(entry.name))
    .map((entry) => entry.name);
}

/** The id of the release `current` points at, or null. */
export function currentRelease(releasesDir, app) {
  try {
    return fs.readlinkSync(releasePaths(releasesDir, app).current);
  } catch {
    return null;
  }
}

/** Which build a folder is: its manifest's build id (a remote), SSO_BUILD_ID, or the time. */
export function buildIdOf(folder, env = process.env) {
  let id;
  try {
    id = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')).metaData?.ssoBuild
      ?.buildId;
  } catch {
    id = undefined;
  }
  id ??=
    env.SSO_BUILD_ID ??
    new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
  const safe = String(id).replace(/[^A-Za-z0-9._-]/g, '-');
  if (!safe || isTemporary(safe) || NOT_RELEASES.has(safe)) throw new Error(`unusable build id: ${id}`);
  return safe;
}

/** Points `current` at `id` atomically: a new symlink renamed over the old one. */
function switchTo(releasesDir, app, id) {
  const { base, current } = releasePaths(releasesDir, app);
  const next = path.join(base, `.current-${process.pid}-${Date.now()}`);
  fs.symlinkSync(id, next);
  fs.renameSync(next, current);
}

/** The hashed files of a release (with their .br/.gz copies). */
function hashedFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && HASHED.test(entry.name.replace(/\.(br|gz)$/, '')))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Adds a release's hashed files to the union folder (a hard link each; a copy across devices). */
function addChunks(releasesDir, app, dir) {
  const { chunks } = releasePaths(releasesDir, app);
  for (const file of hashedFiles(dir)) {
    const target = path.join(chunks, file);
    if (fs.existsSync(target)) continue; // same name, same content: the name is its hash
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(path.join(dir, file), target);
    } catch {
      fs.copyFileSync(path.join(dir, file), target);
    }
  }
}

/**
 * Keeps the last `keep` releases of the history (the current one is the last) and removes every
 * other release folder, then the chunks no kept release has.
 */
function prune(releasesDir, app, keep) {
  const history = releaseHistory(releasesDir, app);
  const kept = history.slice(-keep);
  writeHistory(releasesDir, app, kept);
  const { base, chunks } = releasePaths(releasesDir, app);
  const pruned = releaseFolders(releasesDir, app).filter((id) => !kept.includes(id));
  for (const id of pruned) fs.rmSync(path.join(base, id), { recursive: true, force: true });
  const needed = new Set(kept.flatMap((id) => hashedFiles(path.join(base, id))));
  for (const file of fs.existsSync(chunks) ? hashedFiles(chunks) : []) {
    if (!needed.has(file)) fs.rmSync(path.join(chunks, file));
  }
  return pruned;
}

/**
 * Releases the built folder `from` as the app's current release; keeps the last `keep`.
 * @returns {{ id: string, previous: string | null, pruned: string[] }}
 */
export function release({ releasesDir, app, from, keep = KEEP }) {
  const { base } = releasePaths(releasesDir, app);
  const id = buildIdOf(from);
  const dir = path.join(base, id);
  fs.mkdirSync(base, { recursive: true });
  if (!fs.existsSync(dir)) {
    // Copied beside, then renamed into place: a release folder is always whole.
    const staging = path.join(base, `.${id}-${process.pid}`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(from, staging, { recursive: true });
    fs.renameSync(staging, dir);
  }
  // Chunks first: the new page's files are there before anything names them.
  addChunks(releasesDir, app, dir);
  const previous = currentRelease(releasesDir, app);
  switchTo(releasesDir, app, id);
  writeHistory(releasesDir, app, [...releaseHistory(releasesDir, app).filter((h) => h !== id), id]);
  return { id, previous, pruned: prune(releasesDir, app, keep) };
}

/**
 * Switches the app back to the release that was current before this one; the one left stays on
 * disk (its chunks served to pages still open) until a later release prunes it.
 * @returns {{ id: string, previous: string }}
 */
export function rollback({ releasesDir, app }) {
  const history = releaseHistory(releasesDir, app);
  const current = currentRelease(releasesDir, app);
  const target = history.at(-1) === current ? history.at(-2) : undefined;
  if (!current || !target) throw new Error(`${app}: no release before ${current ?? 'none'} to roll back to`);
  switchTo(releasesDir, app, target);
  writeHistory(releasesDir, app, history.slice(0, -1));
  return { id: target, previous: current };
}
