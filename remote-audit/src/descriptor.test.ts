import path from 'node:path';
import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/contract';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'audit',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
  access: { routes: [PANEL_ACTIONS.listAudit], nav: [PANEL_MENU.audit] },
});
