import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts). Its sidebar item replaces the
 * host's App Management placeholder (same path, same place).
 */
export const descriptor = {
  name: 'apps',
  routes: [
    {
      path: '/app-management',
      access: 'protected',
      requires: { menu: 'Daftar Aplikasi', capability: 'view' },
      module: './app-list',
    },
    {
      path: '/tambah-aplikasi',
      access: 'protected',
      requires: { menu: 'Tambah Aplikasi', capability: 'create' },
      module: './app-create',
      navPath: '/app-management',
    },
    {
      path: '/edit-aplikasi/:hashId',
      access: 'protected',
      requires: { menu: 'Daftar Aplikasi', capability: 'edit' },
      module: './app-edit',
      navPath: '/app-management',
    },
  ],
  nav: [
    { label: 'App Management', icon: 'apps', path: '/app-management', order: 40, menu: 'App Management' },
  ],
  cards: [
    // For everyone signed in (no `requires`): the applications one's own role grants.
    {
      id: 'your-apps',
      title: 'Aplikasi Anda',
      module: './home-your-apps-card',
      order: 5,
      size: 'wide',
    },
    {
      id: 'apps-total',
      title: 'Aplikasi',
      module: './home-apps-card',
      requires: { menu: 'Daftar Aplikasi', capability: 'view' },
      order: 25,
    },
  ],
} satisfies RemoteDescriptor;
