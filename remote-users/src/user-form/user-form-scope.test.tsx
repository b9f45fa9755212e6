import { screen } from '@testing-library/react';
import { SCOPE_FORM_HINT, type RoleOption } from '@sso/shared/contract';
import { ACCESS_LEVEL } from '@sso/shared/access';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createRoleOption } from '../test-support/factories';
import UserCreatePage from './user-create-page';

jest.mock('./api/create-user', () => ({ useCreateUser: () => ({ mutateAsync: jest.fn() }) }));
jest.mock('./api/search-employees', () => ({
  EMPLOYEE_SEARCH_MIN_CHARS: 2,
  useEmployeeSearch: () => ({ data: [], isFetching: false }),
}));
jest.mock('../reference-data/get-companies');
let mockRoleOptions: RoleOption[] = [];
jest.mock('../reference-data/get-role-options', () => ({
  useRoleOptions: () => ({ data: mockRoleOptions, isPending: false }),
}));

/** The signed-in administrator holds role 9, of the scope given. */
function signInWithScope(admin_scope: 'group' | 'own') {
  signInAs(ACCESS_LEVEL.modifier, { id: 50, role_id: 9 });
  mockRoleOptions = [createRoleOption(), createRoleOption({ id: 9, name: 'Admin AP', admin_scope })];
}

describe('Tambah User of a scoped administrator (issue 32)', () => {
  it('says that only their own APs and units are offered', () => {
    signInWithScope('own');
    renderRoute(<UserCreatePage />, { path: '/tambah-user' });
    expect(screen.getByText(SCOPE_FORM_HINT)).toBeInTheDocument();
  });

  it('says nothing of the kind to a group-wide administrator', () => {
    signInWithScope('group');
    renderRoute(<UserCreatePage />, { path: '/tambah-user' });
    expect(screen.queryByText(SCOPE_FORM_HINT)).not.toBeInTheDocument();
  });
});
