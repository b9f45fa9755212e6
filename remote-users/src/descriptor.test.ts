import path from 'node:path';
import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/contract';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'users',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
  access: {
    routes: [
      PANEL_ACTIONS.listUsers,
      PANEL_ACTIONS.createUser,
      PANEL_ACTIONS.editUser,
      PANEL_ACTIONS.importUsers,
    ],
    nav: [PANEL_MENU.users],
  },
});
