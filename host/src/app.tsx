import { useMemo, useSyncExternalStore } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
// Its back/forward guard listens before the router does (shared/src/navigation/blocking.ts).
import '@sso/shared/navigation';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import type { RemoteStates } from './federation/remote-states';
import { buildRouterModel } from './routing/build-routes';
import { useDropUnclaimedPrerenderedScreen } from './routing/prerendered-screen';

export interface AppProps {
  /** The registered remotes as they are read: a late answer or a retry re-renders the routes. */
  remotes: RemoteStates;
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
export function App({ remotes }: AppProps) {
  const states = useSyncExternalStore(remotes.subscribe, remotes.snapshot);
  // The server's painted auth screen: taken over by its page by now, or still loading, or not wanted.
  useDropUnclaimedPrerenderedScreen();

  // Re-rendered with the new table, the router matches the address again (a remote that answered
  // late, or came back on a retry, now owns it).
  const routes = useMemo(() => buildRouterModel(states, remotes.refresh).routes, [states, remotes.refresh]);

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
