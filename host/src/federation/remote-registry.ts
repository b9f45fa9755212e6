import {
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import * as v from 'valibot';
import {
  MANIFEST_BUILD_KEY,
  MANIFEST_DESCRIPTOR_KEY,
  manifestSchema,
  type BuildInfo,
  type Manifest,
  type RemoteDescriptor,
  type RemoteEntry,
} from '@sso/shared/federation';
import { takeEarlyManifest } from '../config/early-config';
import { hostProvidedVersions, incompatibility, IncompatibleRemoteError } from './compatibility';
import { descriptorCache } from './descriptor-cache';
import { checkOrigin, originGuard } from './origin-guard';
import { withTimeout } from './with-timeout';

export type { Manifest };

export const MANIFEST_TIMEOUT_MS = 5000;
const MANIFEST_ATTEMPTS = 2;

export type RemoteState =
  | { name: string; entry: string; status: 'ready'; descriptor: RemoteDescriptor }
  | { name: string; entry: string; status: 'stale'; descriptor: RemoteDescriptor; error: string }
  | { name: string; entry: string; status: 'failed'; error: string };

/** A manifest the host has read and checked, with the build it names. */
interface CheckedManifest {
  text: string;
  build: BuildInfo | undefined;
}

/** Registered remotes by manifest URL: the runtime asks for manifests by URL. */
const registered = new Map<string, RemoteEntry>();

/**
 * Manifests the host has read, handed once to the federation runtime when it asks for the same URL:
 * one request per remote instead of two, and the code loaded is the build whose descriptor the
 * host validated, even if a deploy lands in between (until then a newer check may replace it:
 * version-check.ts).
 */
const readManifests = new Map<string, CheckedManifest>();

/** The build of the manifest the runtime was handed for each remote (its code, once loaded). */
const handedBuilds = new Map<string, BuildInfo | undefined>();

/** The descriptor each remote's routes and menu items were built from, as JSON, by name. */
const pageDescriptors = new Map<string, string>();

/**
 * Every manifest the runtime loads for a registered remote comes through here: the one read at
 * discovery, else (a retry, a replaced or refused manifest) one fetched and checked again, so no
 * unchecked build runs and the host knows which build the runtime got.
 */
const manifestGate: ModuleFederationRuntimePlugin = {
  name: 'sso-manifest-gate',
  fetch(url) {
    const remote = registered.get(url);
    if (!remote) return undefined;
    const read = readManifests.get(url);
    readManifests.delete(url);
    const checked = read
      ? Promise.resolve(read)
      : fetchManifestText(remote).then((text) => ({
          text,
          build: readManifest(remote, text).metaData[MANIFEST_BUILD_KEY],
        }));
    return checked.then(({ text, build }) => {
      handedBuilds.set(url, build);
      return new Response(text, { headers: { 'content-type': 'application/json' } });
    });
  },
};

async function requestManifest(remote: RemoteEntry, signal: AbortSignal): Promise<string> {
  const response = await fetch(remote.entry, { cache: 'no-cache', credentials: 'omit', signal });
  if (!response.ok) throw new Error(`manifest of ${remote.name}: HTTP ${response.status}`);
  return response.text();
}

/**
 * A remote's manifest as text, within `MANIFEST_TIMEOUT_MS` (the runtime has no timeout). The request
 * is conditional (`no-cache`: an unchanged manifest costs a 304), and one that timed out is
 * cancelled: hung requests would hold the browser's few connections to that origin, and a retry
 * after the remote recovers would queue behind them. `early`: a read already under way (index.html's
 * early fetch), taken when it answers.
 */
export function fetchManifestText(remote: RemoteEntry, early?: Promise<string | null>): Promise<string> {
  const abort = new AbortController();
  const request = () => requestManifest(remote, abort.signal);
  return withTimeout(
    early ? early.then((text) => text ?? request()) : request(),
    MANIFEST_TIMEOUT_MS,
    `manifest of ${remote.name}`,
  ).finally(() => abort.abort());
}

/**
 * Parses and checks a remote's manifest: its descriptor, its name, the origin of its code and what it
 * requires of the shared singletons. Throws the first problem.
 */
export function readManifest(remote: RemoteEntry, text: string): Manifest {
  const manifest = v.parse(manifestSchema, JSON.parse(text));
  const descriptor = manifest.metaData[MANIFEST_DESCRIPTOR_KEY];
  if (manifest.name !== remote.name || descriptor.name !== remote.name) {
    throw new Error(`manifest name ${manifest.name} does not match registry name ${remote.name}`);
  }
  checkOrigin(remote.entry, manifest);
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
      const early = attempt === 0 ? takeEarlyManifest(remote.entry).catch(() => null) : undefined;
      const text = await fetchManifestText(remote, early);
      const { metaData } = readManifest(remote, text);
      readManifests.set(remote.entry, { text, build: metaData[MANIFEST_BUILD_KEY] });
      return metaData[MANIFEST_DESCRIPTOR_KEY];
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
  registerPlugins([manifestGate, originGuard]);
  for (const remote of remotes) registered.set(remote.entry, remote);
  registerRemotes(
    remotes.map((r) => ({ name: r.name, entry: r.entry })),
    { force: true },
  );
  return Promise.all(
    remotes.map(async (remote): Promise<RemoteState> => {
      try {
        const descriptor = await fetchDescriptor(remote);
        descriptorCache.write(descriptor);
        pageDescriptors.set(remote.name, JSON.stringify(descriptor));
        return { ...remote, status: 'ready', descriptor };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // An incompatible remote is never executed, not even from an earlier descriptor.
        if (error instanceof IncompatibleRemoteError) return { ...remote, status: 'failed', error: message };
        const cached = descriptorCache.read(remote.name);
        if (cached) pageDescriptors.set(remote.name, JSON.stringify(cached));
        return cached
          ? { ...remote, status: 'stale', descriptor: cached, error: message }
          : { ...remote, status: 'failed', error: message };
      }
    }),
  );
}

/**
 * What this page holds of a remote, for the new-version check: the build the runtime was handed
 * (its code once loaded), the build read but not yet handed, and the descriptor the routes came from.
 */
export function remoteInPage(remote: RemoteEntry): {
  handed?: { build: BuildInfo | undefined };
  waiting?: { build: BuildInfo | undefined; text: string };
  descriptor?: string;
} {
  const waiting = readManifests.get(remote.entry);
  const descriptor = pageDescriptors.get(remote.name);
  return {
    ...(handedBuilds.has(remote.entry) ? { handed: { build: handedBuilds.get(remote.entry) } } : {}),
    ...(waiting ? { waiting } : {}),
    ...(descriptor === undefined ? {} : { descriptor }),
  };
}

/**
 * A newer checked manifest of a remote whose code has not been asked for: its first load uses this
 * one. `null` drops the one read earlier (a newer one was refused): the first load then fetches and
 * checks it again. No effect once the runtime has been handed a manifest.
 */
export function replaceWaitingManifest(remote: RemoteEntry, manifest: CheckedManifest | null): void {
  if (!readManifests.has(remote.entry)) return;
  if (manifest) readManifests.set(remote.entry, manifest);
  else readManifests.delete(remote.entry);
}
