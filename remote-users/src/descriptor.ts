import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'users',
  routes: [
    { path: '/user-management', access: 'protected', module: './user-list' },
    { path: '/tambah-user', access: 'protected', module: './user-create', navPath: '/user-management' },
    { path: '/edit-user/:hashId', access: 'protected', module: './user-edit', navPath: '/user-management' },
  ],
  nav: [{ label: 'User Management', icon: 'users', path: '/user-management', order: 20 }],
} satisfies RemoteDescriptor;
