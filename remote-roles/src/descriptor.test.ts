import path from 'node:path';
import { PANEL_ACTIONS, PANEL_MENU } from '@sso/shared/contract';
import { testRemoteDescriptor } from '@sso/shared/testing';
import { exposes } from './exposes';

testRemoteDescriptor({
  name: 'roles',
  packageDir: path.join(__dirname, '..'),
  exposes,
  load: () => import('./descriptor'),
});

describe('access requirements', () => {
  it('are the ones of the access model (PANEL_ACTIONS)', async () => {
    const { descriptor } = await import('./descriptor');
    const byPath = Object.fromEntries(descriptor.routes.map((r) => [r.path, r.requires]));
    expect(Object.values(byPath)).toEqual([
      PANEL_ACTIONS.listRoles,
      PANEL_ACTIONS.createRole,
      PANEL_ACTIONS.editRole,
    ]);
    expect(descriptor.nav.map((item) => item.menu)).toEqual([PANEL_MENU.roles]);
  });
});
