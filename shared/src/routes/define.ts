import type { ActionRequirement, PanelMenu } from '@sso/shared/access';

/**
 * One route of a domain's table: the single declaration of a screen (issue 29). The remote's
 * descriptor, the host's router and sidebar, the access the page needs and the e2e route helpers
 * are all read from it; no path or menu is written anywhere else.
 * (Relative imports carry `.ts` so the builds' configs, which read the descriptors, load them under Node.)
 */
export interface RouteDef {
  /** The URL pattern (`/edit-user/:hashId`). */
  readonly path: string;
  /** `public-only` pages are for signed-out visitors (a session goes to /home); default `protected`. */
  readonly access?: 'public-only' | 'protected';
  /** The grant the page needs: an action of `PANEL_ACTIONS` where the api checks one. */
  readonly requires?: ActionRequirement;
  /** The exposed module of the remote holding the page (`./user-list`); host pages have none. */
  readonly module?: string;
  /** The sidebar item this route adds. */
  readonly nav?: {
    readonly label: string;
    readonly icon: 'home' | 'users' | 'roles' | 'apps' | 'settings' | 'audit' | 'generic';
    readonly order: number;
    /** The top-level menu whose grant shows the item; none: everyone signed in sees it. */
    readonly menu?: PanelMenu;
  };
  /** The key of the route (same table) whose sidebar item stays selected on this page. */
  readonly selects?: string;
}

export type RouteTable = Readonly<Record<string, RouteDef>>;

/** Declares a domain's table; the literal types of its paths are kept for the helpers. */
export function defineRoutes<const T extends { [K in keyof T]: RouteDef & { selects?: keyof T & string } }>(
  table: T,
): T {
  return table;
}

/** The route's URL with its `:params` filled (values used as given: callers pass encoded ids). */
export function pathTo(
  route: { path: string },
  params: Readonly<Record<string, string | number>> = {},
): string {
  return route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo: missing :${name} for ${route.path}`);
    return String(value);
  });
}

/** A remote's routes, as its descriptor lists them (only routes with a module). */
export function remoteRoutesOf(table: RouteTable) {
  return Object.values(table)
    .filter((route): route is RouteDef & { module: string } => route.module !== undefined)
    .map((route) => ({
      path: route.path,
      access: route.access ?? ('protected' as const),
      ...(route.requires
        ? { requires: { menu: route.requires.menu, capability: route.requires.capability } }
        : {}),
      module: route.module,
      ...(route.selects && table[route.selects] ? { navPath: table[route.selects]?.path } : {}),
    }));
}

/** The sidebar items a table adds. */
export function navItemsOf(table: RouteTable) {
  return Object.values(table).flatMap((route) =>
    route.nav
      ? [
          {
            label: route.nav.label,
            icon: route.nav.icon,
            path: route.path,
            order: route.nav.order,
            ...(route.nav.menu ? { menu: route.nav.menu } : {}),
          },
        ]
      : [],
  );
}

/** The descriptor's `routes` and `nav`, derived from the table. */
export function describeRoutes(table: RouteTable) {
  return { routes: remoteRoutesOf(table), nav: navItemsOf(table) };
}
