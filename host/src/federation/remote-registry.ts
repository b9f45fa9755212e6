import {
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import {
  MANIFEST_DESCRIPTOR_KEY,
  manifestSchema,
  type RemoteDescriptor,
  type RemoteEntry,
} from '@sso/shared/federation';
import type { Infer } from '@sso/shared/validate';
import { takeEarlyManifest } from '../config/early-config';
import { hostProvidedVersions, incompatibility, IncompatibleRemoteError } from './compatibility';
import { descriptorCache } from './descriptor-cache';
import { withTimeout } from './with-timeout';

export const MANIFEST_TIMEOUT_MS = 5000;
const MANIFEST_ATTEMPTS = 2;

export type RemoteState =
  | { name: string; entry: string; status: 'ready'; descriptor: RemoteDescriptor }
  | { name: string; entry: string; status: 'stale'; descriptor: RemoteDescriptor; error: string }
  | { name: string; entry: string; status: 'failed'; error: string };

/** Only remotes whose code is served from the origin the registry names may load. */
export function checkOrigin(entry: string, publicPath: string | undefined): void {
  if (!publicPath || publicPath === 'auto') return;
  const entryOrigin = new URL(entry).origin;
  const codeOrigin = new URL(publicPath, entry).origin;
  if (codeOrigin !== entryOrigin) {
    throw new Error(`remote code origin ${codeOrigin} is not the registered ${entryOrigin}`);
  }
}

/**
 * Manifests the host has read, handed once to the federation runtime when it asks for the same URL:
 * one request per remote instead of two, and the code loaded is the build whose descriptor the
 * host validated, even if a deploy lands in between.
 */
const readManifests = new Map<string, string>();

const manifestReuse: ModuleFederationRuntimePlugin = {
  name: 'sso-manifest-reuse',
  fetch(url) {
    const text = readManifests.get(url);
    if (text === undefined) return undefined;
    readManifests.delete(url);
    return Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }));
  },
};

export async function fetchManifestText(remote: RemoteEntry, signal?: AbortSignal): Promise<string> {
  const response = await fetch(remote.entry, { cache: 'no-cache', credentials: 'omit', signal });
  if (!response.ok) throw new Error(`manifest of ${remote.name}: HTTP ${response.status}`);
  return response.text();
}

export type Manifest = Infer<typeof manifestSchema>;

/**
 * Parses and checks a remote's manifest: its descriptor, its name, the origin of its code and what it
 * requires of the shared singletons. Throws the first problem.
 */
export function readManifest(remote: RemoteEntry, text: string): Manifest {
  const manifest = manifestSchema.parse(JSON.parse(text));
  const descriptor = manifest.metaData[MANIFEST_DESCRIPTOR_KEY];
  if (manifest.name !== remote.name || descriptor.name !== remote.name) {
    throw new Error(`manifest name ${manifest.name} does not match registry name ${remote.name}`);
  }
  checkOrigin(remote.entry, manifest.metaData.publicPath);
  // Before any of its code runs: a remote built against shared singletons the host does not
  // provide would break at run time (ADR 0009).
  const reason = incompatibility(manifest.shared ?? [], hostProvidedVersions());
  if (reason) throw new IncompatibleRemoteError(reason);
  return manifest;
}

async function fetchDescriptor(remote: RemoteEntry): Promise<RemoteDescriptor> {
  let lastError: unknown;
  for (let attempt = 0; attempt < MANIFEST_ATTEMPTS; attempt += 1) {
    try {
      // First the fetch index.html started (host/early-fetch.js), then our own.
      const early = attempt === 0 ? takeEarlyManifest(remote.entry).catch(() => null) : null;
      // A request that timed out is cancelled: hung requests would hold the browser's few
      // connections to that origin, and a retry after the remote recovers would queue behind them.
      const abort = new AbortController();
      const text = await withTimeout(
        early
          ? early.then((value) => value ?? fetchManifestText(remote, abort.signal))
          : fetchManifestText(remote, abort.signal),
        MANIFEST_TIMEOUT_MS,
        `manifest of ${remote.name}`,
      ).finally(() => abort.abort());
      const descriptor = readManifest(remote, text).metaData[MANIFEST_DESCRIPTOR_KEY];
      readManifests.set(remote.entry, text);
      return descriptor;
    } catch (error) {
      // Reading it again would say the same.
      if (error instanceof IncompatibleRemoteError) throw error;
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/**
 * Registers the runtime registry's remotes with the federation runtime and reads each one's
 * descriptor from its manifest, without executing any remote code. A remote that cannot be read
 * is reported, never thrown: the rest of the panel keeps working.
 */
export async function discoverRemotes(remotes: RemoteEntry[]): Promise<RemoteState[]> {
  registerPlugins([manifestReuse]);
  registerRemotes(
    remotes.map((r) => ({ name: r.name, entry: r.entry })),
    { force: true },
  );
  return Promise.all(
    remotes.map(async (remote): Promise<RemoteState> => {
      try {
        const descriptor = await fetchDescriptor(remote);
        descriptorCache.write(descriptor);
        return { ...remote, status: 'ready', descriptor };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // An incompatible remote is never executed, not even from an earlier descriptor.
        if (error instanceof IncompatibleRemoteError) return { ...remote, status: 'failed', error: message };
        const cached = descriptorCache.read(remote.name);
        return cached
          ? { ...remote, status: 'stale', descriptor: cached, error: message }
          : { ...remote, status: 'failed', error: message };
      }
    }),
  );
}
