import { runtimeConfigSchema, type RuntimeConfig } from '@sso/shared/federation';

/**
 * Runtime configuration (DESIGN "Ports"): the api origin and the remote registry come from
 * /config.json next to the host's index.html, never from the build.
 */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
