import { mountStandalone } from '@sso/shared/dev-shell';
import { descriptor } from './descriptor';

// The same pages the remote exposes (exposes.ts), loaded locally for `pnpm --filter remote-roles dev`.
mountStandalone({
  descriptor,
  pages: {
    './role-list': () => import('./role-list/role-list-page'),
    './role-create': () => import('./role-form/role-create-page'),
    './role-edit': () => import('./role-form/role-edit-page'),
  },
});
