import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UserAccount } from '@sso/shared/contract';
import { renderRoute } from '@sso/shared/testing';
import { createUser } from '../test-support/factories';
import { AccountSection, StatusChange } from './account-section';
import { useEndUserSession } from './api/end-user-session';
import { useEndUserSessions } from './api/end-user-sessions';
import { useLiftUserLock } from './api/lift-user-lock';

jest.mock('./api/end-user-session', () => ({ useEndUserSession: jest.fn() }));
jest.mock('./api/end-user-sessions', () => ({ useEndUserSessions: jest.fn() }));
jest.mock('./api/lift-user-lock', () => ({ useLiftUserLock: jest.fn() }));

const at = (hours: number, minutes: number) => new Date(2026, 10, 25, hours, minutes).toISOString();

function createAccount(overrides: Partial<UserAccount> = {}): UserAccount {
  return {
    id: 10,
    is_active: true,
    status_reason: null,
    status_changed_at: null,
    status_changed_by: null,
    last_login_at: at(9, 30),
    lock: null,
    sessions: [
      {
        id: 7,
        application: 'SSO Admin Panel',
        signed_in_at: at(9, 30),
        last_active_at: null,
        address: '10.1.2.3',
        browser: 'Chrome 126 di Windows',
      },
      {
        id: 8,
        application: 'SSO Admin Panel',
        signed_in_at: at(8, 5),
        last_active_at: at(8, 45),
        address: null,
        browser: null,
      },
    ],
    ...overrides,
  };
}

/** Scenario helper: every action succeeds with the api's message. */
function givenActionsSucceed() {
  const endOne = jest.fn().mockResolvedValue({ message: 'Sesi berhasil diakhiri', data: { ended: 1 } });
  const endAll = jest.fn().mockResolvedValue({ message: '2 sesi berhasil diakhiri', data: { ended: 2 } });
  const lift = jest.fn().mockResolvedValue({ message: 'Blokir masuk berhasil dibuka', data: { ended: 1 } });
  jest.mocked(useEndUserSession).mockReturnValue({ mutateAsync: endOne, isPending: false } as never);
  jest.mocked(useEndUserSessions).mockReturnValue({ mutateAsync: endAll, isPending: false } as never);
  jest.mocked(useLiftUserLock).mockReturnValue({ mutateAsync: lift, isPending: false } as never);
  return { endOne, endAll, lift };
}

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
    const actions = givenActionsSucceed();
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
    expect(actions.endOne).toHaveBeenCalledWith({ userId: 10, sessionId: 7 });
    expect(await screen.findByText('Sesi berhasil diakhiri')).toBeInTheDocument();
  });

  it('"Keluarkan dari semua sesi" asks first, then ends them all', async () => {
    const actions = givenActionsSucceed();
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    await u.click(screen.getByRole('button', { name: 'Keluarkan dari semua sesi' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Keluarkan "Budi Santoso" dari semua sesi?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Keluarkan dari semua sesi' }));
    expect(actions.endAll).toHaveBeenCalledWith(10);
    expect(await screen.findByText('2 sesi berhasil diakhiri')).toBeInTheDocument();
  });

  it('shows the sign-in lock with its end and failures, and "Buka blokir" lifts it', async () => {
    const actions = givenActionsSucceed();
    const u = userEvent.setup();
    const account = createAccount({ lock: { until: at(10, 15), failures: 5 } });
    renderRoute(<AccountSection user={user} account={loaded(account)} isSelf={false} />);
    expect(screen.getByText('Diblokir sementara sampai 10:15 (5 percobaan gagal)')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Buka blokir' }));
    expect(actions.lift).toHaveBeenCalledWith(10);
    expect(await screen.findByText('Blokir masuk berhasil dibuka')).toBeInTheDocument();
  });

  it('shows a refusal as the api says it', async () => {
    const actions = givenActionsSucceed();
    actions.endOne.mockRejectedValue(
      Object.assign(new Error('Role Anda tidak mencakup role user ini'), { status: 403 }),
    );
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    await u.click(screen.getAllByRole('button', { name: /^Akhiri sesi/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    await u.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    expect(await screen.findByText(/Role Anda tidak mencakup role user ini/)).toBeInTheDocument();
  });

  it('"Akhiri" asks first, naming the session; Batal ends nothing', async () => {
    const actions = givenActionsSucceed();
    const u = userEvent.setup();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf={false} />);
    const [first] = screen.getAllByRole('button', { name: /^Akhiri sesi/ });
    await u.click(first as HTMLElement);
    let dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    expect(dialog).toHaveTextContent(/Sesi SSO Admin Panel · Chrome 126 di Windows/);
    await u.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(actions.endOne).not.toHaveBeenCalled();

    await u.click(first as HTMLElement);
    dialog = await screen.findByRole('alertdialog', { name: 'Akhiri sesi "Budi Santoso"?' });
    await u.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    expect(actions.endOne).toHaveBeenCalledTimes(1);
  });

  it('offers nothing to end on one’s own account, and says so', () => {
    givenActionsSucceed();
    renderRoute(<AccountSection user={user} account={loaded(createAccount())} isSelf />);
    expect(screen.getByText(/Ini akun Anda/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Akhiri|Keluarkan/ })).not.toBeInTheDocument();
  });

  it('says when the account cannot be read, and when there are no sessions', () => {
    givenActionsSucceed();
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
