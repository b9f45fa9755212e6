import { ACCESS_LEVEL, type Application, type Color, type Menu, type Role } from '@sso/shared/contract';
import { panelGrants, signInAs } from '@sso/shared/testing';

/** Test data factories with overrides (STYLE "Tests"). */

export function createMenu(id: number, name: string, children: Array<[number, string]> = []): Menu {
  return {
    id,
    name,
    menu: children.map(([childId, childName]) => ({ id: childId, name: childName, menu: [] })),
  };
}

/** A two-level tree: Home (no sub-menus), User Management (2), Role Management (2). */
export function createMenuTree(): Menu[] {
  return [
    createMenu(1, 'Home'),
    createMenu(2, 'User Management', [
      [3, 'Daftar User'],
      [4, 'Tambah User'],
    ]),
    createMenu(5, 'Role Management', [
      [6, 'Daftar Role'],
      [7, 'Tambah Role'],
    ]),
  ];
}

export function createApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 1,
    name: 'SSO Admin Panel',
    descriptions: null,
    logo_url: 'http://localhost:4000/static/logos/app-1.svg',
    ...overrides,
  };
}

export function createColor(overrides: Partial<Color> = {}): Color {
  return { id: 1, hex_code: '#e53935', ...overrides };
}

export function createRole(overrides: Partial<Role> = {}): Role {
  return {
    id: 7,
    name: 'Auditor',
    color: createColor({ id: 3, hex_code: '#3949ab' }),
    member_count: 0,
    applications: [
      {
        apps_id: 1,
        apps_name: 'SSO Admin Panel',
        logo_url: 'http://localhost:4000/static/logos/app-1.svg',
        menus: [
          { id: 1, name: 'Home', acces_level: 3, children: [] },
          {
            id: 2,
            name: 'User Management',
            acces_level: 1,
            children: [{ id: 3, name: 'Daftar User', acces_level: 2 }],
          },
        ],
      },
    ],
    ...overrides,
  };
}

/**
 * Signs in as an owner of every menu of `createMenuTree` in each of `appIds` (the role editor offers
 * only what the signed-in user holds, issue 18), with role id `roleId`.
 */
export function signInAsOwnerOf(appIds: readonly number[] = [1, 2], roleId = 1): void {
  const menus = panelGrants(ACCESS_LEVEL.owner)[0]?.menus ?? [];
  signInAs(ACCESS_LEVEL.owner, { role_id: roleId, user_menu: appIds.map((apps_id) => ({ apps_id, menus })) });
}

/** A role every modifier of app 1 covers: Home as a viewer. */
export function createWeakRole(overrides: Partial<Role> = {}): Role {
  const [app] = createRole().applications;
  return createRole({
    applications: app ? [{ ...app, menus: [{ id: 1, name: 'Home', acces_level: 3, children: [] }] }] : [],
    ...overrides,
  });
}
