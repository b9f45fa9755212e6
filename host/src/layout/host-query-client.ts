import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@sso/shared/query';

let client: QueryClient | undefined;

/**
 * The host's one QueryClient, created with the protected layout (the first screen of /login has no
 * query cache, ADR 0006) and kept for the page's lifetime: every protected page and remote shares it.
 */
export function hostQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/**
 * Once the protected layout has painted, the api client and the zod contract every protected page
 * uses start loading, so the first page opened from the sidebar does not wait for them.
 */
export function preloadDataLayer(): void {
  void import('@sso/shared/api').catch(() => undefined);
  void import('@sso/shared/contract').catch(() => undefined);
}
