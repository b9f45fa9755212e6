import path from 'node:path';
import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/contract';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'apps',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
  access: {
    routes: [PANEL_ACTIONS.listApps, PANEL_ACTIONS.createApp, PANEL_ACTIONS.editApp],
    nav: [PANEL_MENU.apps],
  },
});
