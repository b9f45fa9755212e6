/** @jest-environment jest-fixed-jsdom */
/**
 * Issue 18 in the roles remote: no Edit or Hapus on a role the actor does not cover, their own
 * role marked, and the role editor granting only what the actor holds, at most at their level.
 * The api refuses the same (api/src/access/privilege.test.ts).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, NOT_HELD_REASON, type GrantedApp } from '@sso/shared/contract';
import { renderRoute, signInAs, menuItemTexts } from '@sso/shared/testing';
import { fakeServer, startFakeServer } from '@sso/shared/testing/fake-server';
import { RoleForm } from '../role-form/role-form';
import { emptyRoleFormValues } from '../role-form/role-form-model';
import RoleListPage from '../role-list/role-list-page';
import { createApplication, createColor, createRole, createWeakRole } from '../test-support/factories';
import { roleScenarios } from '../test-support/role-scenarios';
import { rolePrivilege } from './role-privilege';

startFakeServer(
  ...roleScenarios.reference(
    [createApplication(), createApplication({ id: 2, name: 'HRIS' })],
    [createColor()],
  ),
);

/** A modifier of Home and User Management of app 1 only (no Role Management, no other app). */
const modifierGrants: GrantedApp[] = [
  {
    apps_id: 1,
    menus: [
      { name: 'Home', acces_level: 2, children: [] },
      {
        name: 'User Management',
        acces_level: 2,
        children: [
          { name: 'Daftar User', acces_level: 2 },
          { name: 'Tambah User', acces_level: 3 },
        ],
      },
    ],
  },
];

beforeEach(() => signInAs(ACCESS_LEVEL.modifier, { role_id: 7, user_menu: modifierGrants }));
afterEach(() => localStorage.clear());

describe('roles list', () => {
  it('shows Edit and Hapus disabled with the reason on a role the actor does not cover, and marks their own role', async () => {
    // A modifier of every app-1 menu (Role Management included).
    signInAs(ACCESS_LEVEL.modifier, { role_id: 7 });
    fakeServer.use(
      roleScenarios.list([
        createRole({ id: 1, name: 'Super Admin' }),
        createWeakRole({ id: 7, name: 'Pengelola' }),
      ]),
    );
    renderRoute(<RoleListPage />, { path: '/role-management' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aksi untuk role Super Admin' }));
    await screen.findAllByRole('menuitem');
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit (Role ini memiliki akses di luar akses Anda)',
      'Hapus (Hanya owner menu ini yang dapat menghapus)',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Pengelola' }));
    await screen.findAllByRole('menuitem');
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit',
      'Hapus (Hanya owner menu ini yang dapat menghapus)',
    ]);
    await user.keyboard('{Escape}');
    // Its detail drawer says the same.
    await user.click(screen.getByRole('cell', { name: 'Super Admin' }));
    const drawer = await screen.findByRole('dialog', { name: 'Detail Role' });
    expect(within(drawer).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      'Role ini memiliki akses di luar akses Anda',
    );
    expect(within(drawer).getByRole('button', { name: 'Hapus' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    const own = screen.getByText('Pengelola').parentElement;
    expect(own).toHaveTextContent('Role Anda');
    expect(screen.getAllByText('Role Anda')).toHaveLength(1);
  });
});

describe('role editor', () => {
  /** Renders the editor and waits for the applications and the first one's menus. */
  const renderForm = async () => {
    renderRoute(<RoleForm defaultValues={emptyRoleFormValues} onSave={jest.fn()} />, {
      path: '/tambah-role',
    });
    await screen.findByRole('switch', { name: 'HRIS' });
    await screen.findByRole('checkbox', { name: /^Daftar Role/ });
    return userEvent.setup();
  };

  it('switching the panel on grants only the menus the actor holds; the others say why', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    expect(await screen.findByRole('checkbox', { name: 'Home' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'User Management' })).toBeChecked();
    const roles = screen.getByRole('checkbox', { name: `Role Management ${NOT_HELD_REASON}` });
    expect(roles).not.toBeChecked();
    expect(roles).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: `Daftar Role ${NOT_HELD_REASON}` })).toBeDisabled();
  });

  it('each level select offers levels up to the actor’s own for that menu', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    const levels = (menu: string) =>
      within(screen.getByRole('combobox', { name: `Level akses ${menu}` }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(levels('User Management')).toEqual(['Modifier', 'Viewer']);
    expect(levels('Tambah User')).toEqual(['Viewer']);
  });

  it('a menu level given to its sub-menus, and "Atur semua", stay within the actor’s own at each place', async () => {
    const user = await renderForm();
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    const level = (menu: string) => screen.getByRole('combobox', { name: `Level akses ${menu}` });
    await user.selectOptions(level('User Management'), 'Modifier');
    expect(level('Daftar User')).toHaveValue('2');
    // the actor only views Tambah User: the cascade stops at their level there
    expect(level('Tambah User')).toHaveValue('3');
    // "Atur semua" offers only what it would set on every ticked menu: never Owner to a modifier,
    // and only Viewer while Tambah User (which the actor only views) is ticked (issue 37).
    const setAll = screen.getByRole('combobox', { name: 'Atur semua level akses SSO Admin Panel' });
    const offered = () =>
      within(setAll)
        .getAllByRole('option')
        .filter((option) => !(option as HTMLOptionElement).disabled)
        .map((option) => option.textContent);
    expect(offered()).toEqual(['Viewer']);
    await user.click(screen.getByRole('checkbox', { name: 'Tambah User' }));
    expect(offered()).toEqual(['Modifier', 'Viewer']);
    await user.selectOptions(setAll, 'Modifier');
    expect(level('User Management')).toHaveValue('2');
    expect(level('Daftar User')).toHaveValue('2');
  });

  it('an application the actor does not hold cannot be switched on, and says why', async () => {
    await renderForm();
    const hris = screen.getByRole('switch', { name: 'HRIS' });
    expect(hris).toBeDisabled();
    expect(hris.closest('li')).toHaveTextContent(NOT_HELD_REASON);
  });
});

describe('rolePrivilege', () => {
  it('is own by role id and covers by the shared rule', () => {
    const privilege = rolePrivilege({
      access_token: 'a',
      session_token: 's',
      role_id: '7',
      user_menu: modifierGrants,
    });
    expect(privilege.isOwn({ id: 7 })).toBe(true);
    expect(privilege.isOwn({ id: 1 })).toBe(false);
    expect(privilege.mayTouch(createWeakRole())).toBe(true);
    expect(privilege.mayTouch(createRole())).toBe(false);
    expect(rolePrivilege(null).mayTouch(createWeakRole())).toBe(false);
  });
});
