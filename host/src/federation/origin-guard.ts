import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Manifest, ManifestAssets } from '@sso/shared/federation';

/**
 * Only code from registered origins (ADR 0001 "Only registered origins"). Two checks in the app, one
 * layer under the Content-Security-Policy of the host page (scripts/lib/csp.mjs):
 * - `checkOrigin`: a manifest the host reads names code only on the origin it is registered at;
 * - `originGuard`: a federation runtime plugin refusing any script, link or fetch the runtime would
 *   start elsewhere than a registered remote's origin or the host's own (also for manifests the
 *   runtime reads itself, e.g. on a retry, which the host never checked).
 */

const tryUrl = (url: string, base?: string): URL | null => {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
};

/** Where `publicPath: 'auto'` points: the manifest's folder, as the runtime infers it (sdk inferAutoPublicPath). */
const folderOf = (url: string) =>
  url
    .replace(/#.*$/, '')
    .replace(/\?.*$/, '')
    .replace(/\/[^/]+$/, '/');

/** `remoteEntry.path` and `name` joined exactly as the runtime joins them (sdk simpleJoinRemoteEntry). */
function joinEntry(path: string, name: string): string {
  let dir = path;
  if (dir === '.') dir = '';
  else if (dir.startsWith('./')) dir = dir.slice(2);
  else if (dir.startsWith('/')) dir = dir.slice(1).replace(/\/$/, '');
  if (!dir) return name;
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

const filesOf = (assets: ManifestAssets | undefined): string[] =>
  [assets?.js, assets?.css].flatMap((files) => [...(files?.sync ?? []), ...(files?.async ?? [])]);

/**
 * Refuses a manifest unless every file of code it names loads from the registered origin: its remote
 * entry and each exposed and shared module's files. Each URL is built twice, as the federation runtime
 * builds it (public path and file concatenated, relative to the page; 'auto' is the manifest's folder)
 * and as a URL resolver would (the host's early preload, index.html): both must stay on the origin.
 * A manifest without a `publicPath` is refused: the runtime would then run its `getPublicPath` as code.
 */
export function checkOrigin(entry: string, manifest: Manifest): void {
  const { metaData } = manifest;
  if (metaData.publicPath === undefined || 'getPublicPath' in metaData) {
    throw new Error(
      "manifest's getPublicPath would run as code (it needs a publicPath and no getPublicPath)",
    );
  }
  const registered = tryUrl(entry)?.origin;
  const publicPath =
    metaData.publicPath === 'auto' || metaData.publicPath === '' ? folderOf(entry) : metaData.publicPath;
  const base = tryUrl(publicPath, entry)?.href;
  const files = [
    '',
    metaData.remoteEntry ? joinEntry(metaData.remoteEntry.path ?? '', metaData.remoteEntry.name) : '',
    ...(manifest.exposes ?? []).flatMap((expose) => filesOf(expose.assets)),
    ...(manifest.shared ?? []).flatMap((shared) => filesOf(shared.assets)),
  ];
  for (const file of files) {
    for (const url of [tryUrl(publicPath + file, document.baseURI), base ? tryUrl(file, base) : null]) {
      if (url?.origin !== registered) {
        throw new Error(
          `remote code origin ${url?.origin ?? publicPath + file} is not the registered ${registered}`,
        );
      }
    }
  }
}

/**
 * The runtime side (hooks verified against @module-federation/runtime-core 2.9.2, origin-guard.test.ts):
 * `fetch` sees each manifest URL; `loadRemoteSnapshot` the snapshot made from a manifest, before any
 * of its URLs is computed; `loadEntry` each remote entry URL, whatever its type (script, ESM import,
 * SystemJS); `createScript` and `createLink` each script and preload element the runtime creates (the
 * remote entry and the exposed module's files). Chunks a remote loads later go through its own
 * bundler runtime, relative to its entry's URL (publicPath 'auto'), which `loadEntry` checked; the
 * Content-Security-Policy covers them in the browser. A refusal throws: the load fails, and the
 * route's RemoteBoundary shows the fallback.
 */
export const originGuard: ModuleFederationRuntimePlugin = {
  name: 'sso-origin-guard',
  apply(instance) {
    const check = (url: string): void => {
      const origin = tryUrl(url, document.baseURI)?.origin;
      const allowed = instance.options.remotes.map((remote) =>
        'entry' in remote ? tryUrl(remote.entry)?.origin : undefined,
      );
      if (!origin || (origin !== location.origin && !allowed.includes(origin))) {
        throw new Error(`${url} is not on a registered origin`);
      }
    };
    return {
      fetch(url) {
        check(url);
      },
      loadRemoteSnapshot(args) {
        if ('getPublicPath' in args.remoteSnapshot) {
          throw new Error(`${args.moduleInfo.name}: a manifest's getPublicPath would run as code`);
        }
        return args;
      },
      loadEntry({ remoteInfo }) {
        check(remoteInfo.entry);
      },
      createScript({ url }) {
        check(url);
      },
      createLink({ url }) {
        check(url);
      },
    };
  },
};
