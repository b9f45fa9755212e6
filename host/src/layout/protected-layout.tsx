import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { hostQueryClient, preloadDataLayer } from './host-query-client';
import { ShellLayout, type ShellLayoutProps } from './shell-layout';

/**
 * The shell of every protected page with the host's one QueryClient: public pages paint without the
 * query cache, which loads with this module (ADR 0006). Once painted, it preloads the api client and
 * the contract the protected pages use.
 */
export function ProtectedLayout(props: ShellLayoutProps) {
  useEffect(preloadDataLayer, []);
  return (
    <QueryClientProvider client={hostQueryClient()}>
      <ShellLayout {...props} />
    </QueryClientProvider>
  );
}
