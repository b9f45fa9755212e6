import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfirmDialogHost, Toaster } from '@sso/shared/ui';
import type { RemoteStates } from './federation/remote-states';
import { buildRouterModel } from './routing/build-routes';

export interface AppProps {
  /** The registered remotes as they are read: a late answer or a retry re-renders the routes. */
  remotes: RemoteStates;
}

/**
 * The shell: one router, the toast and dialog hosts every remote uses. The one QueryClient comes
 * with the protected layout (layout/protected-layout.tsx): public pages paint without it (ADR 0006).
 */
export function App({ remotes }: AppProps) {
  const states = useSyncExternalStore(remotes.subscribe, remotes.snapshot);

  const router = useMemo(
    () => createBrowserRouter(buildRouterModel(states, remotes.refresh).routes),
    [states, remotes.refresh],
  );
  const firstRouter = useRef(router);
  useEffect(() => {
    // RouterProvider renders the state of its first router until the router it is given reports one:
    // a replaced router reports at once (same location, no history entry), so the address is matched
    // against the new routes (e.g. a remote that answered late now owns it).
    if (router !== firstRouter.current) void router.revalidate();
    // A replaced router stops listening to the history.
    return () => router.dispose();
  }, [router]);

  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmDialogHost />
    </>
  );
}
