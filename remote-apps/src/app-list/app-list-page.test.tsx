/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { listAnswered, menuItemTexts, renderRoute, signInAs } from '@sso/shared/testing';
import { fakeServer, lastQueryTo, requestsTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { createApplicationDetail, createManagedApplication } from '../test-support/factories';
import { appScenarios } from '../test-support/app-scenarios';
import AppListPage from './app-list-page';

const gudang = createManagedApplication();
const panel = createManagedApplication({ id: 1, name: 'SSO Admin Panel', url: 'http://localhost:3000' });

const server = startFakeServer(
  appScenarios.list([gudang, panel]),
  appScenarios.detail(
    createApplicationDetail({ roles: [{ id: 9, name: 'Staf Gudang', hex_code: '#00897b' }] }),
  ),
  appScenarios.deleted(),
);
const listOf = (apps = [gudang, panel], total = apps.length) =>
  fakeServer.use(appScenarios.list(apps, total));

/** Renders the list at `url` and waits for its first answer. */
async function renderList(url = '/app-management') {
  const view = renderRoute(<AppListPage />, { path: '/app-management', url });
  await listAnswered();
  return view;
}
const expectListQuery = (query: Record<string, string>) =>
  waitFor(() => expect(lastQueryTo(server.requests, paths.applications.list)).toEqual(query));
const deletesOf = (id: number) => requestsTo(server.requests, 'DELETE', paths.applications.remove(id));

beforeEach(() => signInAs(ACCESS_LEVEL.owner));
afterEach(() => localStorage.clear());

const openActions = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: `Aksi untuk aplikasi ${name}` }));
  await screen.findAllByRole('menuitem');
  return menuItemTexts();
};

describe('AppListPage', () => {
  it('lists logo, name, description, URL in a new tab without opener, menus and roles', async () => {
    await renderList();
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

  it('shows "Belum Ada Aplikasi" when there is none, and "Data tidak ditemukan" for a search', async () => {
    listOf([]);
    const { unmount } = await renderList();
    expect(screen.getByText('Belum Ada Aplikasi')).toBeInTheDocument();
    unmount();
    await renderList('/app-management?keyword=zzz');
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
    await expectListQuery({ page: '1', perPage: '10', keyword: 'zzz' });
  });

  it('shows the error with a retry when the list fails', async () => {
    fakeServer.use(appScenarios.listFails());
    const user = userEvent.setup();
    await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Daftar aplikasi tidak dapat dimuat');
    const asked = requestsTo(server.requests, 'GET', paths.applications.list).length;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, 'GET', paths.applications.list).length).toBeGreaterThan(asked),
    );
  });

  it('sorts by a column: in the URL and sent to the api, back to page 1', async () => {
    listOf([gudang], 40);
    const user = userEvent.setup();
    const { location } = await renderList('/app-management?page=3');
    await user.click(within(screen.getByRole('columnheader', { name: /Menu/ })).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?sortBy=menu_count&sort=asc'));
    await expectListQuery({ page: '1', perPage: '10', sortBy: 'menu_count', sort: 'asc' });
  });

  it('opens the detail drawer with the menu tree and the roles granting the application', async () => {
    const user = userEvent.setup();
    await renderList();
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Lihat Detail' }));
    const drawer = await screen.findByRole('dialog', { name: 'Detail Aplikasi' });
    expect(await within(drawer).findByRole('list', { name: 'Sub-menu Laporan' })).toHaveTextContent(
      'Laporan Harian',
    );
    expect(within(drawer).getByText('Staf Gudang')).toBeInTheDocument();
    expect(requestsTo(server.requests, 'GET', paths.applications.detail(6))).toHaveLength(1);
  });

  it('an application granted to roles says so before any confirmation, and "Lihat role" opens those roles', async () => {
    listOf([{ ...gudang, role_count: 5, blocking_role_count: 4 }], 1);
    const user = userEvent.setup();
    const { location } = await renderList();
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Aplikasi "Aplikasi Gudang" tidak dapat dihapus',
    });
    expect(dialog).toHaveTextContent('Aplikasi ini masih diberikan kepada 4 role.');
    expect(within(dialog).queryByRole('button', { name: 'Hapus' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lihat role' }));
    expect(deletesOf(6)).toEqual([]);
    await waitFor(() => expect(location().pathname).toBe('/role-management'));
    expect(location().search).toBe('?apps_id=6');
  });

  it('deletes after a warning, and shows the 409 naming the roles that still grant it', async () => {
    const message =
      'Aplikasi masih diberikan kepada role: Staf Gudang. Cabut aksesnya di Role Management sebelum menghapus.';
    fakeServer.use(appScenarios.deleteFails(409, message));
    const user = userEvent.setup();
    await renderList();
    await openActions(user, 'Aplikasi Gudang');
    await user.click(screen.getByRole('menuitem', { name: 'Hapus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus aplikasi "Aplikasi Gudang"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(deletesOf(6)).toHaveLength(1);
  });
});

describe('AppListPage by access level', () => {
  it('an owner may delete any application but SSO Admin Panel', async () => {
    const user = userEvent.setup();
    await renderList();
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
    await renderList();
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
    await renderList();
    expect(screen.queryByRole('link', { name: 'Tambah Aplikasi' })).not.toBeInTheDocument();
    expect(await openActions(user, 'Aplikasi Gudang')).toEqual([
      'Lihat Detail',
      'Edit (Akses Anda pada menu ini hanya melihat)',
      'Hapus (Akses Anda pada menu ini hanya melihat)',
    ]);
  });
});
