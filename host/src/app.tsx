import { useCallback, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@sso/shared/query';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import type { RuntimeConfig } from '@sso/shared/federation';
import { discoverRemotes, type RemoteState } from './federation/remote-registry';
import { buildRouterModel } from './routing/build-routes';

export interface AppProps {
  config: RuntimeConfig;
  initialStates: RemoteState[];
}

/** The shell: one QueryClient, one router, the toast and dialog hosts every remote uses. */
export function App({ config, initialStates }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [states, setStates] = useState(initialStates);

  const retryDiscovery = useCallback(() => {
    void discoverRemotes(config.remotes).then(setStates);
  }, [config.remotes]);

  const router = useMemo(
    () => createBrowserRouter(buildRouterModel(states, retryDiscovery).routes),
    [states, retryDiscovery],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmDialogHost />
    </QueryClientProvider>
  );
}
