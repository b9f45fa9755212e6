/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, auditPaths } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { captureDownloads, fakeServer, lastQueryTo, startFakeServer } from '@sso/shared/testing/fake-server';
import { auditScenarios } from '../test-support/audit-scenarios';
import { createEvent } from '../test-support/factories';
import AuditLogPage from './audit-log-page';

const server = startFakeServer(auditScenarios.export());

function listOf(events: ReturnType<typeof createEvent>[], total = events.length) {
  fakeServer.use(auditScenarios.list(events, total));
}
/** The query of the list's last request (its search parameters). */
const lastQuery = () => lastQueryTo(server.requests, auditPaths.list);
/** The page has its answer: the list's count is announced. */
const answered = () => screen.findByText(/aktivitas$/, { selector: '[aria-live]' });

beforeEach(() => signInAs(ACCESS_LEVEL.viewer));
afterEach(() => localStorage.clear());

describe('AuditLogPage', () => {
  it('shows Waktu, Pelaku, Aktivitas as a sentence, Hasil and Alamat IP', async () => {
    listOf([
      createEvent({ at: new Date(Date.now() - 5 * 60_000).toISOString() }),
      createEvent({
        action: 'auth.login_nik',
        actor_id: null,
        actor_name: null,
        actor_nik: '777777',
        target_type: null,
        target_id: null,
        target_label: null,
        result: 'failed',
        status: 422,
        reason: 'Password salah',
        changes: [],
      }),
    ]);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    await answered();
    expect(screen.getByRole('heading', { name: 'Log Aktivitas', level: 1 })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.join('|')).toMatch(/Waktu.*\|Pelaku\|Aktivitas\|Hasil\|Alamat IP/);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('5 menit lalu')).toHaveAttribute('dateTime');
    expect(within(first!).getByText('Administrator (NIK 100001)')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: 'Mengubah user Rina Santoso (Role: Admin → Viewer)' }),
    ).toBeInTheDocument();
    expect(within(first!).getByText('Berhasil')).toBeInTheDocument();
    expect(within(first!).getByText('10.0.0.8')).toBeInTheDocument();
    expect(within(second!).getByText('NIK 777777')).toBeInTheDocument();
    expect(within(second!).getByText('Masuk dengan NIK')).toBeInTheDocument();
    expect(within(second!).getByText('Gagal')).toBeInTheDocument();
  });

  it('opens the drawer with before → after from the keyboard', async () => {
    listOf([createEvent()]);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    const open = await screen.findByRole('button', {
      name: 'Mengubah user Rina Santoso (Role: Admin → Viewer)',
    });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Detail Aktivitas' });
    expect(
      within(drawer).getByText('Administrator mengubah user Rina Santoso (Role: Admin → Viewer).'),
    ).toBeInTheDocument();
    const table = within(drawer).getByRole('table', { name: 'Perubahan' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Kolom', 'Sebelum', 'Sesudah']);
    const row = within(table).getByRole('row', { name: /Role/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Admin', 'Viewer']);
    expect(within(drawer).getByText('Mozilla/5.0')).toBeInTheDocument();
  });

  it('a refused event shows its reason and no changes', async () => {
    listOf([
      createEvent({ result: 'refused', status: 403, reason: 'Anda tidak memiliki akses', changes: [] }),
    ]);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mengubah user Rina Santoso' }));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText(
        'Administrator mencoba mengubah user Rina Santoso, ditolak: Anda tidak memiliki akses.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Anda tidak memiliki akses')).toBeInTheDocument();
    expect(within(drawer).getByText('Ditolak')).toBeInTheDocument();
    expect(within(drawer).getByText(/Tidak ada perubahan data/)).toBeInTheDocument();
  });

  it('reads filters and dates from the URL and ignores bad ones', async () => {
    listOf([]);
    const first = renderRoute(<AuditLogPage />, {
      path: '/log-aktivitas',
      url: '/log-aktivitas?user=12&action=user.update&result=refused&from=2026-11-01&to=2026-11-07&keyword=rina&page=2',
    });
    expect(await screen.findByText('Data tidak ditemukan')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({
      user: '12',
      action: 'user.update',
      result: 'refused',
      from: '2026-11-01',
      to: '2026-11-07',
      keyword: 'rina',
      tz: expect.stringMatching(/^-?\d+$/),
    });
    expect(screen.getByText(/Aktivitas user #12/)).toBeInTheDocument();
    first.unmount();

    server.requests.length = 0;
    renderRoute(<AuditLogPage />, {
      path: '/log-aktivitas',
      url: '/log-aktivitas?user=abc&result=ok&from=2026-02-30&action=DROP%20TABLE',
    });
    await waitFor(() => expect(lastQuery()).toBeDefined());
    // Bad values are left out of the request, as if not given.
    for (const key of ['user', 'result', 'from', 'action']) expect(lastQuery()).not.toHaveProperty(key);
  });

  it('filters by result through the select, back to page 1', async () => {
    listOf([createEvent()], 40);
    const view = renderRoute(<AuditLogPage />, { path: '/log-aktivitas', url: '/log-aktivitas?page=3' });
    await answered();
    await userEvent.click(screen.getByRole('combobox', { name: 'Hasil' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ditolak' }));
    expect(view.location().search).toBe('?result=refused');
    await waitFor(() => expect(lastQuery()).toMatchObject({ result: 'refused', page: '1' }));
  });

  it('"Unduh CSV" asks for exactly the filtered rows', async () => {
    listOf([createEvent()]);
    const saved = captureDownloads();
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas', url: '/log-aktivitas?result=done&keyword=rina' });
    await answered();
    await userEvent.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = lastQueryTo(server.requests, auditPaths.export);
    expect(asked).toMatchObject({ result: 'done', keyword: 'rina' });
    expect(asked).not.toHaveProperty('page');
    expect(saved[0]).toMatch(/^log-aktivitas-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('shows the true empty state and the error state with Coba lagi', async () => {
    listOf([]);
    const empty = renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(await screen.findByText('Belum ada aktivitas')).toBeInTheDocument();
    empty.unmount();

    fakeServer.use(auditScenarios.listFails(500, 'Server sedang bermasalah'));
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(await screen.findByText('Log aktivitas tidak dapat dimuat')).toBeInTheDocument();
    expect(screen.getByText('Server sedang bermasalah')).toBeInTheDocument();
    server.requests.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() => expect(lastQuery()).toBeDefined());
  });

  it('offers a handful of page sizes, however many events match', async () => {
    listOf([createEvent()], 840);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    await answered();
    const select = screen.getByRole('combobox', { name: 'Menampilkan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
  });

  it('says when more events match than it counts', async () => {
    listOf([createEvent()], 10_001);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(await screen.findByText(/Lebih dari 10\.000 aktivitas cocok/)).toBeInTheDocument();
  });
});
