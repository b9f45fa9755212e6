import { ACCESS_LEVEL } from '@sso/shared/contract';
import type { NavItem } from '@sso/shared/federation';
import { appsRoutes, navItemsOf } from '@sso/shared/routes';
import { panelGrants } from '@sso/shared/testing';
import { hostNav, mergeNav, selectedNavPath, visibleNav } from './nav-model';

const users: NavItem = { label: 'User Management', icon: 'users', path: '/user-management', order: 20 };
const roles: NavItem = { label: 'Role Management', icon: 'roles', path: '/role-management', order: 30 };
/** remote-apps' item, from its route table (the host has no App Management of its own). */
const apps = navItemsOf(appsRoutes);

test('spec 2: sidebar items in order Home, User, Role, App Management, Settings', () => {
  expect(mergeNav(hostNav, [[roles], [users], apps]).map((i) => i.label)).toEqual([
    'Home',
    'User Management',
    'Role Management',
    'App Management',
    'Settings',
  ]);
});

test("App Management is remote-apps' item only: the host declares no placeholder of it", () => {
  expect(hostNav.map((i) => i.label)).toEqual(['Home', 'Settings']);
  expect(mergeNav(hostNav, [apps]).filter((i) => i.path === '/app-management')).toEqual(apps);
});

test('a later item of the same path replaces an earlier one', () => {
  const other: NavItem = { label: 'Aplikasi', icon: 'apps', path: '/app-management', order: 40 };
  expect(mergeNav(hostNav, [apps, [other]]).filter((i) => i.path === '/app-management')).toEqual([other]);
});

describe('selectedNavPath follows the path, nested paths select their list', () => {
  const items = mergeNav(hostNav, [[users], [roles]]);
  const navPathOf = (p: string) =>
    p.startsWith('/edit-user/') || p === '/tambah-user' ? '/user-management' : undefined;
  test.each([
    ['/home', '/home'],
    ['/user-management', '/user-management'],
    ['/edit-user/eyJ9', '/user-management'],
    ['/tambah-user', '/user-management'],
    ['/role-management/x', '/role-management'],
    ['/nowhere', undefined],
  ])('%s → %s', (pathname, expected) => {
    expect(selectedNavPath(pathname, items, navPathOf)).toBe(expected);
  });
});

describe('visibleNav shows granted menus only', () => {
  const items = mergeNav(hostNav, [
    [
      {
        label: 'User Management',
        icon: 'users',
        path: '/user-management',
        order: 20,
        menu: 'User Management',
      },
    ],
    apps,
  ]);
  it.each([
    [ACCESS_LEVEL.viewer, ['Home', 'User Management', 'App Management', 'Settings']],
    [null, ['Home']],
  ] as const)('level %s → %j', (level, labels) => {
    expect(visibleNav(items, panelGrants(level)).map((i) => i.label)).toEqual(labels);
  });

  it('a role granting only User Management sees Home and User Management', () => {
    const grants = [
      {
        apps_id: 1,
        menus: [{ key: 'User Management', name: 'User Management', acces_level: 3, children: [] }],
      },
    ];
    expect(visibleNav(items, grants).map((i) => i.label)).toEqual(['Home', 'User Management']);
  });
});
