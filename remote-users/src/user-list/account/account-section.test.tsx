/** @jest-environment jest-fixed-jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { paths, type UserAccount } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { fakeServer, requestsTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { at, createAccount, createUser } from '../../test-support/factories';
import { userScenarios } from '../../test-support/user-scenarios';
import { AccountSection, StatusChange } from './account-section';

const server = startFakeServer(
  userScenarios.sessionEnded(),
  userScenarios.sessionsEnded(),
  userScenarios.lockLifted(),
);
/** The DELETE requests the section sent to `path`. */
const deletesTo = (path: string) => requestsTo(server.requests, 'DELETE', path);

const loaded = (data: UserAccount) =>
  ({ isPending: false, isError: false, data }) as unknown as UseQueryResult<UserAccount>;
const user = createUser({ id: 10, nama: 'Budi Santoso' });

describe('AccountSection', () => {
  it('says who changed the status, when and why', () => {
    const account = createAccount({
      is_active: false,
      status_reason: 'Resign',
      status_changed_at: at(10, 0),
      status_changed_by: { id: 1, nama: 'Admin Utama' },
    });
    const { unmount } = renderRoute(<StatusChange account={account} />);
    expect(screen.getByText('Dinonaktifkan oleh Admin Utama, 25 Nov 2026 10:00')).toBeInTheDocument();
    expect(screen.getByText('Alasan: Resign')).toBeInTheDocument();
    unmount();
    renderRoute(
      <StatusChange
        account={{ ...account, is_active: true, status_reason: null, status_changed_by: null }}
      />,
    );
    expect(screen.getByText('Diaktifkan 25 Nov 2026 10:00')).toBeInTheDocument();
    expect(screen.queryByText(/Alasan/)).not.toBeInTheDocument();
  });

  it('shows the sessions with "Akhiri" per session', async () => {
    const account = createAccount({
      is_active: false,
      status_reason: 'Resign',
      status_changed_at: at(10, 0),
      status_changed_by: { id: 1, nama: 'Admin Utama' },
    });
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(account)} isSelf={false} />);

    const sessions = screen.getByRole('region', { name: 'Sesi Aktif (2)' });
    const items = within(sessions).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'SSO Admin Panel · Chrome 126 di WindowsMasuk 25 Nov 2026 09:30 · 10.1.2.3',
    );
    expect(items[1]).toHaveTextContent('Peramban tidak diketahui');
    expect(items[1]).toHaveTextContent('aktif terakhir');
    await u.click(
      within(sessions).getByRole('button', { name: 'Akhiri sesi SSO Admin Panel · Chrome 126 di Windows' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    await u.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    expect(await screen.findByText('Sesi berhasil diakhiri')).toBeInTheDocument();
    expect(deletesTo(paths.users.session(10, 7))).toHaveLength(1);
  });

  it('"Keluarkan dari semua sesi" asks first, then ends them all', async () => {
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    await u.click(screen.getByRole('button', { name: 'Keluarkan dari semua sesi' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Keluarkan "Budi Santoso" dari semua sesi?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Keluarkan dari semua sesi' }));
    expect(await screen.findByText('2 sesi berhasil diakhiri')).toBeInTheDocument();
    expect(deletesTo(paths.users.sessions(10))).toHaveLength(1);
  });

  it('shows the sign-in lock with its end and failures, and "Buka blokir" lifts it', async () => {
    const u = userEvent.setup();
    const account = createAccount({ lock: { until: at(10, 15), failures: 5 } });
    renderRoute(<AccountSection user={user} account={loaded(account)} isSelf={false} />);
    expect(screen.getByText('Diblokir sementara sampai 10:15 (5 percobaan gagal)')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Buka blokir' }));
    expect(await screen.findByText('Blokir masuk berhasil dibuka')).toBeInTheDocument();
    expect(deletesTo(paths.users.lock(10))).toHaveLength(1);
  });

  it('shows a refusal as the api says it', async () => {
    fakeServer.use(userScenarios.sessionEndFails(403, 'Role Anda tidak mencakup role user ini'));
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    await u.click(screen.getAllByRole('button', { name: /^Akhiri sesi/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    await u.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    expect(await screen.findByText(/Role Anda tidak mencakup role user ini/)).toBeInTheDocument();
  });

  it('"Akhiri" asks first, naming the session; Batal ends nothing', async () => {
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    const [first] = screen.getAllByRole('button', { name: /^Akhiri sesi/ });
    await u.click(first as HTMLElement);
    let dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    expect(dialog).toHaveTextContent(/Sesi SSO Admin Panel · Chrome 126 di Windows/);
    await u.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(deletesTo(paths.users.session(10, 7))).toEqual([]);

    await u.click(first as HTMLElement);
    dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    await u.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    expect(await screen.findByText('Sesi berhasil diakhiri')).toBeInTheDocument();
    expect(deletesTo(paths.users.session(10, 7))).toHaveLength(1);
  });

  it('offers nothing to end on one’s own account, and says so', () => {
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf />);
    expect(screen.getByText(/Ini akun Anda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Akhiri|Keluarkan/ })).not.toBeInTheDocument();
  });

  it('says when the account cannot be read, and when there are no sessions', () => {
    const failed = {
      isPending: false,
      isError: true,
      error: new Error('Network Error'),
      data: undefined,
    } as unknown as UseQueryResult<UserAccount>;
    const { unmount } = renderRoute(<AccountSection user={user} account={failed} isSelf={false} />);
    expect(screen.getByText(/Status akun tidak dapat dimuat/)).toHaveAttribute('role', 'alert');
    unmount();
    renderRoute(
      <AccountSection user={user} account={loaded(createAccount({ sessions: [] }))} isSelf={false} />,
    );
    expect(screen.getByText('Tidak ada sesi aktif')).toBeInTheDocument();
  });
});
