import { QueryClient } from '@tanstack/react-query';

/** Spec 9: data cache garbage collection 5 minutes; up to 3 retries, back-off capped at 30 s. */
export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * Transient failures only (network, 5xx, 408), as `isRetryable` of @sso/shared/api decides. The api
 * client rejects with its ApiError (`kind`, `status`): read here by shape, so the query cache needs
 * no api client (axios and the zod contract load on the first request, ADR 0006).
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (!('kind' in error)) return error.name !== 'ZodError' && error.name !== 'ValiError';
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || !('status' in error) || typeof error.status !== 'number') return false;
  return error.status >= 500 || error.status === 408;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransient(error);
}

/** The one QueryClient factory: the host makes one, remotes read it from context. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: GC_TIME_MS, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
