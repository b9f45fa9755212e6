/**
 * The fetches index.html starts before main.js has loaded (host/early-fetch.js): the runtime config
 * and each listed remote's manifest, as text. Each is taken once; nothing here is trusted, callers
 * validate what they get and fall back to their own fetch when an early one is missing or failed.
 */
interface EarlyFetches {
  config?: Promise<string>;
  manifests?: Promise<Record<string, Promise<string> | undefined>>;
}

declare global {
  interface Window {
    __ssoEarly?: EarlyFetches;
  }
}

/**
 * Settles once the page script has read the config and sent every manifest's request (or failed
 * to): the app waits for this before evaluating its modules, which would otherwise hold those
 * requests back. At once when there is no page script (a test, a page without it).
 */
export async function earlyRequestsSent(): Promise<void> {
  await window.__ssoEarly?.manifests?.catch(() => null);
  // A task of its own: a promise's continuation would run the app in the same task.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export function takeEarlyConfig(): Promise<unknown> | null {
  const early = window.__ssoEarly;
  const config = early?.config;
  if (!early || !config) return null;
  delete early.config;
  return config.then((text): unknown => JSON.parse(text));
}

/** The early fetch of a manifest URL listed in the config, or null if there is none (or it was taken). */
export async function takeEarlyManifest(entry: string): Promise<string | null> {
  const byEntry = await window.__ssoEarly?.manifests?.catch(() => null);
  const manifest = byEntry?.[entry];
  if (!byEntry || !manifest) return null;
  // Taken once, like the config: a retry fetches the manifest again.
  byEntry[entry] = undefined;
  return manifest;
}
