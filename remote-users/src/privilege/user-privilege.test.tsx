/** @jest-environment jest-fixed-jsdom */
/**
 * Issue 18 in the users remote: a modifier is offered only the roles their role covers, sees no
 * Edit or Hapus on a stronger account, and nobody sees Hapus on their own row or changes their own
 * role. The api refuses the same (api/src/access/privilege.test.ts).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, OWN_ROLE_MESSAGE, type AccessLevel, type User } from '@sso/shared/contract';
import { menuItemTexts, renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, startFakeServer } from '@sso/shared/testing/fake-server';
import { createRoleOption, createUser } from '../test-support/factories';
import { userScenarios } from '../test-support/user-scenarios';
import UserListPage from '../user-list/user-list-page';
import UserEditPage from '../user-form/user-edit-page';
import { userPrivilege } from './user-privilege';

startFakeServer(userScenarios.companies(), ...userScenarios.drawer());

const superAdmin = createRoleOption({ id: 1, name: 'Super Admin', assignable: false });
const admin = createRoleOption({ id: 2, name: 'Admin', assignable: true });
const viewer = createRoleOption({ id: 3, name: 'Viewer', assignable: false });

const administrator = createUser({ id: 1, nama: 'Administrator', role_id: 1, role_name: 'Super Admin' });
const me = createUser({ id: 4, nama: 'Saya Sendiri', role_id: 2 });
const colleague = createUser({ id: 9, nama: 'Rekan Admin', role_id: 2 });

const givenRoles = (roles = [superAdmin, admin, viewer]) => fakeServer.use(userScenarios.roleOptions(roles));
const givenUsers = (rows: User[]) => fakeServer.use(userScenarios.list(rows));

/**
 * Renders the list and waits for its rows and the roles the rules read: a covered colleague's row
 * box appears only once both are in (until then no account counts as covered).
 */
async function renderList() {
  renderRoute(<UserListPage />, { path: '/user-management' });
  await screen.findByRole('checkbox', { name: 'Pilih Rekan Admin' });
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
    await renderList();
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
    await renderList();
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
    await renderList();
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
  /** The edit page reads the user from the api (issue 23): here it answers the user being edited. */
  const renderEdit = async (user: User) => {
    fakeServer.use(userScenarios.detail({ ...user, version: 1 }));
    renderRoute(<UserEditPage />, { path: '/edit-user/:hashId', url: `/edit-user/${hashIdOf(user)}` });
    await screen.findByRole('combobox', { name: 'Role' });
  };

  it('the role select offers only the roles the actor may give', async () => {
    const user = userEvent.setup();
    givenRoles();
    signIn(ACCESS_LEVEL.modifier);
    await renderEdit(colleague);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin']);
  });

  it("one's own role cannot be changed, and says why", async () => {
    givenRoles();
    signIn(ACCESS_LEVEL.owner);
    await renderEdit(me);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(await screen.findByText(OWN_ROLE_MESSAGE)).toBeInTheDocument();
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
