// The panel's apps behind nginx from this checkout (`pnpm start -- --nginx`, `pnpm release`): the
// configuration in `.nginx/` (git-ignored) generated from scripts/apps.json, each app's current
// release (releases/, git-ignored) or its build folder.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apps } from '../apps.mjs';
import { nginxConfig, panelSites } from './config.mjs';
import { ensureNginx, signalReload, startNginx, workerUser, writeConfig } from './run.mjs';

export const root = path.join(import.meta.dirname, '..', '..');
export const PREFIX = path.join(root, '.nginx');
export const RELEASES = path.join(root, 'releases');

/** The configuration's options for the panel as it is now (which folders, which host headers). */
export const panelOptions = () => ({
  sites: panelSites({ root, releasesDir: RELEASES, apps }),
  user: workerUser(root),
});

/**
 * Installs nginx if needed, writes the configuration and serves every app (and `proxies`: the api's
 * instances with `--scale`, ADR 0028); `stop()` ends it.
 * @param {import('./config.mjs').Proxy[]} [proxies]
 */
export async function servePanelWithNginx(proxies = []) {
  ensureNginx();
  writePanelConfig(proxies);
  return startNginx({
    prefix: PREFIX,
    ports: [...apps.map((app) => app.port), ...proxies.map((proxy) => proxy.port)],
  });
}

/** Writes the panel's configuration (with `proxies`) for a start or a reload. */
export function writePanelConfig(proxies = []) {
  return writeConfig(PREFIX, { ...panelOptions(), proxies });
}

/**
 * After a release: writes the configuration again and, when it changed (the host's headers follow
 * its page and config.json; an app's first release moves its folder) and the panel's nginx runs,
 * makes it reload. A remote's later releases change nothing here: the symlink switch is the deploy.
 * @returns {'unchanged' | 'reloaded' | 'written'}
 */
export function refreshPanelConfig() {
  const file = path.join(PREFIX, 'nginx.conf');
  if (!fs.existsSync(file)) return 'unchanged'; // never served by nginx here: its first start writes it
  const before = fs.readFileSync(file, 'utf8');
  writeConfig(PREFIX, panelOptions());
  if (fs.readFileSync(file, 'utf8') === before) return 'unchanged';
  return signalReload(PREFIX) ? 'reloaded' : 'written';
}

// `node scripts/nginx/panel.mjs [--api <port>=<upstream>[,<upstream>…]]` prints the configuration for
// this checkout (the starting point of a server's), optionally with the api proxied on <port> (TRUST_PROXY
// then names this nginx's address for the api); several upstreams are one group (ADR 0023).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { api: { type: 'string' } } });
  const api = values.api ? /^(\d+)=(https?:\/\/[^\s,]+(?:,https?:\/\/[^\s,]+)*)$/.exec(values.api) : null;
  if (values.api && !api) {
    console.error('usage: node scripts/nginx/panel.mjs [--api <port>=<upstream url>[,<upstream url>…]]');
    process.exit(2);
  }
  const proxies = api ? [{ name: 'api', port: Number(api[1]), upstream: api[2].split(',') }] : [];
  process.stdout.write(nginxConfig({ prefix: PREFIX, ...panelOptions(), proxies }));
}
