import { canDo, type GrantedApp } from '@sso/shared/access';
import type { NavItem } from '@sso/shared/federation';

/** The host's own sidebar items (spec 2: Home, App Management, Settings). */
export const hostNav: NavItem[] = [
  { label: 'Home', icon: 'home', path: '/home', order: 10 },
  { label: 'App Management', icon: 'apps', path: '/app-management', order: 40, menu: 'App Management' },
  { label: 'Settings', icon: 'settings', path: '/settings', order: 50, menu: 'Settings' },
];

/**
 * Menu policy is the host's: items from every remote and the host, de-duplicated by path (a
 * remote's item replaces the host placeholder of the same path), sorted by order then label.
 */
export function mergeNav(host: NavItem[], remotes: NavItem[][]): NavItem[] {
  const byPath = new Map<string, NavItem>();
  for (const item of host) byPath.set(item.path, item);
  for (const items of remotes) for (const item of items) byPath.set(item.path, item);
  return [...byPath.values()].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}

/**
 * The selected item follows the path; nested paths (e.g. /edit-user/...) select their list through
 * the route's navPath.
 */
export function selectedNavPath(
  pathname: string,
  items: NavItem[],
  navPathOf: (pathname: string) => string | undefined,
): string | undefined {
  const exact = items.find((i) => i.path === pathname);
  if (exact) return exact.path;
  const mapped = navPathOf(pathname);
  if (mapped && items.some((i) => i.path === mapped)) return mapped;
  return items.find((i) => pathname.startsWith(`${i.path}/`))?.path;
}

/** The sidebar shows only granted menus (an item without a menu, such as Home, always). */
export function visibleNav(items: NavItem[], grants: readonly GrantedApp[]): NavItem[] {
  return items.filter((item) => item.menu === undefined || canDo(grants, item.menu, 'view'));
}
