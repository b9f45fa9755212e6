import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import {
  ACCESS_LEVEL,
  type Application,
  type DeleteResponse,
  type RoleListResponse,
} from '@sso/shared/contract';
import { renderRoute, signInAs, menuItemTexts } from '@sso/shared/testing';
import { useApplications } from '../reference-data/get-applications';
import { createApplication, createRole, createWeakRole, settled } from '../test-support/factories';
import { useDeleteRole } from './api/delete-role';
import { useDeleteRoles } from './api/delete-roles';
import { useRoles, type RoleListParams } from '../api/get-roles';
import RoleListPage from './role-list-page';

jest.mock('../reference-data/get-applications');
jest.mock('../api/get-roles');
jest.mock('./api/delete-role');
jest.mock('./api/delete-roles');

const deleteOne = jest.fn<Promise<DeleteResponse>, [number]>();
const deleteMany = jest.fn<Promise<DeleteResponse>, [number[]]>();

function listOf(roles: ReturnType<typeof createRole>[], total = roles.length) {
  jest
    .mocked(useRoles)
    .mockReturnValue(
      settled({ data: roles, meta: { total } }) as unknown as UseQueryResult<RoleListResponse>,
    );
}

beforeEach(() => {
  signInAs(ACCESS_LEVEL.owner);
  deleteOne.mockReset();
  deleteMany.mockReset();
  jest
    .mocked(useApplications)
    .mockReturnValue(
      settled([createApplication(), createApplication({ id: 2, name: 'HRIS' })]) as unknown as UseQueryResult<
        Application[]
      >,
    );
  jest
    .mocked(useDeleteRole)
    .mockReturnValue({ mutateAsync: deleteOne, isPending: false } as unknown as UseMutationResult<
      DeleteResponse,
      Error,
      number
    >);
  jest
    .mocked(useDeleteRoles)
    .mockReturnValue({ mutateAsync: deleteMany, isPending: false } as unknown as UseMutationResult<
      DeleteResponse,
      Error,
      number[]
    >);
});

afterEach(() => localStorage.clear());

const lastParams = (): RoleListParams | undefined => jest.mocked(useRoles).mock.lastCall?.[0];

describe('RoleListPage', () => {
  it('shows the true empty state "Belum Ada Role" when there are no roles at all', () => {
    listOf([]);
    renderRoute(<RoleListPage />, { path: '/role-management' });
    expect(screen.getByText('Belum Ada Role')).toBeInTheDocument();
    expect(screen.queryByText('Data tidak ditemukan')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigasi halaman' })).not.toBeInTheDocument();
  });

  it('shows the no-match text when a search or filter finds nothing', () => {
    listOf([]);
    renderRoute(<RoleListPage />, {
      path: '/role-management',
      url: '/role-management?keyword=zzz&apps_id=2',
    });
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
    expect(lastParams()).toEqual({ page: 1, perPage: 10, keyword: 'zzz', appsId: 2 });
  });

  it('lists roles with member count and application logos (3 then +n)', () => {
    const apps = [1, 2, 3, 4, 5].map((id) => ({
      apps_id: id,
      apps_name: `App ${id}`,
      logo_url: `http://localhost/app-${id}.svg`,
      menus: [],
    }));
    listOf([createRole({ name: 'Super Admin', member_count: 12, applications: apps })]);
    renderRoute(<RoleListPage />, { path: '/role-management' });
    const row = screen.getByRole('row', { name: /Super Admin/ });
    expect(within(row).getByText('12 user')).toBeInTheDocument();
    expect(within(row).getAllByRole('img')).toHaveLength(3);
    expect(within(row).getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('Semua Aplikasi')).toBeInTheDocument();
  });

  it('filters by application and goes back to page 1', async () => {
    listOf([createRole()], 40);
    const user = userEvent.setup();
    const { location } = renderRoute(<RoleListPage />, {
      path: '/role-management',
      url: '/role-management?page=3',
    });
    await user.click(screen.getByRole('combobox', { name: 'Filter aplikasi' }));
    await user.click(screen.getByRole('option', { name: 'HRIS' }));
    await waitFor(() => expect(location().search).toBe('?apps_id=2'));
    expect(lastParams()).toEqual({ page: 1, perPage: 10, keyword: '', appsId: 2 });
  });

  it('sorts by a column header: in the URL, sent to the api, back to page 1', async () => {
    listOf([createRole()], 40);
    const user = userEvent.setup();
    const { location } = renderRoute(<RoleListPage />, {
      path: '/role-management',
      url: '/role-management?page=3&apps_id=2',
    });
    const header = screen.getByRole('columnheader', { name: /Jumlah/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?apps_id=2&sortBy=member_count&sort=asc'));
    expect(lastParams()).toEqual({
      page: 1,
      perPage: 10,
      keyword: '',
      appsId: 2,
      sort: { by: 'member_count', direction: 'asc' },
    });
    await user.click(within(screen.getByRole('columnheader', { name: /Jumlah/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Jumlah/ })).toHaveAttribute('aria-sort', 'descending');
    expect(lastParams()?.sort).toEqual({ by: 'member_count', direction: 'desc' });
  });

  it('deletes a role after a warning confirmation and shows the server message', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    deleteOne.mockResolvedValue({ message: 'Role berhasil dihapus', data: { ids: [7], deleted: 1 } });
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus role "Auditor"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(deleteOne).toHaveBeenCalledWith(7);
    expect(await screen.findByText('Role berhasil dihapus')).toBeInTheDocument();
  });

  it('shows the server message when a role still has members (409)', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    const message = 'Role masih digunakan oleh user: Budi. Pindahkan user ke role lain sebelum menghapus.';
    deleteMany.mockRejectedValue(new ApiError('http', message, 409, { message }));
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('checkbox', { name: 'Pilih role Auditor' }));
    expect(screen.getByText('1 terpilih')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Aksi data terpilih' })).getByRole('button', {
        name: 'Hapus',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus 1 role terpilih?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(deleteMany).toHaveBeenCalledWith([7]);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    await user.click(await screen.findByRole('button', { name: 'Batal' }));
    expect(deleteOne).not.toHaveBeenCalled();
  });
});

describe('RoleListPage by access level', () => {
  it('a viewer reads: no Tambah Role, no checkboxes, Edit and Hapus disabled with the reason', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    expect(screen.getByText('Auditor')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tambah Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    const items = await screen.findAllByRole('menuitem');
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit (Akses Anda pada menu ini hanya melihat)',
      'Hapus (Akses Anda pada menu ini hanya melihat)',
    ]);
    await user.click(items[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Detail Role' });
    for (const name of ['Edit', 'Hapus']) {
      expect(within(drawer).getByRole('button', { name })).toHaveAccessibleDescription(
        'Akses Anda pada menu ini hanya melihat',
      );
    }
  });

  it('a modifier adds and edits but does not delete', async () => {
    signInAs(ACCESS_LEVEL.modifier);
    listOf([createWeakRole({ name: 'Auditor' })]);
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    expect(screen.getByRole('link', { name: 'Tambah Role' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await screen.findAllByRole('menuitem');
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit',
      'Hapus (Hanya owner menu ini yang dapat menghapus)',
    ]);
  });
});

describe('RoleListPage: roles readable and linked to their users', () => {
  it('a row opens "Detail Role": colour, members as a link, each menu and sub-menu with its level in words', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('cell', { name: 'Auditor' }));
    const drawer = await screen.findByRole('dialog', { name: 'Detail Role' });
    expect(within(drawer).getByText('#3949ab')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '14 user · lihat daftarnya' })).toHaveAttribute(
      'href',
      '/user-management?role_id=7',
    );
    const menus = within(drawer).getByRole('list', { name: 'Menu SSO Admin Panel' });
    expect(within(menus).getByText('Home').parentElement).toHaveTextContent('HomeViewer');
    expect(within(menus).getByText('User Management').parentElement).toHaveTextContent(
      'User ManagementOwner',
    );
    const children = within(menus).getByRole('list', { name: 'Sub-menu User Management' });
    expect(children).toHaveTextContent('Daftar UserModifier');
  });

  it('the member count links to the users list filtered on the role', () => {
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    renderRoute(<RoleListPage />, { path: '/role-management' });
    expect(screen.getByRole('link', { name: '14 user dengan role Auditor' })).toHaveAttribute(
      'href',
      '/user-management?role_id=7',
    );
  });

  it('Hapus on a role that has users says so before any confirmation, and offers to see them', async () => {
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    const user = userEvent.setup();
    const view = renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Role "Auditor" tidak dapat dihapus' });
    expect(dialog).toHaveTextContent('Role ini masih dipakai oleh 14 user');
    expect(within(dialog).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lihat user' }));
    expect(deleteOne).not.toHaveBeenCalled();
    expect(view.location().pathname).toBe('/user-management');
    expect(view.location().search).toBe('?role_id=7');
  });

  it('a bulk delete with roles in use names them and can take them out of the selection', async () => {
    listOf([
      createRole({ name: 'Auditor', member_count: 3 }),
      createRole({ id: 8, name: 'Tamu', member_count: 0 }),
    ]);
    const user = userEvent.setup();
    renderRoute(<RoleListPage />, { path: '/role-management' });
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua role di halaman ini' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    await user.click(within(bar).getByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sebagian role tidak dapat dihapus' });
    expect(dialog).toHaveTextContent('Auditor (3 user)');
    expect(dialog).not.toHaveTextContent('Tamu');
    await user.click(within(dialog).getByRole('button', { name: 'Keluarkan dari pilihan' }));
    expect(deleteMany).not.toHaveBeenCalled();
    expect(within(bar).getByText('1 terpilih')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih role Tamu' })).toHaveAttribute('aria-checked', 'true');
  });
});
