/** @jest-environment jest-fixed-jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LEVEL, userBulkPaths, type ImportCheck, type ImportRow } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import {
  bodiesSentTo,
  captureDownloads,
  fakeServer,
  requestsTo,
  startFakeServer,
} from '@sso/shared/testing/fake-server';
import { userScenarios } from '../test-support/user-scenarios';
import UserImportPage from './user-import-page';

const server = startFakeServer(
  userScenarios.importCommitted({
    created: 2,
    updated: 0,
    unchanged: 0,
    ids: [50, 51],
    created_at: '2026-11-26T10:00:00.000Z',
  }),
);
/** The check requests the page sent (the file's upload). */
const checks = () => requestsTo(server.requests, 'POST', userBulkPaths.importCheck);

const row = (overrides: Partial<ImportRow>): ImportRow => ({
  row: 2,
  action: 'create',
  nik: '3201001',
  nama: 'Siti Rahmawati',
  role: 'Viewer',
  ap: 'PT. Sinar Niaga Sejahtera',
  unit: 'JKT1',
  problems: [],
  ...overrides,
});

const checked: ImportCheck = {
  token: 'tok_0123456789abcdef0123',
  update_existing: false,
  counts: { total: 3, create: 2, update: 0, unchanged: 0, error: 1 },
  rows: [
    row({ row: 2 }),
    row({ row: 3, nik: '3201002', nama: 'Budi' }),
    row({ row: 4, nik: '', nama: 'Tanpa NIK', action: 'error', problems: ['NIK tidak boleh kosong'] }),
  ],
  problems_csv: '\uFEFFBaris,NIK,Alasan\r\n4,,NIK tidak boleh kosong\r\n',
};

const csvFile = (name = 'karyawan.csv', text = 'NIK,Nama\n1,A\n') =>
  new File([text], name, { type: 'text/csv' });

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>, file = csvFile()) {
  await user.upload(screen.getByLabelText('Berkas CSV', { selector: 'input' }), file);
  await user.click(screen.getByRole('button', { name: 'Periksa berkas' }));
}

describe('UserImportPage', () => {
  beforeEach(() => signInAs(ACCESS_LEVEL.owner));
  afterEach(() => localStorage.clear());

  it('checks the file on the server, shows the counts and the problem rows first, and offers them as CSV', async () => {
    const user = userEvent.setup();
    fakeServer.use(userScenarios.importChecked(checked));
    const saved = captureDownloads();
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await user.click(screen.getByRole('checkbox', { name: 'Perbarui user yang sudah ada' }));
    await chooseAndCheck(user);

    const preview = await screen.findByRole('region', { name: 'Hasil pemeriksaan' });
    const [sent] = checks();
    expect(new URL(sent!.url).searchParams.get('update_existing')).toBe('1');
    expect(sent!.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(within(preview).getByText('Akan ditambahkan').nextSibling).toHaveTextContent('2');
    expect(within(preview).getByText('Bermasalah', { selector: 'dt' }).nextSibling).toHaveTextContent('1');
    // With problems, the problem rows are shown first, each with its message.
    const table = within(preview).getByRole('table', { name: 'Baris berkas impor' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(1);
    expect(bodyRows[0]).toHaveTextContent('Tanpa NIK');
    expect(bodyRows[0]).toHaveTextContent('NIK tidak boleh kosong');

    await user.click(within(preview).getByRole('combobox', { name: 'Tampilkan baris' }));
    await user.click(screen.getByRole('option', { name: 'Semua baris (3)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.click(within(preview).getByRole('button', { name: 'Unduh baris bermasalah' }));
    expect(saved).toEqual([expect.stringMatching(/^baris-bermasalah-.*\.csv$/)]);
  });

  it('imports after one confirmation naming the count, then links to the new users', async () => {
    const user = userEvent.setup();
    fakeServer.use(userScenarios.importChecked(checked));
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await chooseAndCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Impor 2 user' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Impor 2 user?' });
    expect(dialog).toHaveTextContent('1 baris bermasalah tidak diimpor');
    await user.click(within(dialog).getByRole('button', { name: 'Impor 2 user' }));

    expect(await screen.findByText('Impor selesai')).toBeInTheDocument();
    expect(await bodiesSentTo(server.requests, 'POST', userBulkPaths.importCommit)).toEqual([
      { token: checked.token },
    ]);
    expect(screen.getByText(/2 user ditambahkan, 0 diperbarui/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat user baru' })).toHaveAttribute(
      'href',
      '/user-management?created_from=2026-11-26T10%3A00%3A00.000Z',
    );
  });

  it('refuses a file that is not .csv before uploading, and shows the api message of a bad file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await user.upload(screen.getByLabelText('Berkas CSV', { selector: 'input' }), csvFile('foto.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('Pilih berkas berakhiran .csv');
    expect(checks()).toEqual([]);

    fakeServer.use(
      userScenarios.importCheckFails(
        422,
        'Berkas bukan CSV teks. Simpan berkas dari spreadsheet sebagai "CSV UTF-8" lalu unggah lagi.',
      ),
    );
    await chooseAndCheck(user, csvFile('data.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Berkas bukan CSV teks.');
    expect(screen.queryByRole('region', { name: 'Hasil pemeriksaan' })).not.toBeInTheDocument();
  });

  it('says when no row can be imported and offers no Impor', async () => {
    const user = userEvent.setup();
    fakeServer.use(
      userScenarios.importChecked({
        ...checked,
        token: null,
        counts: { total: 1, create: 0, update: 0, unchanged: 0, error: 1 },
        rows: [checked.rows[2] as ImportRow],
      }),
    );
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await chooseAndCheck(user);
    expect(await screen.findByText(/Tidak ada baris yang dapat diimpor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impor 0 user' })).toBeDisabled();
  });
});
