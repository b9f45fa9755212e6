import { useCallback, useMemo, useState } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
// Its back/forward guard listens before the router does (shared/src/navigation/blocking.ts).
import '@sso/shared/navigation';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import type { RuntimeConfig } from '@sso/shared/federation';
import { discoverRemotes, type RemoteState } from './federation/remote-registry';
import { buildRouterModel } from './routing/build-routes';

export interface AppProps {
  config: RuntimeConfig;
  initialStates: RemoteState[];
}

/**
 * react-router's declarative router: the data router's loaders, actions and fetchers are not used,
 * and leaving it out keeps ~15 KB off the first screen; blocking is the navigation facade's
 * (ADR 0006).
 */
function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
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

  const routes = useMemo(() => buildRouterModel(states, retryDiscovery).routes, [states, retryDiscovery]);

  return (
    <>
      <BrowserRouter>
        <Routes routes={routes} />
      </BrowserRouter>
      <Toaster />
      <ConfirmDialogHost />
    </>
  );
}
