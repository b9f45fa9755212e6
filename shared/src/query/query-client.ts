import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '@sso/shared/api';

/** Spec 9: data cache garbage collection 5 minutes; up to 3 retries, back-off capped at 30 s. */
export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error);
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
