import { mountStandalone } from '@sso/shared/dev-shell';
import { descriptor } from './descriptor';

// The same pages the remote exposes (exposes.ts), loaded locally for `pnpm --filter remote-users dev`.
mountStandalone({
  descriptor,
  pages: {
    './user-list': () => import('./user-list/user-list-page'),
    './user-create': () => import('./user-form/user-create-page'),
    './user-edit': () => import('./user-form/user-edit-page'),
  },
});
