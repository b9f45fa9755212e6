import * as v from 'valibot';
import { runtimeConfigSchema, type RuntimeConfig } from '@sso/shared/federation';
import { takeEarlyConfig } from './early-config';

/**
 * Runtime configuration (DESIGN "Ports"): the api origin and the remote registry come from
 * /config.json next to the host's index.html, never from the build.
 */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const early = takeEarlyConfig();
  // The early fetch of index.html, or our own when it is missing or failed.
  const raw = early ? await early.catch(() => fetchConfig(url)) : await fetchConfig(url);
  return v.parse(runtimeConfigSchema, raw);
}

async function fetchConfig(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config ${response.status}`);
  const body: unknown = await response.json();
  return body;
}
