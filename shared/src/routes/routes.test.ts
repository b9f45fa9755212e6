import { PANEL_ACTIONS } from '@sso/shared/access';
import {
  appsRoutes,
  auditRoutes,
  authRoutes,
  defineRoutes,
  describeRoutes,
  pathTo,
  rolesRoutes,
  shellRoutes,
  usersRoutes,
} from '.';

test('a table gives the descriptor its routes (navPath from `selects`) and sidebar items', () => {
  const table = defineRoutes({
    list: {
      path: '/things',
      requires: PANEL_ACTIONS.listUsers,
      module: './thing-list',
      nav: { label: 'Things', icon: 'generic', order: 60 },
    },
    edit: {
      path: '/edit-thing/:hashId',
      requires: PANEL_ACTIONS.editUser,
      module: './thing-edit',
      selects: 'list',
    },
    hostOnly: { path: '/host-page' },
  });
  expect(describeRoutes(table)).toEqual({
    routes: [
      {
        path: '/things',
        access: 'protected',
        requires: { menu: 'Daftar User', capability: 'view' },
        module: './thing-list',
      },
      {
        path: '/edit-thing/:hashId',
        access: 'protected',
        requires: { menu: 'Daftar User', capability: 'edit' },
        module: './thing-edit',
        navPath: '/things',
      },
    ],
    nav: [{ label: 'Things', icon: 'generic', path: '/things', order: 60 }],
  });
});

test('pathTo fills the parameters and refuses a missing one', () => {
  expect(pathTo(usersRoutes.edit, { hashId: 'eyJ9' })).toBe('/edit-user/eyJ9');
  expect(() => pathTo(usersRoutes.edit)).toThrow(':hashId');
});

test('no path is declared twice across the tables', () => {
  const paths = [shellRoutes, authRoutes, usersRoutes, rolesRoutes, appsRoutes, auditRoutes].flatMap(
    (table) => Object.values(table).map((route) => route.path),
  );
  expect(new Set(paths).size).toBe(paths.length);
});
