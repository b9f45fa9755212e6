import { getInstance } from '@module-federation/enhanced/runtime';
import { MANIFEST_BUILD_KEY, type BuildInfo, type RemoteEntry } from '@sso/shared/federation';
import { IncompatibleRemoteError } from './compatibility';
import { fetchManifestText, readManifest } from './remote-registry';
import { TimeoutError } from './with-timeout';

export type FailureKind = 'unreachable' | 'timeout' | 'incompatible' | 'invalid';

/** One remote as the status view shows it (read fresh from its manifest). */
export interface RemoteStatus {
  name: string;
  /** Origin of the registered manifest URL. */
  origin: string;
  build?: BuildInfo;
  state: 'loaded' | 'not-loaded' | 'failed';
  failure?: { kind: FailureKind; detail: string };
  /** How long the manifest took to arrive and be checked, in ms. */
  manifestMs: number;
  checkedAt: Date;
}

function failureKind(error: unknown): FailureKind {
  if (error instanceof IncompatibleRemoteError) return 'incompatible';
  if (error instanceof TimeoutError) return 'timeout';
  // fetch rejects with a TypeError when nothing answers; a non-2xx answer is no manifest either.
  if (error instanceof TypeError || (error instanceof Error && /: HTTP \d+$/.test(error.message))) {
    return 'unreachable';
  }
  return 'invalid';
}

/** Whether the remote's container has run in this page (one of its pages was opened). */
export function isLoaded(name: string): boolean {
  return Boolean(getInstance((instance) => instance.options.name === name));
}

/** Reads a remote's manifest again and reports what it says; never throws. */
export async function checkRemote(remote: RemoteEntry, now: () => number = () => performance.now()) {
  const started = now();
  const base = { name: remote.name, origin: new URL(remote.entry).origin };
  try {
    const manifest = readManifest(remote, await fetchManifestText(remote));
    const status: RemoteStatus = {
      ...base,
      build: manifest.metaData[MANIFEST_BUILD_KEY],
      state: isLoaded(remote.name) ? 'loaded' : 'not-loaded',
      manifestMs: now() - started,
      checkedAt: new Date(),
    };
    return status;
  } catch (error) {
    const status: RemoteStatus = {
      ...base,
      state: 'failed',
      failure: { kind: failureKind(error), detail: error instanceof Error ? error.message : String(error) },
      manifestMs: now() - started,
      checkedAt: new Date(),
    };
    return status;
  }
}

export function checkRemotes(remotes: RemoteEntry[]): Promise<RemoteStatus[]> {
  return Promise.all(remotes.map((remote) => checkRemote(remote)));
}
