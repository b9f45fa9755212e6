import { canDo, type GrantedApp } from '@sso/shared/access';
import type { NavItem } from '@sso/shared/federation';
import { navItemsOf, shellRoutes } from '@sso/shared/routes';

/** The host's own sidebar items (Home, Settings), from its route table; App Management is remote-apps'. */
export const hostNav: NavItem[] = navItemsOf(shellRoutes);

/**
 * Menu policy is the host's: items from every remote and the host, de-duplicated by path (a
 * later item replaces an earlier one of the same path), sorted by order then label.
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
