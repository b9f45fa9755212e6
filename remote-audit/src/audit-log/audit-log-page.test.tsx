import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL, type AuditListQuery, type AuditListResponse } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { createEvent, settled } from '../test-support/factories';
import { downloadCsv } from './api/download-csv';
import { useEvents } from './api/get-events';
import AuditLogPage from './audit-log-page';

jest.mock('./api/get-events');
jest.mock('./api/download-csv');

function listOf(events: ReturnType<typeof createEvent>[], total = events.length) {
  jest
    .mocked(useEvents)
    .mockReturnValue(
      settled({ data: events, meta: { total } }) as unknown as UseQueryResult<AuditListResponse>,
    );
}
const lastQuery = (): AuditListQuery | undefined => jest.mocked(useEvents).mock.lastCall?.[0];

beforeEach(() => {
  signInAs(ACCESS_LEVEL.viewer);
  jest.mocked(downloadCsv).mockReset().mockResolvedValue(undefined);
});
afterEach(() => localStorage.clear());

describe('AuditLogPage', () => {
  it('shows Waktu, Pelaku, Aktivitas as a sentence, Hasil and Alamat IP', () => {
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
    const open = screen.getByRole('button', { name: 'Mengubah user Rina Santoso (Role: Admin → Viewer)' });
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
    await userEvent.click(screen.getByRole('button', { name: 'Mengubah user Rina Santoso' }));
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

  it('reads filters and dates from the URL and ignores bad ones', () => {
    listOf([]);
    renderRoute(<AuditLogPage />, {
      path: '/log-aktivitas',
      url: '/log-aktivitas?user=12&action=user.update&result=refused&from=2026-11-01&to=2026-11-07&keyword=rina&page=2',
    });
    expect(lastQuery()).toMatchObject({
      user: 12,
      action: 'user.update',
      result: 'refused',
      from: '2026-11-01',
      to: '2026-11-07',
      keyword: 'rina',
      tz: expect.any(Number),
    });
    expect(screen.getByText(/Aktivitas user #12/)).toBeInTheDocument();
    expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();

    renderRoute(<AuditLogPage />, {
      path: '/log-aktivitas',
      url: '/log-aktivitas?user=abc&result=ok&from=2026-02-30&action=DROP%20TABLE',
    });
    expect(lastQuery()).toMatchObject({
      user: undefined,
      result: undefined,
      from: undefined,
      action: undefined,
    });
  });

  it('filters by result through the select, back to page 1', async () => {
    listOf([createEvent()], 40);
    const view = renderRoute(<AuditLogPage />, { path: '/log-aktivitas', url: '/log-aktivitas?page=3' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Hasil' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ditolak' }));
    expect(view.location().search).toBe('?result=refused');
    expect(lastQuery()).toMatchObject({ result: 'refused', page: 1 });
  });

  it('"Unduh CSV" asks for exactly the filtered rows', async () => {
    listOf([createEvent()]);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas', url: '/log-aktivitas?result=done&keyword=rina' });
    await userEvent.click(screen.getByRole('button', { name: 'Unduh CSV' }));
    expect(downloadCsv).toHaveBeenCalledWith(
      expect.objectContaining({ result: 'done', keyword: 'rina' }),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('shows the true empty state and the error state with Coba lagi', async () => {
    listOf([]);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(screen.getByText('Belum ada aktivitas')).toBeInTheDocument();

    const refetch = jest.fn();
    jest.mocked(useEvents).mockReturnValue({
      data: undefined,
      isError: true,
      isPending: false,
      isFetching: false,
      error: new ApiError('http', 'Server sedang bermasalah', 500),
      refetch,
    } as unknown as UseQueryResult<AuditListResponse>);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(screen.getByText('Log aktivitas tidak dapat dimuat')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('offers a handful of page sizes, however many events match', () => {
    listOf([createEvent()], 840);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    const select = screen.getByRole('combobox', { name: 'Menampilkan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
  });

  it('says when more events match than it counts', () => {
    listOf([createEvent()], 10_001);
    renderRoute(<AuditLogPage />, { path: '/log-aktivitas' });
    expect(screen.getByText(/Lebih dari 10\.000 aktivitas cocok/)).toBeInTheDocument();
  });
});
