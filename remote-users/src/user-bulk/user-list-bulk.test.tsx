import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import type * as UsersMock from '../user-list/api/__mocks__/get-users';
import UserListPage from '../user-list/user-list-page';
import { downloadUsersCsv, useBulkCompanies, useBulkRole } from './api/bulk-api';

jest.mock('../user-list/api/get-users');
const { givenUsers } = jest.requireMock<typeof UsersMock>('../user-list/api/get-users');
jest.mock('../reference-data/get-companies');
jest.mock('../reference-data/get-role-options');
jest.mock('../user-account/api/get-user-account', () => ({
  useUserAccount: jest.fn(() => ({ isPending: true, isError: false, data: undefined })),
}));
jest.mock('./api/bulk-api', () => ({
  downloadUsersCsv: jest.fn(() => Promise.resolve()),
  useBulkRole: jest.fn(),
  useBulkCompanies: jest.fn(),
}));

const rows = [
  createUser({ id: 1, nama: 'Budi Santoso' }),
  createUser({ id: 2, nama: 'Sari Dewi' }),
  createUser({ id: 3, nama: 'Tono Wijaya' }),
];
const renderList = (url = '/user-management') =>
  renderRoute(<UserListPage />, { path: '/user-management', url });

/** Scenario helper: the bulk role change answers `outcome`. */
function givenBulkRole(outcome: { message: string } | ApiError) {
  const mutateAsync = jest.fn(() =>
    outcome instanceof ApiError ? Promise.reject(outcome) : Promise.resolve(outcome),
  );
  jest
    .mocked(useBulkRole)
    .mockReturnValue({ mutateAsync, isPending: false } as unknown as ReturnType<typeof useBulkRole>);
  jest
    .mocked(useBulkCompanies)
    .mockReturnValue({ mutateAsync: jest.fn(), isPending: false } as unknown as ReturnType<
      typeof useBulkCompanies
    >);
  return mutateAsync;
}

describe('UserListPage, users in bulk', () => {
  afterEach(() => {
    localStorage.clear();
    jest.clearAllMocks();
  });

  it('"Unduh CSV" exports exactly the current search and filters; "Impor User" only for who may add', async () => {
    signInAs(ACCESS_LEVEL.owner);
    givenBulkRole({ message: '' });
    const user = userEvent.setup();
    givenUsers(rows, 45);
    const { unmount } = renderList('/user-management?keyword=budi&role_id=2&status=active&page=2');
    expect(screen.getByRole('button', { name: 'Impor User' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    expect(downloadUsersCsv).toHaveBeenCalledWith(
      expect.objectContaining({ keyword: 'budi', role_id: 2, status: 'active' }),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    );
    unmount();

    signInAs(ACCESS_LEVEL.viewer);
    renderList();
    expect(screen.queryByRole('button', { name: 'Impor User' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unduh CSV' })).toBeInTheDocument();
  });

  it('"Ubah Role" asks once, naming the count, and sends every selected id; a refusal shows the api message', async () => {
    signInAs(ACCESS_LEVEL.owner);
    const message =
      'Anda tidak dapat mengubah atau menghapus user yang memiliki akses lebih tinggi dari akses Anda sendiri: Sari Dewi (100010)';
    const mutate = givenBulkRole(new ApiError('http', message, 403));
    const user = userEvent.setup();
    givenUsers(rows);
    renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    expect(within(bar).getByRole('button', { name: 'Tambah AP/Unit' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Ubah Role' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Role' });
    expect(drawer).toHaveTextContent('Role baru untuk 2 user terpilih.');
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    expect(
      within(drawer).getByText('Pilih role baru', { selector: '[role="alert"], p, span' }),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByRole('combobox', { name: 'Role baru' }));
    await user.click(screen.getByRole('option', { name: /Admin/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Ubah role 2 user menjadi/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ubah Role' }));
    expect(mutate).toHaveBeenCalledWith({ ids: [1, 2], role_id: expect.any(Number) });
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Refused: nothing changed, the selection stays for another try.
    expect(screen.getByText('2 terpilih')).toBeInTheDocument();
  });
});
