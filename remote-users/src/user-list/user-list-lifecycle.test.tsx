import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { readSession, writeSession } from '@sso/shared/session';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import { useUsers } from './api/get-users';
import type * as UsersMock from './api/__mocks__/get-users';
import { useSetUserStatus } from '../user-account/api/set-user-status';
import { useSetUsersStatusBulk } from '../user-account/api/set-users-status-bulk';
import { useUserAccount } from '../user-account/api/get-user-account';
import UserListPage from './user-list-page';

jest.mock('./api/get-users');
const { givenUsers } = jest.requireMock<typeof UsersMock>('./api/get-users');
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options');
jest.mock('../user-account/api/get-user-account', () => ({
  useUserAccount: jest.fn(() => ({ isPending: true, isError: false, data: undefined })),
}));
jest.mock('../user-account/api/set-user-status', () => ({ useSetUserStatus: jest.fn() }));
jest.mock('../user-account/api/set-users-status-bulk', () => ({ useSetUsersStatusBulk: jest.fn() }));

/** Scenario helper: status changes succeed with the api's message. */
function givenStatusChangesSucceed() {
  const single = jest.fn().mockResolvedValue({ message: 'User berhasil dinonaktifkan' });
  const bulk = jest.fn().mockResolvedValue({ message: '2 user berhasil dinonaktifkan' });
  jest.mocked(useSetUserStatus).mockReturnValue({ mutateAsync: single } as never);
  jest.mocked(useSetUsersStatusBulk).mockReturnValue({ mutateAsync: bulk } as never);
  return { single, bulk };
}

const hourAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();
const rows = [
  createUser({ id: 1, nama: 'Budi Santoso', is_active: true, last_login_at: hourAgo }),
  createUser({ id: 2, nama: 'Sari Dewi', is_active: false, last_login_at: null }),
  createUser({ id: 3, nama: 'Tono Wijaya', is_active: true, last_login_at: null }),
];
const renderList = (url = '/user-management') =>
  renderRoute(<UserListPage />, { path: '/user-management', url });
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('UserListPage account lifecycle', () => {
  beforeEach(() => signInAs(ACCESS_LEVEL.owner));
  afterEach(() => localStorage.clear());

  it('shows status chips, mutes inactive rows, and the last sign-in relative with the exact time', () => {
    givenStatusChangesSucceed();
    givenUsers(rows);
    renderList();
    expect(within(rowOf('Budi Santoso')).getByText('Aktif')).toBeInTheDocument();
    expect(within(rowOf('Sari Dewi')).getByText('Nonaktif')).toBeInTheDocument();
    expect(rowOf('Sari Dewi').className).toMatch(/muted/);
    expect(rowOf('Budi Santoso').className).not.toMatch(/muted/);
    const time = within(rowOf('Budi Santoso')).getByText('3 jam lalu');
    expect(time).toHaveAttribute('dateTime', hourAgo);
    expect(time).toHaveAttribute('tabindex', '0');
    expect(time.getAttribute('aria-label')).toMatch(/^3 jam lalu \(\d+ \w+ \d{4} \d{2}:\d{2}\)$/);
    expect(within(rowOf('Tono Wijaya')).getByText('Belum pernah masuk')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Terakhir masuk/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('keeps the status filter in the URL and sends it to the api; a bad value counts as unset', async () => {
    const user = userEvent.setup();
    givenStatusChangesSucceed();
    givenUsers(rows);
    const { location } = renderList('/user-management?page=2&status=semua');
    expect(useUsers).toHaveBeenLastCalledWith({ page: 2, perPage: 10 });
    await user.click(screen.getByRole('combobox', { name: 'Filter status' }));
    const options = within(screen.getByRole('listbox', { name: 'Filter status' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Semua Status', 'Aktif', 'Nonaktif']);
    await user.click(screen.getByRole('option', { name: 'Nonaktif' }));
    expect(location().search).toBe('?status=inactive');
    expect(useUsers).toHaveBeenLastCalledWith({ page: 1, perPage: 10, status: 'inactive' });
  });

  it('deactivates from the row menu after the question, with the optional reason', async () => {
    const user = userEvent.setup();
    const { single } = givenStatusChangesSucceed();
    givenUsers(rows);
    renderList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Tono Wijaya' }));
    await user.click(screen.getByRole('menuitem', { name: 'Nonaktifkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nonaktifkan user "Tono Wijaya"?' });
    expect(dialog).toHaveTextContent('User tidak dapat masuk dan semua sesinya diakhiri');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alasan (opsional)' }), '  Resign  ');
    await user.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    expect(single).toHaveBeenCalledWith({ id: 3, is_active: false, reason: 'Resign' });
    expect(await screen.findByText('User berhasil dinonaktifkan')).toBeInTheDocument();
  });

  it('offers Aktifkan for an inactive user; on one’s own account Nonaktifkan is disabled with the reason', async () => {
    const user = userEvent.setup();
    const { single } = givenStatusChangesSucceed();
    const session = readSession();
    if (session) writeSession({ ...session, id: 1 });
    givenUsers(rows);
    renderList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Budi Santoso' }));
    const own = screen.getByRole('menuitem', { name: 'Nonaktifkan' });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(own).toHaveAccessibleDescription('Anda tidak dapat menonaktifkan akun Anda sendiri');
    await user.click(own);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Sari Dewi' }));
    await user.click(screen.getByRole('menuitem', { name: 'Aktifkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aktifkan user "Sari Dewi"?' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aktifkan' }));
    expect(single).toHaveBeenCalledWith({ id: 2, is_active: true });
  });

  it('deactivates the selected users from the bulk bar, all in one request', async () => {
    const user = userEvent.setup();
    const { bulk } = givenStatusChangesSucceed();
    givenUsers(rows);
    renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Tono Wijaya' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    await user.click(within(bar).getByRole('button', { name: 'Nonaktifkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nonaktifkan 2 user terpilih?' });
    expect(dialog).toHaveTextContent('User terpilih: Budi Santoso dan Tono Wijaya.');
    await user.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    expect(bulk).toHaveBeenCalledWith({ ids: [1, 3], is_active: false, reason: null });
    expect(await screen.findByText('2 user berhasil dinonaktifkan')).toBeInTheDocument();
    expect(screen.queryByText(/terpilih/)).not.toBeInTheDocument();
  });

  it('shows the account action disabled with the reason on a user whose role the administrator’s does not cover (403)', async () => {
    const user = userEvent.setup();
    givenStatusChangesSucceed();
    const message = 'Role Anda tidak mencakup role user ini, sehingga Anda tidak dapat mengelola akunnya';
    jest.mocked(useUserAccount).mockReturnValue({
      isPending: false,
      isError: true,
      error: new ApiError('http', message, 403),
      data: undefined,
    } as unknown as ReturnType<typeof useUserAccount>);
    givenUsers(rows);
    renderList();
    await user.click(screen.getByText('Tono Wijaya'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByRole('alert')).toHaveTextContent(message);
    expect(within(drawer).getByRole('button', { name: 'Nonaktifkan' })).toHaveAccessibleDescription(
      'Role user ini memiliki akses di luar akses Anda',
    );
    expect(within(drawer).getByRole('button', { name: 'Edit' })).not.toHaveAttribute('aria-disabled');
  });

  it('reads the account only for an editor of users; a viewer sees the row’s status and last sign-in', async () => {
    const user = userEvent.setup();
    signInAs(ACCESS_LEVEL.viewer);
    givenUsers(rows);
    renderList();
    await user.click(screen.getByText('Sari Dewi'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByText('Nonaktif')).toBeInTheDocument();
    expect(within(drawer).getByText('Belum pernah masuk')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Aktifkan' })).toHaveAccessibleDescription(
      'Akses Anda pada menu ini hanya melihat',
    );
    expect(useUserAccount).toHaveBeenLastCalledWith(2, false);
  });
});
