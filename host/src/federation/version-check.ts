import { MANIFEST_BUILD_KEY, MANIFEST_DESCRIPTOR_KEY, type RemoteEntry } from '@sso/shared/federation';
import {
  fetchManifestText,
  readManifest,
  remoteInPage,
  replaceWaitingManifest,
  type Manifest,
} from './remote-registry';
import { isLoaded } from './remote-status';

/** While the panel is open, manifests are read again every 5 minutes and when the window regains focus… */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
/** …but not more often than this (focus storms, tab switching). */
export const VERSION_CHECK_MIN_GAP_MS = 30_000;

/** A remote this page should be reloaded for, with the build it serves now. */
export interface NewVersion {
  name: string;
  buildId: string | undefined;
}

/**
 * Reads a remote's manifest again and compares it with what this page holds; never throws. The
 * request is conditional (`cache: 'no-cache'`): an unchanged manifest costs a 304.
 * - Its code runs in this page and the manifest names another build: a new version (the old
 *   build's lazy chunks are usually gone after a deploy; a reload runs the new one).
 * - Its routes or menu items changed: a new version (this page's router and sidebar are the old ones).
 * - Its code has not been asked for yet: its first load will use the newer manifest, no prompt.
 * Unreachable: nothing changes. Refused by the checks (incompatible, invalid): a manifest still
 * waiting for the first load is dropped, so that load reads and checks it again (and is contained).
 */
export async function checkRemoteVersion(remote: RemoteEntry): Promise<NewVersion | null> {
  let text: string;
  try {
    text = await fetchManifestText(remote);
  } catch {
    return null;
  }
  let manifest: Manifest;
  try {
    manifest = readManifest(remote, text);
  } catch {
    replaceWaitingManifest(remote, null);
    return null;
  }
  const page = remoteInPage(remote);
  const build = manifest.metaData[MANIFEST_BUILD_KEY];
  const codeChanged =
    page.handed !== undefined && page.handed.build?.buildId !== build?.buildId && isLoaded(remote.name);
  const routesChanged =
    page.descriptor !== undefined &&
    page.descriptor !== JSON.stringify(manifest.metaData[MANIFEST_DESCRIPTOR_KEY]);
  if (page.waiting && page.waiting.text !== text) replaceWaitingManifest(remote, { text, build });
  return codeChanged || routesChanged ? { name: remote.name, buildId: build?.buildId } : null;
}

/** Every registered remote checked at once; the ones this page should be reloaded for. */
export async function checkVersions(remotes: readonly RemoteEntry[]): Promise<NewVersion[]> {
  const results = await Promise.all(remotes.map((remote) => checkRemoteVersion(remote)));
  return results.filter((result): result is NewVersion => result !== null);
}

export interface VersionWatchOptions {
  intervalMs?: number;
  minGapMs?: number;
  now?: () => number;
}

/**
 * Runs `check` when the window regains focus, when the tab becomes visible again and every
 * `intervalMs` while it is visible; at most once per `minGapMs` and one at a time. Each result goes
 * to `onResult` (also an empty one: a rolled-back deploy clears the news). A failed check is
 * silent. Returns the stop.
 */
export function watchVersions(
  check: () => Promise<NewVersion[]>,
  onResult: (news: NewVersion[]) => void,
  {
    intervalMs = VERSION_CHECK_INTERVAL_MS,
    minGapMs = VERSION_CHECK_MIN_GAP_MS,
    now = () => Date.now(),
  }: VersionWatchOptions = {},
): () => void {
  let last = -Infinity;
  let running = false;
  let stopped = false;

  const run = async () => {
    if (stopped || running || document.visibilityState === 'hidden') return;
    const at = now();
    if (at - last < minGapMs) return;
    last = at;
    running = true;
    try {
      const news = await check();
      if (!stopped) onResult(news);
    } catch {
      // Nothing is known then; the next check tries again.
    } finally {
      running = false;
    }
  };
  const onFocus = () => void run();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void run();
  };

  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(onFocus, intervalMs);
  return () => {
    stopped = true;
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}
