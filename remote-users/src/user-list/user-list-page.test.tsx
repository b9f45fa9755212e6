/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { menuItemTexts, renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, lastQueryTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { createUser } from '../test-support/factories';
import { userScenarios } from '../test-support/user-scenarios';
import UserListPage from './user-list-page';
import { renderUserList } from './test-support/render-user-list';

const server = startFakeServer(...userScenarios.reference(), ...userScenarios.drawer());

/** Scenario: the users list answers these rows and total. */
const givenUsers = (rows: ReturnType<typeof createUser>[], total = rows.length) =>
  fakeServer.use(userScenarios.list(rows, total));
/** The query of the list's last request, as the api receives it. */
const lastListQuery = () => lastQueryTo(server.requests, paths.users.list);
const expectListQuery = (query: Record<string, string>) =>
  waitFor(() => expect(lastListQuery()).toEqual(query));

const three = [
  createUser({ id: 1, nama: 'Budi Santoso' }),
  createUser({ id: 2, nama: 'Sari Dewi' }),
  createUser({ id: 3, nama: 'Tono Wijaya' }),
];

describe('UserListPage', () => {
  beforeEach(() => signInAs(ACCESS_LEVEL.owner));
  afterEach(() => localStorage.clear());

  it('while the first answer loads, shows the table with placeholder rows (not the empty state)', () => {
    fakeServer.use(userScenarios.listPending());
    renderRoute(<UserListPage />, { path: '/user-management' });
    expect(screen.getByRole('table', { name: 'Daftar user' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Belum Ada User')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Nama/ })).toBeInTheDocument();
  });

  it('shows "Belum Ada User" when there are no users at all', async () => {
    givenUsers([]);
    await renderUserList();
    expect(screen.getByText('Belum Ada User')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "Data tidak ditemukan" inside the table when a search matches nothing', async () => {
    givenUsers([]);
    await renderUserList('/user-management?keyword=zzz');
    const table = screen.getByRole('table', { name: 'Daftar user' });
    expect(within(table).getByText('Data tidak ditemukan')).toBeInTheDocument();
    expect(screen.queryByText('Belum Ada User')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cari user' })).toHaveValue('zzz');
  });

  it('passes the URL state to the api query', async () => {
    givenUsers(three, 45);
    await renderUserList('/user-management?page=2&perPage=20&keyword=budi&role_id=2&perusahaan_id=x');
    await expectListQuery({ page: '2', perPage: '20', keyword: 'budi', role_id: '2' });
  });

  it('filters units as you type, only those of the chosen AP, and "Hapus filter" clears everything', async () => {
    const user = userEvent.setup();
    givenUsers(three, 45);
    await renderUserList('/user-management?perusahaan_id=2&keyword=budi&page=3');
    const unit = screen.getByRole('combobox', { name: 'Filter unit' });
    await user.click(unit);
    // AP 2 is chosen: only its two units (and "Semua Unit") are offered
    const menu = await screen.findByRole('listbox', { name: 'Filter unit' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.getAttribute('title') ?? o.textContent),
    ).toEqual(['Semua Unit', 'U2A · Unit 2A', 'U2B · Unit 2B']);
    await user.keyboard('2b');
    await user.click(screen.getByRole('option', { name: /U2B · Unit 2B/ }));
    await expectListQuery({ page: '1', perPage: '10', keyword: 'budi', perusahaan_id: '2', cabang_id: '4' });

    await user.click(screen.getByRole('button', { name: 'Hapus filter' }));
    await expectListQuery({ page: '1', perPage: '10' });
    expect(screen.getByRole('searchbox', { name: 'Cari user' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Filter AP' })).toHaveValue('Semua AP');
    expect(screen.queryByRole('button', { name: 'Hapus filter' })).not.toBeInTheDocument();
  });

  it('selects all rows, shows the bulk bar "{n} terpilih", and closes it', async () => {
    const user = userEvent.setup();
    givenUsers(three);
    await renderUserList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua user di halaman ini' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    expect(within(bar).getByText('3 terpilih')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    expect(within(bar).getByText('2 terpilih')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih semua user di halaman ini' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await user.click(within(bar).getByRole('button', { name: 'Tutup pilihan' }));
    expect(screen.queryByText(/terpilih/)).not.toBeInTheDocument();
  });

  it('asks before a bulk delete with the selected count', async () => {
    const user = userEvent.setup();
    givenUsers(three);
    await renderUserList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Tono Wijaya' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Aksi data terpilih' })).getByRole('button', {
        name: 'Hapus',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus 2 user terpilih?' });
    expect(dialog).toHaveTextContent('User terpilih: Budi Santoso dan Tono Wijaya.');
    expect(dialog).toHaveTextContent(
      'Dengan menghapus, user tidak akan memilki akses ke aplikasi SSO Admin Panel',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.getByText('2 terpilih')).toBeInTheDocument();
  });

  it('opens the detail drawer on a row click, with its fields', async () => {
    const user = userEvent.setup();
    givenUsers(three);
    await renderUserList();
    await user.click(screen.getByText('Sari Dewi'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    for (const label of ['Nama', 'NIK', 'No. Handphone', 'Role', 'Daftar AP', 'Daftar Unit']) {
      expect(within(drawer).getByText(label)).toBeInTheDocument();
    }
    expect(within(drawer).getByText('Sari Dewi')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Hapus' })).toBeInTheDocument();
  });

  it('asks "Hapus user "{nama}"?" from the row menu', async () => {
    const user = userEvent.setup();
    givenUsers(three);
    await renderUserList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Tono Wijaya' }));
    expect(menuItemTexts()).toEqual(['Lihat Detail', 'Edit', 'Nonaktifkan', 'Hapus']);
    await user.click(screen.getByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus user "Tono Wijaya"?' });
    // The confirm store is module state: settle it so the next test starts without a dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
  });

  it('sorts by a column header: in the URL, sent to the api, back to page 1', async () => {
    givenUsers(three, 40);
    const user = userEvent.setup();
    const { location } = await renderUserList('/user-management?page=3');
    const header = screen.getByRole('columnheader', { name: /Nama/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(location().search).toBe('?sortBy=nama&sort=asc');
    await expectListQuery({ page: '1', perPage: '10', sortBy: 'nama', sort: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Nama/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(screen.getByRole('columnheader', { name: /Role/ })).getByRole('button'));
    expect(location().search).toBe('?sortBy=role_name&sort=asc');
    await user.click(within(screen.getByRole('columnheader', { name: /Role/ })).getByRole('button'));
    await expectListQuery({ page: '1', perPage: '10', sortBy: 'role_name', sort: 'desc' });
  });

  it('shows the pagination bar with the total', async () => {
    givenUsers(three, 123);
    await renderUserList();
    expect(screen.getByRole('navigation', { name: 'Navigasi halaman' })).toHaveTextContent('dari 123');
    expect(screen.getByRole('button', { name: 'Halaman sebelumnya' })).toBeDisabled();
  });
});

describe('UserListPage by access level', () => {
  afterEach(() => localStorage.clear());

  it('a viewer reads: no Tambah User, no row checkboxes, Edit, Nonaktifkan and Hapus disabled with the reason', async () => {
    const user = userEvent.setup();
    signInAs(ACCESS_LEVEL.viewer);
    givenUsers(three);
    await renderUserList();
    expect(screen.getByRole('table', { name: 'Daftar user' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Tono Wijaya' }));
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit (Akses Anda pada menu ini hanya melihat)',
      'Nonaktifkan (Akses Anda pada menu ini hanya melihat)',
      'Hapus (Akses Anda pada menu ini hanya melihat)',
    ]);
    // Selecting a disabled item does nothing: the menu stays, no page opens.
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Lihat Detail' }));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByText('Tono Wijaya')).toBeInTheDocument();
    for (const name of ['Edit', 'Hapus', 'Nonaktifkan']) {
      const button = within(drawer).getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Akses Anda pada menu ini hanya melihat');
    }
  });

  it('a viewer of an empty list gets no Tambah User either', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    givenUsers([]);
    await renderUserList();
    expect(screen.getByText('Belum Ada User')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah User' })).not.toBeInTheDocument();
  });

  it('a modifier adds, edits and deactivates but does not delete', async () => {
    const user = userEvent.setup();
    signInAs(ACCESS_LEVEL.modifier);
    givenUsers(three);
    await renderUserList();
    expect(screen.getByRole('button', { name: 'Tambah User' })).toBeInTheDocument();
    // Rows are selectable for the bulk Nonaktifkan; the bar has no Hapus.
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    expect(within(bar).getByRole('button', { name: 'Nonaktifkan' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Budi Santoso' }));
    expect(menuItemTexts()).toEqual([
      'Lihat Detail',
      'Edit',
      'Nonaktifkan',
      'Hapus (Hanya owner menu ini yang dapat menghapus)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Lihat Detail' }));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByRole('button', { name: 'Edit' })).not.toHaveAttribute('aria-disabled');
    expect(within(drawer).getByRole('button', { name: 'Hapus' })).toHaveAccessibleDescription(
      'Hanya owner menu ini yang dapat menghapus',
    );
  });
});
