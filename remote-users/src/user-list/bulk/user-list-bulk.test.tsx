/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, userBulkPaths } from '@sso/shared/contract';
import { signInAs } from '@sso/shared/testing';
import {
  bodiesSentTo,
  captureDownloads,
  fakeServer,
  lastQueryTo,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { createUser } from '../../test-support/factories';
import { userScenarios } from '../../test-support/user-scenarios';
import { renderUserList } from '../test-support/render-user-list';

const server = startFakeServer(
  ...userScenarios.reference(),
  ...userScenarios.drawer(),
  userScenarios.exportCsv(),
);

const rows = [
  createUser({ id: 1, nama: 'Budi Santoso' }),
  createUser({ id: 2, nama: 'Sari Dewi' }),
  createUser({ id: 3, nama: 'Tono Wijaya' }),
];

describe('UserListPage, users in bulk', () => {
  afterEach(() => localStorage.clear());

  it('"Unduh CSV" exports exactly the current search and filters; "Impor User" only for who may add', async () => {
    signInAs(ACCESS_LEVEL.owner);
    const user = userEvent.setup();
    fakeServer.use(userScenarios.list(rows, 45));
    const saved = captureDownloads();
    const { unmount } = await renderUserList('/user-management?keyword=budi&role_id=2&status=active&page=2');
    expect(screen.getByRole('button', { name: 'Impor User' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(lastQueryTo(server.requests, userBulkPaths.export)).toMatchObject({
      keyword: 'budi',
      role_id: '2',
      status: 'active',
    });
    expect(saved[0]).toMatch(/^daftar-user-\d{4}-\d{2}-\d{2}\.csv$/);
    unmount();

    signInAs(ACCESS_LEVEL.viewer);
    await renderUserList();
    expect(screen.queryByRole('button', { name: 'Impor User' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unduh CSV' })).toBeInTheDocument();
  });

  it('"Ubah Role" asks once, naming the count, and sends every selected id; a refusal shows the api message', async () => {
    signInAs(ACCESS_LEVEL.owner);
    const message =
      'Anda tidak dapat mengubah atau menghapus user yang memiliki akses lebih tinggi dari akses Anda sendiri: Sari Dewi (100010)';
    fakeServer.use(userScenarios.bulkRoleFails(403, message));
    const user = userEvent.setup();
    fakeServer.use(userScenarios.list(rows));
    await renderUserList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    expect(within(bar).getByRole('button', { name: 'Tambah AP/Unit' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Ubah Role' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ubah Role' });
    expect(drawer).toHaveTextContent('Role baru untuk 2 user terpilih.');
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    expect(
      await within(drawer).findByText('Role harus dipilih', { selector: '[role="alert"], p, span' }),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByRole('combobox', { name: 'Role baru' }));
    await user.click(screen.getByRole('option', { name: /Admin/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Ubah role 2 user menjadi/ });
    await user.click(within(dialog).getByRole('button', { name: 'Ubah Role' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await bodiesSentTo(server.requests, 'PATCH', userBulkPaths.bulkRole)).toEqual([
      { ids: [1, 2], role_id: expect.any(Number) },
    ]);
    // Refused: nothing changed, the selection stays for another try.
    expect(screen.getByText('2 terpilih')).toBeInTheDocument();
  });

  it('"Tambah AP/Unit" asks for at least one AP, then sends the chosen APs and units for every selected id', async () => {
    signInAs(ACCESS_LEVEL.owner);
    fakeServer.use(userScenarios.bulkCompaniesAdded());
    const user = userEvent.setup();
    fakeServer.use(userScenarios.list(rows));
    await renderUserList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Tono Wijaya' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    await user.click(within(bar).getByRole('button', { name: 'Tambah AP/Unit' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tambah AP/Unit' });
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    expect(await within(drawer).findByText('Minimal pilih 1 AP')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('combobox', { name: 'AP' }));
    await user.click(await screen.findByRole('option', { name: 'AP 2' }));
    // (the AP list closes with the click outside it)
    await user.click(within(drawer).getByRole('checkbox', { name: 'U2A · Unit 2A' }));
    expect(within(drawer).queryByText('Minimal pilih 1 AP')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Terapkan' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Tambah AP/Unit' }));
    expect(await screen.findByText('AP/Unit berhasil ditambahkan')).toBeInTheDocument();
    expect(await bodiesSentTo(server.requests, 'PATCH', userBulkPaths.bulkCompanies)).toEqual([
      { ids: [1, 3], perusahaan: [{ perusahaan_id: 2, cabang: [{ cabang_id: 3 }] }] },
    ]);
  });
});
