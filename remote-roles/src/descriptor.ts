import type { RemoteDescriptor } from '@sso/shared/federation';

/**
 * What this remote contributes, as data (DESIGN "Federation contract"). Read by the build into
 * mf-manifest.json; imports no page code (see descriptor.test.ts).
 */
export const descriptor = {
  name: 'roles',
  routes: [
    { path: '/role-management', access: 'protected', module: './role-list' },
    { path: '/tambah-role', access: 'protected', module: './role-create', navPath: '/role-management' },
    { path: '/edit-role/:hashId', access: 'protected', module: './role-edit', navPath: '/role-management' },
  ],
  nav: [{ label: 'Role Management', icon: 'roles', path: '/role-management', order: 30 }],
} satisfies RemoteDescriptor;
