/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCOPE_FORM_HINT } from '@sso/shared/contract';
import { ACCESS_LEVEL } from '@sso/shared/access';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, startFakeServer } from '@sso/shared/testing/fake-server';
import { createRoleOption } from '../test-support/factories';
import { userScenarios } from '../test-support/user-scenarios';
import UserCreatePage from './user-create-page';

startFakeServer(userScenarios.companies());

/** The signed-in administrator holds role 9, of the scope given. */
function signInWithScope(admin_scope: 'group' | 'own') {
  signInAs(ACCESS_LEVEL.modifier, { id: 50, role_id: 9 });
  fakeServer.use(
    userScenarios.roleOptions([
      createRoleOption(),
      createRoleOption({ id: 9, name: 'Admin AP', admin_scope }),
    ]),
  );
}

describe('Tambah User of a scoped administrator (issue 32)', () => {
  it('says that only their own APs and units are offered', async () => {
    signInWithScope('own');
    renderRoute(<UserCreatePage />, { path: '/tambah-user' });
    expect(await screen.findByText(SCOPE_FORM_HINT)).toBeInTheDocument();
  });

  it('says nothing of the kind to a group-wide administrator', async () => {
    signInWithScope('group');
    renderRoute(<UserCreatePage />, { path: '/tambah-user' });
    // The roles are in (the role select offers them) before the hint's absence counts.
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'Admin AP' })).toBeInTheDocument();
    expect(screen.queryByText(SCOPE_FORM_HINT)).not.toBeInTheDocument();
  });
});
