/**
 * The one shared-dependency policy of every app (STYLE: "One shared-dependency policy module").
 * Each entry is a singleton the host provides; remotes carry a fallback copy only so they can run
 * standalone. Versions are read from the installed packages, ranges are explicit (ADR 0002).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function versionOf(packageJsonPath: string): string {
  const manifest: unknown = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8'));
  if (
    typeof manifest === 'object' &&
    manifest !== null &&
    'version' in manifest &&
    typeof manifest.version === 'string'
  ) {
    return manifest.version;
  }
  throw new Error(`${packageJsonPath} has no version`);
}

function installedVersion(pkg: string, fromDir: string): string {
  return versionOf(require.resolve(`${pkg}/package.json`, { paths: [fromDir] }));
}

/**
 * Packages that must be one instance across host and remotes (context, hooks, caches). Not the
 * router: shared whole it could not be tree-shaken, so the host bundles it and remotes use the
 * host's router through `@sso/shared/navigation` (ADR 0006).
 */
export const singletonPackages = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
] as const;

/** Public subpaths of @sso/shared: module state (session, api client, toasts) must be one instance. */
export const sharedSubpaths = [
  'contract',
  'access',
  'form-errors',
  'api',
  'session',
  'query',
  'ui',
  'ui-data',
  'i18n',
  'federation',
  'navigation',
] as const;

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version?: string;
  eager?: boolean;
  strictVersion?: boolean;
}

/**
 * Shared modules every first screen needs. The host bundles them into its entry (`eager`) instead
 * of one lazy chunk each: the same bytes in a few requests instead of ~15 (issue 8). Not the api
 * client (axios), the zod contract and the query cache: they load with the protected layout or the
 * first request that uses them (ADR 0006); the first screen checks what it reads with valibot.
 */
const firstScreenSubpaths = new Set<string>([
  'access',
  'form-errors',
  'session',
  'ui',
  'i18n',
  'federation',
  'navigation',
]);

/** Singletons the first screen does without: the query cache comes with the protected layout. */
const laterPackages = new Set<string>(['@tanstack/react-query', '@tanstack/query-core']);

/**
 * The version the host provides of each shared package (its subpaths and `react/` deep imports share
 * their package's version): written into index.html's early fetch, which skips preloading a remote
 * the host will refuse (host/early-fetch.js).
 */
export function providedVersions(appDir: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const pkg of singletonPackages) versions[pkg] = installedVersion(pkg, appDir);
  versions['@sso/shared'] = versionOf(path.join(import.meta.dirname, 'shared/package.json'));
  return versions;
}

export function sharedPolicy(appDir: string, options: { host?: boolean } = {}): Record<string, SharedEntry> {
  const eager = options.host ? { eager: true } : {};
  const shared: Record<string, SharedEntry> = {};
  for (const pkg of singletonPackages) {
    const version = installedVersion(pkg, appDir);
    shared[pkg] = {
      singleton: true,
      requiredVersion: `^${version}`,
      ...(laterPackages.has(pkg) ? {} : eager),
    };
  }
  // Deep imports such as react/jsx-runtime and react-dom/client must resolve to the same copy.
  for (const pkg of ['react', 'react-dom'] as const) {
    const version = installedVersion(pkg, appDir);
    shared[`${pkg}/`] = { singleton: true, requiredVersion: `^${version}`, ...eager };
  }
  // A workspace package has no registry version: give it one explicitly (TOOLCHAIN trap).
  const sharedVersion = versionOf(path.join(import.meta.dirname, 'shared/package.json'));
  for (const sub of sharedSubpaths) {
    shared[`@sso/shared/${sub}`] = {
      singleton: true,
      version: sharedVersion,
      requiredVersion: `^${sharedVersion}`,
      ...(firstScreenSubpaths.has(sub) ? eager : {}),
    };
  }
  return shared;
}
