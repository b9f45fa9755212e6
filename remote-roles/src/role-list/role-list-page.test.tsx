/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { listAnswered, menuItemTexts, renderRoute, signInAs } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  lastQueryTo,
  requestsTo,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { createApplication, createRole, createWeakRole } from '../test-support/factories';
import { roleScenarios } from '../test-support/role-scenarios';
import RoleListPage from './role-list-page';

const server = startFakeServer(
  roleScenarios.applications([createApplication(), createApplication({ id: 2, name: 'HRIS' })]),
  roleScenarios.deleted(),
);

const listOf = (roles: ReturnType<typeof createRole>[], total = roles.length) =>
  fakeServer.use(roleScenarios.list(roles, total));

/** Renders the list at `url` and waits for its first answer. */
async function renderList(url = '/role-management') {
  const view = renderRoute(<RoleListPage />, { path: '/role-management', url });
  await listAnswered();
  return view;
}

/** The query of the list's last request, as the api receives it. */
const expectListQuery = (query: Record<string, string>) =>
  waitFor(() => expect(lastQueryTo(server.requests, paths.roles.list)).toEqual(query));
/** The single deletes the page sent. */
const singleDeletes = () =>
  requestsTo(server.requests, 'DELETE', paths.roles.remove(7)).concat(
    requestsTo(server.requests, 'DELETE', paths.roles.remove(8)),
  );

beforeEach(() => signInAs(ACCESS_LEVEL.owner));
afterEach(() => localStorage.clear());

describe('RoleListPage', () => {
  it('shows the true empty state "Belum Ada Role" when there are no roles at all', async () => {
    listOf([]);
    await renderList();
    expect(screen.getByText('Belum Ada Role')).toBeInTheDocument();
    expect(screen.queryByText('Data tidak ditemukan')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigasi halaman' })).not.toBeInTheDocument();
  });

  it('shows the no-match text when a search or filter finds nothing', async () => {
    listOf([]);
    await renderList('/role-management?keyword=zzz&apps_id=2');
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
    await expectListQuery({ page: '1', perPage: '10', keyword: 'zzz', perusahaan_id: '2' });
  });

  it('lists roles with member count and application logos (3 then +n)', async () => {
    const apps = [1, 2, 3, 4, 5].map((id) => ({
      apps_id: id,
      apps_name: `App ${id}`,
      logo_url: `http://localhost/app-${id}.svg`,
      menus: [],
    }));
    listOf([createRole({ name: 'Super Admin', member_count: 12, applications: apps })]);
    await renderList();
    const row = screen.getByRole('row', { name: /Super Admin/ });
    expect(within(row).getByText('12 user')).toBeInTheDocument();
    expect(within(row).getAllByRole('img')).toHaveLength(3);
    expect(within(row).getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('Semua Aplikasi')).toBeInTheDocument();
  });

  it('filters by application and goes back to page 1', async () => {
    listOf([createRole()], 40);
    const user = userEvent.setup();
    const { location } = await renderList('/role-management?page=3');
    await user.click(screen.getByRole('combobox', { name: 'Filter aplikasi' }));
    await user.click(await screen.findByRole('option', { name: 'HRIS' }));
    await waitFor(() => expect(location().search).toBe('?apps_id=2'));
    await expectListQuery({ page: '1', perPage: '10', perusahaan_id: '2' });
  });

  it('sorts by a column header: in the URL, sent to the api, back to page 1', async () => {
    listOf([createRole()], 40);
    const user = userEvent.setup();
    const { location } = await renderList('/role-management?page=3&apps_id=2');
    const header = screen.getByRole('columnheader', { name: /Jumlah/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?apps_id=2&sortBy=member_count&sort=asc'));
    await expectListQuery({
      page: '1',
      perPage: '10',
      perusahaan_id: '2',
      sortBy: 'member_count',
      sort: 'asc',
    });
    await user.click(within(screen.getByRole('columnheader', { name: /Jumlah/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /Jumlah/ })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() =>
      expect(lastQueryTo(server.requests, paths.roles.list)).toMatchObject({
        sortBy: 'member_count',
        sort: 'desc',
      }),
    );
  });

  it('deletes a role after a warning confirmation and shows the server message', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus role "Auditor"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Role berhasil dihapus')).toBeInTheDocument();
    expect(requestsTo(server.requests, 'DELETE', paths.roles.remove(7))).toHaveLength(1);
  });

  it('shows the server message when a role still has members (409)', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    const message = 'Role masih digunakan oleh user: Budi. Pindahkan user ke role lain sebelum menghapus.';
    fakeServer.use(roleScenarios.bulkDeleteFails(409, message));
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih role Auditor' }));
    expect(screen.getByText('1 terpilih')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Aksi data terpilih' })).getByRole('button', {
        name: 'Hapus',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus 1 role terpilih?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await bodiesSentTo(server.requests, 'DELETE', paths.roles.bulkRemove)).toEqual([{ ids: [7] }]);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    listOf([createRole({ name: 'Auditor' })]);
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    await user.click(await screen.findByRole('button', { name: 'Batal' }));
    expect(singleDeletes()).toEqual([]);
  });
});

describe('RoleListPage by access level', () => {
  it('a viewer reads: no Tambah Role, no checkboxes, Edit and Hapus disabled with the reason', async () => {
    signInAs(ACCESS_LEVEL.viewer);
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    const user = userEvent.setup();
    await renderList();
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
    await renderList();
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
    await renderList();
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

  it('the member count links to the users list filtered on the role', async () => {
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    await renderList();
    expect(screen.getByRole('link', { name: '14 user dengan role Auditor' })).toHaveAttribute(
      'href',
      '/user-management?role_id=7',
    );
  });

  it('Hapus on a role that has users says so before any confirmation, and offers to see them', async () => {
    listOf([createRole({ name: 'Auditor', member_count: 14 })]);
    const user = userEvent.setup();
    const view = await renderList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk role Auditor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Role "Auditor" tidak dapat dihapus' });
    expect(dialog).toHaveTextContent('Role ini masih dipakai oleh 14 user');
    expect(within(dialog).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lihat user' }));
    expect(singleDeletes()).toEqual([]);
    expect(view.location().pathname).toBe('/user-management');
    expect(view.location().search).toBe('?role_id=7');
  });

  it('a bulk delete with roles in use names them and can take them out of the selection', async () => {
    listOf([
      createRole({ name: 'Auditor', member_count: 3 }),
      createRole({ id: 8, name: 'Tamu', member_count: 0 }),
    ]);
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua role di halaman ini' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    await user.click(within(bar).getByRole('button', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sebagian role tidak dapat dihapus' });
    expect(dialog).toHaveTextContent('Auditor (3 user)');
    expect(dialog).not.toHaveTextContent('Tamu');
    await user.click(within(dialog).getByRole('button', { name: 'Keluarkan dari pilihan' }));
    expect(requestsTo(server.requests, 'DELETE', paths.roles.bulkRemove)).toEqual([]);
    expect(within(bar).getByText('1 terpilih')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih role Tamu' })).toHaveAttribute('aria-checked', 'true');
  });
});
