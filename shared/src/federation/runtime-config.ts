import type { RuntimeConfig } from './descriptor';

let current: RuntimeConfig | null = null;

/**
 * The runtime config the host read at start. The api client reads its origin here when it first
 * sends, so the host configures it without loading it: it arrives with the first request (ADR 0006).
 */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig | null {
  return current;
}
