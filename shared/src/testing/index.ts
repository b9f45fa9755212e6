// Test-only helpers for the remotes' Jest suites. Never imported by application code (so never
// bundled or federated); it lives in @sso/shared so each remote team gets the same contract checks.
import path from 'node:path';
import * as v from 'valibot';
import { PANEL_MENU_TREE, SSO_PANEL_APP_ID, type AccessLevel, type GrantedApp } from '@sso/shared/access';
import { remoteDescriptorSchema, type RouteRequirement } from '@sso/shared/federation';
import { writeSession } from '@sso/shared/session';
import type { RoleApplication } from '@sso/shared/contract';

export interface DescriptorContract {
  /** The remote's federation name (`auth`, `users`, `roles`). */
  name: string;
  /** The remote's package folder (the one holding `src/`): pass `path.join(__dirname, '..')`. */
  packageDir: string;
  /** The remote's exposes map, as its build reads it. */
  exposes: Record<string, string>;
  /** Imports the descriptor from the remote's own test, so the path is the remote's. */
  load: () => Promise<{ descriptor: unknown }>;
  /**
   * What its protected routes require, in route order (`PANEL_ACTIONS.listUsers`, …), and the menus
   * of its sidebar items: the access model's, not a second list (DESIGN "Access control").
   */
  access?: { routes: readonly RouteRequirement[]; nav: readonly string[] };
}

/**
 * Backstage's lazy test, for any remote: the descriptor is data. Importing it must not load any
 * page code, or the host would pay for every remote's pages on first load; and each route must name
 * a module the remote exposes.
 */
export function testRemoteDescriptor({ name, packageDir, exposes, load, access }: DescriptorContract): void {
  const loaded: string[] = [];
  for (const file of Object.values(exposes)) {
    const modulePath = path.join(packageDir, file.replace(/\.tsx?$/, ''));
    jest.doMock(modulePath, () => {
      loaded.push(modulePath);
      return {};
    });
  }

  test('importing the descriptor loads no page code', async () => {
    const { descriptor } = await load();
    expect(v.parse(remoteDescriptorSchema, descriptor).routes.length).toBeGreaterThan(0);
    expect(loaded).toEqual([]);
  });

  test('the descriptor is valid and every route names an exposed module', async () => {
    const parsed = v.parse(remoteDescriptorSchema, (await load()).descriptor);
    expect(parsed.name).toBe(name);
    for (const route of parsed.routes) expect(Object.keys(exposes)).toContain(route.module);
    for (const card of parsed.cards ?? []) expect(Object.keys(exposes)).toContain(card.module);
  });

  if (access) {
    test('routes and sidebar items require what the access model says', async () => {
      const parsed = v.parse(remoteDescriptorSchema, (await load()).descriptor);
      expect(parsed.routes.map((route) => route.requires)).toEqual(access.routes);
      expect(parsed.nav.map((item) => item.menu)).toEqual(access.nav);
    });
  }
}

/** api/me's `user_menu` granting every app-1 menu at `level` (none for null), as `panelGrants`. */
export function panelMenus(level: AccessLevel | null): RoleApplication[] {
  if (level === null) return [];
  let id = 0;
  return [
    {
      apps_id: SSO_PANEL_APP_ID,
      apps_name: 'SSO Admin Panel',
      logo_url: 'http://localhost:4000/static/logos/app-1.svg',
      menus: PANEL_MENU_TREE.map(([key, children]) => ({
        id: ++id,
        key,
        name: key,
        acces_level: level,
        children: children.map((child) => ({ id: ++id, key: child, name: child, acces_level: level })),
      })),
    },
  ];
}

/** A `user_menu` granting every app-1 menu at one level (none for null: no panel grant). */
export const panelGrants = (level: AccessLevel | null): GrantedApp[] => panelMenus(level);

/**
 * Stores a session of this panel whose role has every app-1 menu at `level` (an owner, modifier or
 * viewer), as the login chain would; `null` stores a session with no panel grant. `account` gives
 * the session's user and role ids (whose own row or role a screen marks); `without` leaves top-level
 * menus out of the grant (e.g. a viewer without Log Aktivitas).
 */
export function signInAs(
  level: AccessLevel | null,
  {
    without = [],
    ...account
  }: { id?: number; role_id?: number; user_menu?: GrantedApp[]; without?: readonly string[] } = {},
): void {
  writeSession({
    ...account,
    nik: '100001',
    name: 'Tester',
    app_id: SSO_PANEL_APP_ID,
    access_token: 'test-access-token',
    session_token: 'test-session-token',
    user_menu: (account.user_menu ?? panelGrants(level)).map((app) => ({
      ...app,
      menus: app.menus.filter((menu) => !without.includes(menu.name)),
    })),
  });
}

export { listAnswered, renderRoute } from './render-route';
export { UnsavedForm } from './unsaved-form';
export { menuItemTexts } from './menu-items';
