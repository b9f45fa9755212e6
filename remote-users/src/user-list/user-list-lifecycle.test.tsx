/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, paths } from '@sso/shared/contract';
import { readSession, writeSession } from '@sso/shared/session';
import { signInAs } from '@sso/shared/testing';
import {
  bodiesSentTo,
  fakeServer,
  lastQueryTo,
  requestsTo,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { createUser } from '../test-support/factories';
import { userScenarios } from '../test-support/user-scenarios';
import { renderUserList } from './test-support/render-user-list';

const server = startFakeServer(
  ...userScenarios.reference(),
  ...userScenarios.drawer(),
  userScenarios.statusChanged(),
  userScenarios.bulkStatusChanged(),
);
const givenUsers = (users: ReturnType<typeof createUser>[]) => fakeServer.use(userScenarios.list(users));
const expectListQuery = (query: Record<string, string>) =>
  waitFor(() => expect(lastQueryTo(server.requests, paths.users.list)).toEqual(query));
/** The bodies the page sent to `path` with PATCH. */
const patched = (path: string) => bodiesSentTo(server.requests, 'PATCH', path);

const hourAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();
const rows = [
  createUser({ id: 1, nama: 'Budi Santoso', is_active: true, last_login_at: hourAgo }),
  createUser({ id: 2, nama: 'Sari Dewi', is_active: false, last_login_at: null }),
  createUser({ id: 3, nama: 'Tono Wijaya', is_active: true, last_login_at: null }),
];
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('UserListPage account lifecycle', () => {
  beforeEach(() => signInAs(ACCESS_LEVEL.owner));
  afterEach(() => localStorage.clear());

  it('shows status chips, mutes inactive rows, and the last sign-in relative with the exact time', async () => {
    givenUsers(rows);
    await renderUserList();
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
    givenUsers(rows);
    const { location } = await renderUserList('/user-management?page=2&status=semua');
    await expectListQuery({ page: '2', perPage: '10' });
    await user.click(screen.getByRole('combobox', { name: 'Filter status' }));
    const options = within(screen.getByRole('listbox', { name: 'Filter status' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Semua Status', 'Aktif', 'Nonaktif']);
    await user.click(screen.getByRole('option', { name: 'Nonaktif' }));
    expect(location().search).toBe('?status=inactive');
    await expectListQuery({ page: '1', perPage: '10', status: 'inactive' });
  });

  it('deactivates from the row menu after the question, with the optional reason', async () => {
    const user = userEvent.setup();
    givenUsers(rows);
    await renderUserList();
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Tono Wijaya' }));
    await user.click(screen.getByRole('menuitem', { name: 'Nonaktifkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nonaktifkan user "Tono Wijaya"?' });
    expect(dialog).toHaveTextContent('User tidak dapat masuk dan semua sesinya diakhiri');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alasan (opsional)' }), '  Resign  ');
    await user.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    expect(await patched(paths.users.status(3))).toEqual([{ is_active: false, reason: 'Resign' }]);
    expect(await screen.findByText('User berhasil dinonaktifkan')).toBeInTheDocument();
  });

  it('offers Aktifkan for an inactive user; on one’s own account Nonaktifkan is disabled with the reason', async () => {
    const user = userEvent.setup();
    const session = readSession();
    if (session) writeSession({ ...session, id: 1 });
    givenUsers(rows);
    await renderUserList();
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
    await waitFor(async () => expect(await patched(paths.users.status(2))).toEqual([{ is_active: true }]));
  });

  it('deactivates the selected users from the bulk bar, all in one request', async () => {
    const user = userEvent.setup();
    givenUsers(rows);
    await renderUserList();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Tono Wijaya' }));
    const bar = screen.getByRole('region', { name: 'Aksi data terpilih' });
    await user.click(within(bar).getByRole('button', { name: 'Nonaktifkan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nonaktifkan 2 user terpilih?' });
    expect(dialog).toHaveTextContent('User terpilih: Budi Santoso dan Tono Wijaya.');
    await user.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    expect(await patched(paths.users.bulkStatus)).toEqual([{ ids: [1, 3], is_active: false, reason: null }]);
    expect(await screen.findByText('2 user berhasil dinonaktifkan')).toBeInTheDocument();
    expect(screen.queryByText(/terpilih/)).not.toBeInTheDocument();
  });

  it('shows the account action disabled with the reason on a user whose role the administrator’s does not cover (403)', async () => {
    const user = userEvent.setup();
    const message = 'Role Anda tidak mencakup role user ini, sehingga Anda tidak dapat mengelola akunnya';
    fakeServer.use(userScenarios.accountFails(403, message));
    givenUsers(rows);
    await renderUserList();
    await user.click(screen.getByText('Tono Wijaya'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(message);
    expect(within(drawer).getByRole('button', { name: 'Nonaktifkan' })).toHaveAccessibleDescription(
      'Role user ini memiliki akses di luar akses Anda',
    );
    expect(within(drawer).getByRole('button', { name: 'Edit' })).not.toHaveAttribute('aria-disabled');
  });

  it('reads the account only for an editor of users; a viewer sees the row’s status and last sign-in', async () => {
    const user = userEvent.setup();
    signInAs(ACCESS_LEVEL.viewer);
    givenUsers(rows);
    await renderUserList();
    await user.click(screen.getByText('Sari Dewi'));
    const drawer = screen.getByRole('dialog', { name: 'Detail User' });
    expect(within(drawer).getByText('Nonaktif')).toBeInTheDocument();
    expect(within(drawer).getByText('Belum pernah masuk')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Aktifkan' })).toHaveAccessibleDescription(
      'Akses Anda pada menu ini hanya melihat',
    );
    expect(requestsTo(server.requests, 'GET', paths.users.account(2))).toEqual([]);
  });
});
