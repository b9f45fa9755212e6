import { useCallback, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import type { RuntimeConfig } from '@sso/shared/federation';
import { discoverRemotes, type RemoteState } from './federation/remote-registry';
import { buildRouterModel } from './routing/build-routes';

export interface AppProps {
  config: RuntimeConfig;
  initialStates: RemoteState[];
}

/**
 * The shell: one router, the toast and dialog hosts every remote uses. The one QueryClient comes
 * with the protected layout (layout/protected-layout.tsx): public pages paint without it (ADR 0006).
 */
export function App({ config, initialStates }: AppProps) {
  const [states, setStates] = useState(initialStates);

  const retryDiscovery = useCallback(() => {
    void discoverRemotes(config.remotes).then(setStates);
  }, [config.remotes]);

  const router = useMemo(
    () => createBrowserRouter(buildRouterModel(states, retryDiscovery).routes),
    [states, retryDiscovery],
  );

  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmDialogHost />
    </>
  );
}
