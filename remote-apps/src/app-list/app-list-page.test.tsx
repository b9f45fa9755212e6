import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import {
  ACCESS_LEVEL,
  type ApplicationDetail,
  type ApplicationListResponse,
  type DeleteResponse,
} from '@sso/shared/contract';
import { renderRoute, signInAs, menuItemTexts } from '@sso/shared/testing';
import { useApplication } from '../api/get-application';
import { createApplicationDetail, createManagedApplication, settled } from '../test-support/factories';
import { useDeleteApplication } from './api/delete-application';
import { useApplications, type ApplicationListParams } from '../api/get-applications';
import AppListPage from './app-list-page';

jest.mock('../api/get-applications');
jest.mock('./api/delete-application');
jest.mock('../api/get-application');

const deleteOne = jest.fn<Promise<DeleteResponse>, [number]>();
const gudang = createManagedApplication();
const panel = createManagedApplication({ id: 1, name: 'SSO Admin Panel', url: 'http://localhost:3000' });

function listOf(apps = [gudang, panel], total = apps.length) {
  jest
    .mocked(useApplications)
    .mockReturnValue(
      settled({ data: apps, meta: { total } }) as unknown as UseQueryResult<ApplicationListResponse>,
    );
}

beforeEach(() => {
  signInAs(ACCESS_LEVEL.owner);
  deleteOne.mockReset();
  listOf();
  jest
    .mocked(useApplication)
    .mockReturnValue(
      settled(
        createApplicationDetail({ roles: [{ id: 9, name: 'Staf Gudang', hex_code: '#00897b' }] }),
      ) as unknown as UseQueryResult<ApplicationDetail>,
    );
  jest
    .mocked(useDeleteApplication)
    .mockReturnValue({ mutateAsync: deleteOne, isPending: false } as unknown as UseMutationResult<
      DeleteResponse,
      Error,
      number
    >);
});

afterEach(() => localStorage.clear());

const lastParams = (): ApplicationListParams | undefined => jest.mocked(useApplications).mock.lastCall?.[0];
const openActions = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: `Aksi untuk aplikasi ${name}` }));
  await screen.findAllByRole('menuitem');
  return menuItemTexts();
};

describe('AppListPage', () => {
  it('lists logo, name, description, URL in a new tab without opener, menus and roles', () => {
    renderRoute(<AppListPage />, { path: '/app-management' });
    const row = screen.getByRole('row', { name: /Aplikasi Gudang/ });
    expect(within(row).getByText('Persediaan gudang pusat')).toBeInTheDocument();
    expect(within(row).getByText('3 menu')).toBeInTheDocument();
    expect(within(row).getByText('0 role')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'gudang.example.com' });
    expect(link).toHaveAttribute('href', 'https://gudang.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row.querySelector('img')).toHaveAttribute('src', gudang.logo_url);
    expect(screen.getByRole('link', { name: 'Tambah Aplikasi' })).toHaveAttribute('href', '/tambah-aplikasi');
  });

  it('shows "Belum Ada Aplikasi" when there is none, and "Data tidak ditemukan" for a search', () => {
    listOf([]);
    const { unmount } = renderRoute(<AppListPage />, { path: '/app-management' });
    expect(screen.getByText('Belum Ada Aplikasi')).toBeInTheDocument();
    unmount();
    renderRoute(<AppListPage />, { path: '/app-management', url: '/app-management?keyword=zzz' });
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
    expect(lastParams()).toEqual({ page: 1, perPage: 10, keyword: 'zzz', sort: undefined });
  });

  it('shows the error with a retry when the list fails', async () => {
    const refetch = jest.fn();
    jest.mocked(useApplications).mockReturnValue({
      data: undefined,
      isError: true,
      isPending: false,
      error: new ApiError('network', 'Tidak dapat terhubung ke server'),
      refetch,
    } as unknown as UseQueryResult<ApplicationListResponse>);
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    expect(screen.getByRole('alert')).toHaveTextContent('Daftar aplikasi tidak dapat dimuat');
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('sorts by a column: in the URL and sent to the api, back to page 1', async () => {
    listOf([gudang], 40);
    const user = userEvent.setup();
    const { location } = renderRoute(<AppListPage />, {
      path: '/app-management',
      url: '/app-management?page=3',
    });
    await user.click(within(screen.getByRole('columnheader', { name: /Menu/ })).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?sortBy=menu_count&sort=asc'));
    expect(lastParams()).toEqual({
      page: 1,
      perPage: 10,
      keyword: '',
      sort: { by: 'menu_count', direction: 'asc' },
    });
  });

  it('opens the detail drawer with the menu tree and the roles granting the application', async () => {
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Lihat Detail' }));
    const drawer = await screen.findByRole('dialog', { name: 'Detail Aplikasi' });
    expect(within(drawer).getByRole('list', { name: 'Sub-menu Laporan' })).toHaveTextContent(
      'Laporan Harian',
    );
    expect(within(drawer).getByText('Staf Gudang')).toBeInTheDocument();
    expect(jest.mocked(useApplication)).toHaveBeenLastCalledWith(6);
  });

  it('an application granted to roles says so before any confirmation, and "Lihat role" opens those roles', async () => {
    listOf([{ ...gudang, role_count: 5, blocking_role_count: 4 }], 1);
    const user = userEvent.setup();
    const { location } = renderRoute(<AppListPage />, { path: '/app-management' });
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Aplikasi "Aplikasi Gudang" tidak dapat dihapus',
    });
    expect(dialog).toHaveTextContent('Aplikasi ini masih diberikan kepada 4 role.');
    expect(within(dialog).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lihat role' }));
    expect(deleteOne).not.toHaveBeenCalled();
    await waitFor(() => expect(location().pathname).toBe('/role-management'));
    expect(location().search).toBe('?apps_id=6');
  });

  it('deletes after a warning, and shows the 409 naming the roles that still grant it', async () => {
    const message =
      'Aplikasi masih diberikan kepada role: Staf Gudang. Cabut aksesnya di Role Management sebelum menghapus.';
    deleteOne.mockRejectedValue(new ApiError('http', message, 409, { message }));
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus aplikasi "Aplikasi Gudang"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(deleteOne).toHaveBeenCalledWith(6);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('AppListPage by access level', () => {
  it('an owner may delete any application but SSO Admin Panel', async () => {
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    expect(await openActions(user, 'Aplikasi Gudang')).toEqual(['Lihat Detail', 'Edit', 'Hapus']);
    await user.keyboard('{Escape}');
    expect(await openActions(user, 'SSO Admin Panel')).toEqual([
      'Lihat Detail',
      'Edit',
      'Hapus (SSO Admin Panel tidak dapat dihapus: akses panel ini diatur di dalamnya)',
    ]);
  });

  it('a modifier adds and edits; Hapus says it needs the owner', async () => {
    signInAs(ACCESS_LEVEL.modifier);
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    expect(screen.getByRole('link', { name: 'Tambah Aplikasi' })).toBeInTheDocument();
    expect(await openActions(user, 'Aplikasi Gudang')).toEqual([
      'Lihat Detail',
      'Edit',
      'Hapus (Hanya owner menu ini yang dapat menghapus)',
    ]);
  });

  it('a viewer reads only: no Tambah Aplikasi, Edit and Hapus disabled with the reason', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    const user = userEvent.setup();
    renderRoute(<AppListPage />, { path: '/app-management' });
    expect(screen.queryByRole('link', { name: 'Tambah Aplikasi' })).not.toBeInTheDocument();
    expect(await openActions(user, 'Aplikasi Gudang')).toEqual([
      'Lihat Detail',
      'Edit (Akses Anda pada menu ini hanya melihat)',
      'Hapus (Akses Anda pada menu ini hanya melihat)',
    ]);
  });
});
