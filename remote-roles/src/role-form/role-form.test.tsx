/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { renderRoute } from '@sso/shared/testing';
import { startFakeServer } from '@sso/shared/testing/fake-server';
import { createApplication, signInAsOwnerOf } from '../test-support/factories';
import { roleScenarios } from '../test-support/role-scenarios';
import { RoleForm } from './role-form';
import { emptyRoleFormValues, type RoleFormValues } from './role-form-model';

startFakeServer(
  ...roleScenarios.reference([createApplication(), createApplication({ id: 2, name: 'HRIS' })]),
);

beforeEach(() => signInAsOwnerOf());

/** Renders the form and waits for its colours and the first application's menus. */
async function renderForm(
  defaultValues: RoleFormValues = emptyRoleFormValues,
  onSave = jest.fn().mockResolvedValue(undefined),
) {
  const view = renderRoute(<RoleForm defaultValues={defaultValues} onSave={onSave} />, {
    path: '/tambah-role',
  });
  await screen.findByRole('radio', { name: 'Warna #e53935' });
  await screen.findByRole('checkbox', { name: 'Daftar Role' });
  return { ...view, onSave, user: userEvent.setup() };
}

const saveButton = () => screen.getByRole('button', { name: 'Simpan' });

describe('RoleForm: save is disabled when the name is empty or no application is chosen (spec 5)', () => {
  it('enables save only with both a name and an application', async () => {
    const { user } = await renderForm();
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Nama Role'), 'Auditor');
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.clear(screen.getByLabelText('Nama Role'));
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Nama Role'), '   ');
    expect(saveButton()).toBeDisabled();
  });

  it('disables save again when the last menu is unticked (the application goes)', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Nama Role'), 'Auditor');
    await user.click(screen.getByRole('checkbox', { name: 'Home' }));
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'true');
    expect(saveButton()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Home' }));
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'false');
    expect(saveButton()).toBeDisabled();
  });
});

describe('RoleForm: the save hint names every missing field', () => {
  it('lists colour, name and application until each is given', async () => {
    const { user } = await renderForm();
    expect(saveButton()).toHaveAccessibleDescription(
      'Untuk menyimpan, lengkapi: warna, nama role, minimal 1 aplikasi.',
    );
    await user.type(screen.getByLabelText('Nama Role'), 'Auditor');
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    // Save is allowed (spec 5) but the colour is still required: the hint says so.
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(saveButton()).toHaveAccessibleDescription('Untuk menyimpan, lengkapi: warna.');
    await user.click(screen.getByRole('radio', { name: 'Warna #8e24aa' }));
    expect(saveButton()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Untuk menyimpan/)).not.toBeInTheDocument();
  });
});

describe('RoleForm: menu tree', () => {
  it("setting a menu's level sets its sub-menus; each can still be changed", async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'User Management' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level akses User Management' }), 'Owner');
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar User' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Level akses Tambah User' })).toHaveValue('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level akses Tambah User' }), 'Viewer');
    expect(screen.getByRole('combobox', { name: 'Level akses Tambah User' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Level akses User Management' })).toHaveValue('1');
  });

  it('"Atur semua" sets every chosen menu of the application at once', async () => {
    const { user } = await renderForm();
    const setAll = screen.getByRole('combobox', { name: 'Atur semua level akses SSO Admin Panel' });
    expect(setAll).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'SSO Admin Panel' }));
    await waitFor(() => expect(setAll).toBeEnabled());
    await user.selectOptions(setAll, 'Modifier');
    for (const menu of ['Home', 'User Management', 'Daftar User', 'Tambah User', 'Daftar Role']) {
      expect(screen.getByRole('combobox', { name: `Level akses ${menu}` })).toHaveValue('2');
    }
    // a command: it shows its prompt again
    expect(setAll).toHaveValue('');
  });

  it('ticking a sub-menu ticks its application and shows the parent mixed; levels are named per menu', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Tambah User' }));
    expect(screen.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox', { name: 'User Management' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    expect(screen.getByRole('combobox', { name: 'Level akses Tambah User' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar User' })).toBeDisabled();
    expect(screen.getByText('2 menu dipilih')).toBeInTheDocument();
  });

  it('is operable from the keyboard: Space toggles a focused checkbox', async () => {
    const { user } = await renderForm();
    screen.getByRole('checkbox', { name: 'Daftar Role' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Daftar Role' })).toHaveAttribute('aria-checked', 'true');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Level akses Daftar Role' })).toHaveFocus();
  });

  it('collapses and expands the sub-menus of a menu', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Sembunyikan sub-menu User Management' }));
    expect(screen.queryByRole('checkbox', { name: 'Daftar User' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tampilkan sub-menu User Management' }));
    expect(screen.getByRole('checkbox', { name: 'Daftar User' })).toBeInTheDocument();
  });
});

describe('RoleForm: saving', () => {
  it('asks for a colour, then sends the payload of spec 3', async () => {
    const { user, onSave } = await renderForm();
    await user.type(screen.getByLabelText('Nama Role'), '  Auditor ');
    await user.click(screen.getByRole('checkbox', { name: 'Daftar User' }));
    // the menu's level first (it goes to its sub-menus), then the sub-menu's own
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level akses User Management' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level akses Daftar User' }), '1');
    await user.click(saveButton());
    expect(await screen.findByText('Warna harus dipilih')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Warna #8e24aa' }));
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Auditor',
      descriptions: null,
      color_id: 2,
      admin_scope: 'group',
      applications: [
        { apps_id: 1, menus: [{ id: 2, access_level: 2, children: [{ id: 3, access_level: 1 }] }] },
      ],
    });
  });

  it('sends the chosen "Cakupan administrasi" (issue 32)', async () => {
    const { user, onSave } = await renderForm({
      name: 'Admin Cabang',
      color_id: 2,
      applications: [{ apps_id: 1, menus: [{ id: 2, access_level: 2, children: [] }] }],
      admin_scope: 'group',
      requires_two_step: false,
    });
    await user.click(screen.getByRole('radio', { name: /^AP pengguna sendiri/ }));
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ admin_scope: 'own' }));
  });

  it('sends "Wajib verifikasi dua langkah" when ticked', async () => {
    const { user, onSave } = await renderForm({
      name: 'Auditor',
      color_id: 2,
      applications: [{ apps_id: 1, menus: [{ id: 2, access_level: 2, children: [] }] }],
      requires_two_step: false,
      admin_scope: 'group',
    });
    const box = screen.getByRole('checkbox', { name: 'Wajib verifikasi dua langkah' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ requires_two_step: true }));
  });

  it('keeps every field and shows the server message when the save fails', async () => {
    const onSave = jest.fn().mockRejectedValue(
      new ApiError('http', 'Nama role sudah digunakan', 409, {
        message: 'Nama role sudah digunakan',
        errors: { name: 'Nama role sudah digunakan' },
      }),
    );
    const { user } = await renderForm(emptyRoleFormValues, onSave);
    await user.click(screen.getByRole('radio', { name: 'Warna #e53935' }));
    await user.type(screen.getByLabelText('Nama Role'), 'Admin');
    await user.click(screen.getByRole('checkbox', { name: 'Home' }));
    await user.click(saveButton());
    const alert = await screen.findByText('Role gagal disimpan');
    expect(
      within(alert.parentElement ?? document.body).getByText('Nama role sudah digunakan'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nama Role')).toHaveValue('Admin');
    expect(screen.getByLabelText('Nama Role')).toHaveAccessibleDescription('Nama role sudah digunakan');
    expect(screen.getByRole('radio', { name: 'Warna #e53935' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Home' })).toHaveAttribute('aria-checked', 'true');
  });

  it('goes to the role list after a successful save, without asking to leave', async () => {
    const { user, onSave, location } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Warna #e53935' }));
    await user.type(screen.getByLabelText('Nama Role'), 'Auditor');
    await user.click(screen.getByRole('checkbox', { name: 'Home' }));
    await user.click(saveButton());
    await waitFor(() => expect(location().pathname).toBe('/role-management'));
    expect(onSave).toHaveBeenCalled();
    expect(screen.queryByText('Keluar tanpa menyimpan?')).not.toBeInTheDocument();
  });

  it('asks "Keluar tanpa menyimpan?" when leaving with changes', async () => {
    const { user, location } = await renderForm();
    await user.type(screen.getByLabelText('Nama Role'), 'Auditor');
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(await screen.findByText('Keluar tanpa menyimpan?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    expect(location().pathname).toBe('/tambah-role');
  });
});
