import { matchPath, Outlet, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { NavItem, RemoteEntry, RemoteRoute, RouteRequirement } from '@sso/shared/federation';
import { shellRoutes } from '@sso/shared/routes';
import { useSession } from '@sso/shared/session';
import { PageSpinner, RemotePage, RemoteUnavailable } from '../federation/remote-page';
import { prefetchPage } from '../federation/load-page';
import type { RemoteView } from '../federation/remote-states';
import { RedirectIfSession, RequireAccess, RequireSession } from './guards';
import { lazyComponent } from './lazy-component';
import { hostNav, mergeNav } from './nav-model';

/**
 * Not on the first screen of /login: the shell (its stylesheet, the query cache), the handoff page (and its
 * decompressor) and the not-found page load when rendered, or earlier by `preloadShellFor` (ADR 0006).
 */
const ShellLayout = lazyComponent(() => import('../layout/protected-layout').then((m) => m.ProtectedLayout));
const HandoffPage = lazyComponent(() => import('../handoff/handoff-page').then((m) => m.HandoffPage));
/** Settings and its module status view load with the route, never on the first screen. */
const SettingsPage = lazyComponent(() => import('../settings/settings-page').then((m) => m.SettingsPage));
const NotFoundPage = lazyComponent(() => import('../pages/not-found-page').then((m) => m.NotFoundPage));
/** Home's overview (the cards the remotes declare) loads with the route, after sign-in only. */
const HomePage = lazyComponent(() => import('../home/home-page').then((m) => m.HomePage));

/**
 * Starts loading the code of the remote page at `pathname` before the first render, so the remote's
 * container and page evaluate while React renders the shell around them (ADR 0006).
 */
export function prefetchPageAt(states: RemoteView[], pathname: string): void {
  for (const state of states) {
    // Only code whose manifest the host has just read and checked.
    if (state.status !== 'ready') continue;
    const route = state.descriptor.routes.find((r) => matchPath(r.path, pathname));
    if (route) {
      prefetchPage(state.name, route.module);
      return;
    }
  }
}

/**
 * Whether the page at `pathname` is a public page (no shell, so nothing else on screen comes from
 * another remote) of a remote whose manifest has been read: the first render need not wait for the
 * other remotes (`/login` does not wait for the users and roles manifests).
 */
export function publicPageReady(states: RemoteView[], pathname: string): boolean {
  return states.some(
    (state) =>
      state.status === 'ready' &&
      state.descriptor.routes.some((r) => r.access === 'public-only' && matchPath(r.path, pathname)),
  );
}

/** Starts loading what the page at `pathname` shows first: the shell once signed in, or the handoff. */
export function preloadShellFor(pathname: string, signedIn: boolean): void {
  if (pathname === shellRoutes.handoff.path) HandoffPage.preload();
  else if (signedIn) ShellLayout.preload();
}

interface ResolvedRoute extends RemoteRoute {
  remote: RemoteEntry;
  status: RemoteView['status'];
}

/**
 * The host's own protected pages, from its route table; a remote route with the same path replaces
 * one. Home needs only a session of this panel; Settings the grant of its menu.
 */
const hostRoutes = [
  { path: shellRoutes.home.path, requires: undefined, page: 'home' },
  { path: shellRoutes.settings.path, requires: shellRoutes.settings.requires, page: 'settings' },
] satisfies { path: string; requires: RouteRequirement | undefined; page: 'home' | 'settings' }[];

function guarded(element: ReactNode, requires: RouteRequirement | undefined): ReactNode {
  return requires ? <RequireAccess requires={requires}>{element}</RequireAccess> : element;
}

export interface RouterModel {
  routes: RouteObject[];
  nav: NavItem[];
}

/**
 * Builds the whole route table and sidebar from the host's routes and the remotes' descriptors.
 * A remote's routes render its page once its manifest was read (`ready`), a spinner while it is being
 * read (`pending`), the fallback when it could not be (`stale`: routes from the last good
 * descriptor); `onRetry` reads the given remotes again.
 */
export function buildRouterModel(
  states: RemoteView[],
  onRetry: (remotes: RemoteEntry[]) => void,
): RouterModel {
  const remoteRoutes: ResolvedRoute[] = [];
  const navs: NavItem[][] = [];
  /** Remotes without any known routes: the catch-all may be one of theirs. */
  const failed: RemoteEntry[] = [];
  let pending = false;
  for (const state of states) {
    const remote = { name: state.name, entry: state.entry };
    const descriptor = state.status === 'failed' ? undefined : state.descriptor;
    if (!descriptor) {
      if (state.status === 'pending') pending = true;
      else failed.push(remote);
      continue;
    }
    navs.push(descriptor.nav);
    for (const route of descriptor.routes) remoteRoutes.push({ ...route, remote, status: state.status });
  }
  const nav = mergeNav(hostNav, navs);
  const taken = new Set(remoteRoutes.map((r) => r.path));

  const navPathOf = (pathname: string) =>
    remoteRoutes.find((r) => r.navPath && matchPath(r.path, pathname))?.navPath;
  const onPrefetch = (path: string) => {
    const route = remoteRoutes.find((r) => r.path === path);
    if (route?.status === 'ready') prefetchPage(route.remote.name, route.module);
  };
  const shellProps = { nav, navPathOf, onPrefetch };

  const remotePage = (route: ResolvedRoute): ReactNode => {
    const retry = () => onRetry([route.remote]);
    if (route.status === 'pending') return <PageSpinner />;
    if (route.status !== 'ready') return <RemoteUnavailable label={route.remote.name} onRetry={retry} />;
    return <RemotePage key={route.path} remote={route.remote} module={route.module} onRetry={retry} />;
  };
  const toRoute = (route: ResolvedRoute): RouteObject => ({
    path: route.path,
    element: guarded(remotePage(route), route.requires),
  });

  const hostPage = (route: (typeof hostRoutes)[number]): ReactNode =>
    route.page === 'settings' ? <SettingsPage /> : <HomePage states={states} onRetry={onRetry} />;

  function CatchAll() {
    const session = useSession();
    const page = pending ? <PageSpinner /> : <NotFoundPage failed={failed} onRetry={() => onRetry(failed)} />;
    return session ? <ShellLayout {...shellProps}>{page}</ShellLayout> : page;
  }

  const routes: RouteObject[] = [
    { path: shellRoutes.handoff.path, element: <HandoffPage /> },
    {
      element: (
        <RedirectIfSession>
          <Outlet />
        </RedirectIfSession>
      ),
      children: remoteRoutes.filter((r) => r.access === 'public-only').map(toRoute),
    },
    {
      element: (
        <RequireSession>
          <ShellLayout {...shellProps} />
        </RequireSession>
      ),
      children: [
        ...hostRoutes
          .filter((r) => !taken.has(r.path))
          .map((r) => ({
            path: r.path,
            element: guarded(hostPage(r), r.requires),
          })),
        ...remoteRoutes.filter((r) => r.access === 'protected').map(toRoute),
      ],
    },
    { path: '*', element: <CatchAll /> },
  ];
  return { routes, nav };
}
