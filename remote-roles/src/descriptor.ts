import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts). Menu names and capabilities are
 * those of the access model (`PANEL_ACTIONS` in `@sso/shared/contract`); the test checks they agree.
 */
export const descriptor = {
  name: 'roles',
  routes: [
    {
      path: '/role-management',
      access: 'protected',
      requires: { menu: 'Daftar Role', capability: 'view' },
      module: './role-list',
    },
    {
      path: '/tambah-role',
      access: 'protected',
      requires: { menu: 'Tambah Role', capability: 'create' },
      module: './role-create',
      navPath: '/role-management',
    },
    {
      path: '/edit-role/:hashId',
      access: 'protected',
      requires: { menu: 'Daftar Role', capability: 'edit' },
      module: './role-edit',
      navPath: '/role-management',
    },
    {
      path: '/peta-akses',
      access: 'protected',
      requires: { menu: 'Peta Akses', capability: 'view' },
      module: './access-map',
    },
  ],
  nav: [
    { label: 'Role Management', icon: 'roles', path: '/role-management', order: 30, menu: 'Role Management' },
    // Peta Akses (issue 32, ADR 0025): an icon every deployed host knows (a new name would be refused).
    { label: 'Peta Akses', icon: 'roles', path: '/peta-akses', order: 48, menu: 'Peta Akses' },
  ],
  cards: [
    {
      id: 'roles-total',
      title: 'Total Role',
      module: './home-roles-card',
      requires: { menu: 'Daftar Role', capability: 'view' },
      order: 20,
    },
  ],
} satisfies RemoteDescriptor;
