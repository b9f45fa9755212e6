import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import type { ApplicationPayload } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { createApplicationDetail } from '../test-support/factories';
import { AppForm } from './app-form';
import { emptyAppFormValues, toAppFormValues } from './app-form-model';

// No test here uploads a logo: the form sends nothing by itself (its api is `onSave`).

const onSave = jest.fn<Promise<unknown>, [ApplicationPayload]>();
beforeEach(() => onSave.mockReset().mockResolvedValue({}));

describe('AppForm', () => {
  it('builds a tree with Tambah Menu and Tambah Sub-menu, reorders it and saves it in one request', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute(<AppForm defaultValues={emptyAppFormValues} onSave={onSave} />, {
      path: '/tambah-aplikasi',
    });
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await user.type(screen.getByLabelText('Nama Aplikasi'), 'Aplikasi Gudang');
    await user.type(screen.getByLabelText('URL Aplikasi'), 'https://gudang.example.com');
    await user.click(screen.getByRole('button', { name: '+ Tambah Menu' }));
    await user.type(screen.getByLabelText('Nama menu 1'), 'Stok');
    await user.click(screen.getByRole('button', { name: '+ Tambah Menu' }));
    await user.type(screen.getByLabelText('Nama menu 2'), 'Laporan');
    await user.click(screen.getByRole('button', { name: 'Tambah sub-menu di Laporan' }));
    await user.type(screen.getByLabelText('Nama sub-menu 1 dari Laporan'), 'Laporan Harian');
    // Keyboard reorder: focus the button and press Enter; Laporan goes first.
    screen.getByRole('button', { name: 'Naikkan Laporan' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Naikkan Laporan' })).toBeDisabled();
    expect(screen.getByText('3 dari 200 menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Aplikasi Gudang',
      descriptions: null,
      url: 'https://gudang.example.com',
      logo_id: null,
      menus: [
        { name: 'Laporan', children: [{ name: 'Laporan Harian' }] },
        { name: 'Stok', children: [] },
      ],
      sso: null,
    });
    await waitFor(() => expect(location().pathname).toBe('/app-management'));
    // A long form driven key by key: room for a loaded machine.
  }, 20_000);

  it('shows errors under the menu that has them and saves nothing', async () => {
    const user = userEvent.setup();
    renderRoute(
      <AppForm defaultValues={{ ...toAppFormValues(createApplicationDetail()) }} onSave={onSave} />,
      { path: '/edit-aplikasi/x' },
    );
    await user.click(screen.getByRole('button', { name: 'Tambah sub-menu di Laporan' }));
    await user.type(screen.getByLabelText('Nama sub-menu 2 dari Laporan'), 'laporan harian');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(screen.getByLabelText('Nama sub-menu 2 dari Laporan')).toHaveAccessibleDescription(
      'Nama menu sudah dipakai di tingkat yang sama',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the ids of existing menus, removes one, and shows a 409 naming the roles, keeping the input', async () => {
    const message =
      'Menu masih diberikan kepada role: "Laporan" (Staf Gudang). Cabut aksesnya di Role Management sebelum menghapus menu.';
    onSave.mockRejectedValue(new ApiError('http', message, 409, { message }));
    const user = userEvent.setup();
    renderRoute(<AppForm defaultValues={toAppFormValues(createApplicationDetail())} onSave={onSave} />, {
      path: '/edit-aplikasi/x',
    });
    await user.click(screen.getByRole('button', { name: 'Hapus Laporan' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave.mock.lastCall?.[0].menus).toEqual([{ id: 41, name: 'Stok', children: [] }]);
    expect(onSave.mock.lastCall?.[0]).not.toHaveProperty('logo_id');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('Nama menu 2')).not.toBeInTheDocument();
  });

  it("locks the menus of the panel's access model: read-only, no removal", () => {
    renderRoute(
      <AppForm
        defaultValues={toAppFormValues(createApplicationDetail())}
        lockedMenuIds={[41]}
        onSave={onSave}
      />,
      { path: '/edit-aplikasi/x' },
    );
    expect(screen.getByLabelText('Nama menu 1')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Hapus Stok' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hapus Laporan' })).toBeEnabled();
    expect(within(screen.getByRole('list', { name: 'Menu' })).getAllByRole('listitem')).toHaveLength(3);
  });
});
