/**
 * Starts fetching /config.json at the very first line of the host, in parallel with the shared
 * modules loading; `loadConfig` validates whatever it gives (nothing is trusted here).
 */
let pending: Promise<unknown> | null = null;

export function startConfigFetch(url = '/config.json'): void {
  pending ??= fetch(url, { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`config ${response.status}`);
    const body: Promise<unknown> = response.json();
    return body;
  });
  // Errors surface when the config is read (loadConfig); avoid an unhandled rejection meanwhile.
  pending.catch(() => undefined);
}

export function takeEarlyConfig(): Promise<unknown> | null {
  const value = pending;
  pending = null;
  return value;
}
