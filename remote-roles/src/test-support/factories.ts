import type { Application, Color, Menu, Role } from '@sso/shared/contract';

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

/** A settled query result for a mocked hook (tests only): one helper for every remote. */
export { settled } from '@sso/shared/testing';
