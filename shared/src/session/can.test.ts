import { ACCESS_LEVEL } from '@sso/shared/access';
import { panelGrants } from '@sso/shared/testing';
import { allowsAction } from '.';

test.each([
  [ACCESS_LEVEL.viewer, { listUsers: true, editUser: false, deleteUser: false }],
  [ACCESS_LEVEL.modifier, { listUsers: true, editUser: true, deleteUser: false }],
  [ACCESS_LEVEL.owner, { listUsers: true, editUser: true, deleteUser: true }],
  [null, { listUsers: false, editUser: false, deleteUser: false }],
] as const)('level %s allows the PANEL_ACTIONS the api would accept: %j', (level, expected) => {
  const session = { user_menu: panelGrants(level) };
  for (const [action, allowed] of Object.entries(expected)) {
    expect(allowsAction(session, action as keyof typeof expected)).toBe(allowed);
  }
});
