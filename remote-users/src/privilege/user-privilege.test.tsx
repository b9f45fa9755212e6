/**
 * Issue 18 in the users remote: a modifier is offered only the roles their role covers, sees no
 * Edit or Hapus on a stronger account, and nobody sees Hapus on their own row or changes their own
 * role. The api refuses the same (api/src/access/privilege.test.ts).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, OWN_ROLE_MESSAGE, type AccessLevel, type User } from '@sso/shared/contract';
import { menuItemTexts, renderRoute, signInAs } from '@sso/shared/testing';
import { createRoleOption, createUser } from '../test-support/factories';
import { useUsers } from '../user-list/api/get-users';
import UserListPage from '../user-list/user-list-page';
import { useRoleOptions } from '../reference-data/get-role-options';
import { useUserDetail } from '../user-form/api/get-user';
import UserEditPage from '../user-form/user-edit-page';
import { userPrivilege } from './user-privilege';

jest.mock('../user-list/api/get-users', () => ({
  useUsers: jest.fn(),
  usersQueryOptions: (query: unknown) => ({
    queryKey: ['users', query],
    queryFn: () => new Promise(() => undefined),
  }),
}));
// The edit page reads the user from the api (issue 23): here it answers the user being edited.
jest.mock('../user-form/api/get-user', () => ({ useUserDetail: jest.fn() }));
jest.mock('../user-form/api/update-user', () => ({ useUpdateUser: () => ({ mutateAsync: jest.fn() }) }));
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options', () => ({ useRoleOptions: jest.fn() }));

const superAdmin = createRoleOption({ id: 1, name: 'Super Admin', assignable: false });
const admin = createRoleOption({ id: 2, name: 'Admin', assignable: true });
const viewer = createRoleOption({ id: 3, name: 'Viewer', assignable: false });

const administrator = createUser({ id: 1, nama: 'Administrator', role_id: 1, role_name: 'Super Admin' });
const me = createUser({ id: 4, nama: 'Saya Sendiri', role_id: 2 });
const colleague = createUser({ id: 9, nama: 'Rekan Admin', role_id: 2 });

function givenRoles(roles = [superAdmin, admin, viewer]) {
  jest.mocked(useRoleOptions).mockReturnValue({
    data: roles,
    isPending: false,
    isError: false,
  } as unknown as ReturnType<typeof useRoleOptions>);
}

function givenUsers(rows: User[]) {
  jest.mocked(useUsers).mockReturnValue({
    isPending: false,
    isError: false,
    isSuccess: true,
    isPlaceholderData: false,
    data: { data: rows, meta: { total: rows.length } },
    refetch: jest.fn(),
  } as unknown as ReturnType<typeof useUsers>);
}

const signIn = (level: AccessLevel) => signInAs(level, { id: me.id, role_id: me.role_id });

async function rowActions(nama: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Aksi untuk ${nama}` }));
  const items = menuItemTexts();
  await user.keyboard('{Escape}');
  return items;
}

afterEach(() => localStorage.clear());

describe('users list', () => {
  beforeEach(() => {
    givenRoles();
    givenUsers([administrator, me, colleague]);
  });

  const notCovered = 'Role user ini memiliki akses di luar akses Anda';
  const ownerOnly = 'Hanya owner menu ini yang dapat menghapus';

  it("a modifier has Edit disabled with the reason on the administrator's row, and Edit on a covered one", async () => {
    signIn(ACCESS_LEVEL.modifier);
    renderRoute(<UserListPage />, { path: '/user-management' });
    expect(await rowActions('Administrator')).toEqual([
      'Lihat Detail',
      `Edit (${notCovered})`,
      `Nonaktifkan (${notCovered})`,
      `Hapus (${ownerOnly})`,
    ]);
    // Nonaktifkan (issue 24) follows Edit: a covered account, never one's own.
    expect(await rowActions('Rekan Admin')).toEqual([
      'Lihat Detail',
      'Edit',
      'Nonaktifkan',
      `Hapus (${ownerOnly})`,
    ]);
    // Row boxes only where a bulk action (Nonaktifkan) could apply.
    expect(screen.queryByRole('checkbox', { name: 'Pilih Administrator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pilih Saya Sendiri' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih Rekan Admin' })).toBeInTheDocument();
  });

  it('an owner has no Hapus on their own row, and Hapus on others they cover', async () => {
    signIn(ACCESS_LEVEL.owner);
    renderRoute(<UserListPage />, { path: '/user-management' });
    expect(await rowActions('Saya Sendiri')).toEqual([
      'Lihat Detail',
      'Edit',
      'Nonaktifkan (Anda tidak dapat menonaktifkan akun Anda sendiri)',
      'Hapus (Anda tidak dapat menghapus akun Anda sendiri)',
    ]);
    expect(await rowActions('Rekan Admin')).toEqual(['Lihat Detail', 'Edit', 'Nonaktifkan', 'Hapus']);
    expect(await rowActions('Administrator')).toEqual([
      'Lihat Detail',
      `Edit (${notCovered})`,
      `Nonaktifkan (${notCovered})`,
      `Hapus (${notCovered})`,
    ]);
  });

  it('the drawer follows the same rules', async () => {
    const user = userEvent.setup();
    signIn(ACCESS_LEVEL.owner);
    renderRoute(<UserListPage />, { path: '/user-management' });
    await user.click(screen.getByText('Administrator'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    for (const name of ['Edit', 'Hapus']) {
      const button = within(drawer).getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(notCovered);
    }
  });
});

describe('Edit User', () => {
  const hashIdOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const renderEdit = (user: User) => {
    jest.mocked(useUserDetail).mockReturnValue({
      data: { ...user, version: 1 },
      error: null,
      refetch: jest.fn(),
    } as unknown as ReturnType<typeof useUserDetail>);
    return renderRoute(<UserEditPage />, { path: '/edit-user/:hashId', url: `/edit-user/${hashIdOf(user)}` });
  };

  it('the role select offers only the roles the actor may give', async () => {
    const user = userEvent.setup();
    givenRoles();
    signIn(ACCESS_LEVEL.modifier);
    renderEdit(colleague);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin']);
  });

  it("one's own role cannot be changed, and says why", () => {
    givenRoles();
    signIn(ACCESS_LEVEL.owner);
    renderEdit(me);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByText(OWN_ROLE_MESSAGE)).toBeInTheDocument();
  });
});

describe('userPrivilege', () => {
  it.each([
    ['a covered role', [admin], 2, true],
    ['a stronger role', [superAdmin, admin], 1, false],
    ['an unknown role', [admin], 7, false],
    ['a backend without assignable', [createRoleOption({ id: 5 })], 5, true],
  ])('%s', (_name, roles, roleId, expected) => {
    expect(userPrivilege(roles, null).mayGive(roleId)).toBe(expected);
  });

  it("offers nothing until the roles are read, and knows one's own account by id", () => {
    const privilege = userPrivilege(undefined, { access_token: 'a', session_token: 's', id: '4' });
    expect(privilege.mayTouch({ role_id: 2 })).toBe(false);
    expect(privilege.isSelf({ id: 4 })).toBe(true);
    expect(privilege.isSelf({ id: 5 })).toBe(false);
    expect(userPrivilege([], null).isSelf({ id: 4 })).toBe(false);
  });
});
