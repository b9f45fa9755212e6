// The workspace's one registry: the panel's apps and their ports (apps.json, DESIGN "Ports") and the
// public subpaths of @sso/shared (its package exports). start, dev, Jest, ESLint and the e2e support
// read them; what cannot (pnpm-workspace.yaml, tsconfig.json, each app's rspack.config.ts,
// host/public/config.json, the api's default CORS origins, the federation share list) is checked
// against them by workspace.test.ts.
import fs from 'node:fs';
import path from 'node:path';

const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, ...parts), 'utf8'));

export const API_PORT = Number(process.env.API_PORT ?? 4000);

/**
 * `{ dir, name, port, spa }`: `name` is the federation container name; the host (`spa`) serves the
 * page, a remote its manifest.
 */
export const apps = readJson('apps.json');

/** @sso/shared's public subpaths (`contract`, `api`, …) and their files, from its package exports. */
export const sharedExports = Object.fromEntries(
  Object.entries(readJson('..', 'shared', 'package.json').exports).map(([key, file]) => [
    key.replace(/^\.\//, ''),
    path.join(import.meta.dirname, '..', 'shared', file),
  ]),
);
