import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts). Menu names and capabilities are
 * those of the access model (`PANEL_ACTIONS` in `@sso/shared/contract`); the test checks they agree.
 */
export const descriptor = {
  name: 'users',
  routes: [
    {
      path: '/user-management',
      access: 'protected',
      requires: { menu: 'Daftar User', capability: 'view' },
      module: './user-list',
    },
    {
      path: '/tambah-user',
      access: 'protected',
      requires: { menu: 'Tambah User', capability: 'create' },
      module: './user-create',
      navPath: '/user-management',
    },
    {
      path: '/edit-user/:hashId',
      access: 'protected',
      requires: { menu: 'Daftar User', capability: 'edit' },
      module: './user-edit',
      navPath: '/user-management',
    },
    {
      path: '/impor-user',
      access: 'protected',
      requires: { menu: 'Tambah User', capability: 'create' },
      module: './user-import',
      navPath: '/user-management',
    },
  ],
  nav: [
    { label: 'User Management', icon: 'users', path: '/user-management', order: 20, menu: 'User Management' },
  ],
  cards: [
    {
      id: 'users-total',
      title: 'Total User',
      module: './home-users-card',
      requires: { menu: 'Daftar User', capability: 'view' },
      order: 10,
    },
  ],
} satisfies RemoteDescriptor;
