import { runtimeConfigSchema, type RuntimeConfig } from '@sso/shared/federation';
import { takeEarlyConfig } from './early-config';

/**
 * Runtime configuration (DESIGN "Ports"): the api origin and the remote registry come from
 * /config.json next to the host's index.html, never from the build.
 */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const early = takeEarlyConfig();
  const raw: unknown = early
    ? await early
    : await fetch(url, { cache: 'no-cache' }).then((response) => {
        if (!response.ok) throw new Error(`config ${response.status}`);
        const body: Promise<unknown> = response.json();
        return body;
      });
  return runtimeConfigSchema.parse(raw);
}
