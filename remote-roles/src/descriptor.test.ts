import path from 'node:path';
import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/contract';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'roles',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
  access: {
    routes: [
      PANEL_ACTIONS.listRoles,
      PANEL_ACTIONS.createRole,
      PANEL_ACTIONS.editRole,
      PANEL_ACTIONS.viewAccessMap,
    ],
    nav: [PANEL_MENU.roles, PANEL_MENU.accessMap],
  },
});
