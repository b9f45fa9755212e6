import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  MANIFEST_DESCRIPTOR_KEY,
  manifestSchema,
  type RemoteDescriptor,
  type RemoteEntry,
} from '@sso/shared/federation';
import { descriptorCache } from './descriptor-cache';
import { withTimeout } from './with-timeout';

export const MANIFEST_TIMEOUT_MS = 5000;
const MANIFEST_ATTEMPTS = 2;

export type RemoteState =
  | { name: string; entry: string; status: 'ready'; descriptor: RemoteDescriptor }
  | { name: string; entry: string; status: 'stale'; descriptor: RemoteDescriptor; error: string }
  | { name: string; entry: string; status: 'failed'; error: string };

/** Only remotes whose code is served from the origin the registry names may load. */
function checkOrigin(entry: string, publicPath: string | undefined): void {
  if (!publicPath || publicPath === 'auto') return;
  const entryOrigin = new URL(entry).origin;
  const codeOrigin = new URL(publicPath, entry).origin;
  if (codeOrigin !== entryOrigin) {
    throw new Error(`remote code origin ${codeOrigin} is not the registered ${entryOrigin}`);
  }
}

async function fetchDescriptor(remote: RemoteEntry): Promise<RemoteDescriptor> {
  let lastError: unknown;
  for (let attempt = 0; attempt < MANIFEST_ATTEMPTS; attempt += 1) {
    try {
      const response = await withTimeout(
        fetch(remote.entry, { cache: 'no-cache', credentials: 'omit' }),
        MANIFEST_TIMEOUT_MS,
        `manifest of ${remote.name}`,
      );
      if (!response.ok) throw new Error(`manifest of ${remote.name}: HTTP ${response.status}`);
      const manifest = manifestSchema.parse(await response.json());
      const descriptor = manifest.metaData[MANIFEST_DESCRIPTOR_KEY];
      if (manifest.name !== remote.name || descriptor.name !== remote.name) {
        throw new Error(`manifest name ${manifest.name} does not match registry name ${remote.name}`);
      }
      checkOrigin(remote.entry, manifest.metaData.publicPath);
      return descriptor;
    } catch (error) {
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
        const cached = descriptorCache.read(remote.name);
        return cached
          ? { ...remote, status: 'stale', descriptor: cached, error: message }
          : { ...remote, status: 'failed', error: message };
      }
    }),
  );
}

/** Forgets a remote's failed entry so the next load fetches it again (retry after an outage). */
export function resetRemote(remote: RemoteEntry): void {
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}
