import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sso/shared/api';
import { ACCESS_LEVEL, type ImportCheck, type ImportRow } from '@sso/shared/contract';
import { renderRoute, signInAs } from '@sso/shared/testing';
import { checkImportFile, saveCsv, useCommitImport } from './api/bulk-api';
import UserImportPage from './user-import-page';

jest.mock('./api/bulk-api', () => ({
  checkImportFile: jest.fn(),
  downloadImportTemplate: jest.fn(),
  saveCsv: jest.fn(),
  useCommitImport: jest.fn(),
}));

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

/** Scenario helper: the commit answers `result` (or fails with `error`). */
function givenCommit(outcome: { created: number } | ApiError) {
  const mutateAsync = jest.fn(() =>
    outcome instanceof ApiError
      ? Promise.reject(outcome)
      : Promise.resolve({
          created: outcome.created,
          updated: 0,
          unchanged: 0,
          ids: [50, 51],
          created_at: '2026-11-26T10:00:00.000Z',
        }),
  );
  jest.mocked(useCommitImport).mockReturnValue({
    mutateAsync,
    reset: jest.fn(),
    isPending: false,
    isError: outcome instanceof ApiError,
    error: null,
  } as unknown as ReturnType<typeof useCommitImport>);
  return mutateAsync;
}

const csvFile = (name = 'karyawan.csv', text = 'NIK,Nama\n1,A\n') =>
  new File([text], name, { type: 'text/csv' });

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>, file = csvFile()) {
  await user.upload(screen.getByLabelText('Berkas CSV', { selector: 'input' }), file);
  await user.click(screen.getByRole('button', { name: 'Periksa berkas' }));
}

describe('UserImportPage', () => {
  beforeEach(() => signInAs(ACCESS_LEVEL.owner));
  afterEach(() => {
    localStorage.clear();
    jest.clearAllMocks();
  });

  it('checks the file on the server, shows the counts and the problem rows first, and offers them as CSV', async () => {
    const user = userEvent.setup();
    givenCommit({ created: 2 });
    jest.mocked(checkImportFile).mockResolvedValue(checked);
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await user.click(screen.getByRole('checkbox', { name: 'Perbarui user yang sudah ada' }));
    await chooseAndCheck(user);

    expect(checkImportFile).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function));
    const preview = await screen.findByRole('region', { name: 'Hasil pemeriksaan' });
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
    expect(saveCsv).toHaveBeenCalledWith(
      checked.problems_csv,
      expect.stringMatching(/^baris-bermasalah-.*\.csv$/),
    );
  });

  it('imports after one confirmation naming the count, then links to the new users', async () => {
    const user = userEvent.setup();
    const commit = givenCommit({ created: 2 });
    jest.mocked(checkImportFile).mockResolvedValue(checked);
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await chooseAndCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Impor 2 user' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Impor 2 user?' });
    expect(dialog).toHaveTextContent('1 baris bermasalah tidak diimpor');
    await user.click(within(dialog).getByRole('button', { name: 'Impor 2 user' }));

    expect(commit).toHaveBeenCalledWith(checked.token);
    expect(await screen.findByText('Impor selesai')).toBeInTheDocument();
    expect(screen.getByText(/2 user ditambahkan, 0 diperbarui/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat user baru' })).toHaveAttribute(
      'href',
      '/user-management?created_from=2026-11-26T10%3A00%3A00.000Z',
    );
  });

  it('refuses a file that is not .csv before uploading, and shows the api message of a bad file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    givenCommit({ created: 0 });
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await user.upload(screen.getByLabelText('Berkas CSV', { selector: 'input' }), csvFile('foto.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('Pilih berkas berakhiran .csv');
    expect(checkImportFile).not.toHaveBeenCalled();

    jest
      .mocked(checkImportFile)
      .mockRejectedValue(
        new ApiError(
          'http',
          'Berkas bukan CSV teks. Simpan berkas dari spreadsheet sebagai "CSV UTF-8" lalu unggah lagi.',
          422,
        ),
      );
    await chooseAndCheck(user, csvFile('data.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Berkas bukan CSV teks.');
    expect(screen.queryByRole('region', { name: 'Hasil pemeriksaan' })).not.toBeInTheDocument();
  });

  it('says when no row can be imported and offers no Impor', async () => {
    const user = userEvent.setup();
    givenCommit({ created: 0 });
    jest.mocked(checkImportFile).mockResolvedValue({
      ...checked,
      token: null,
      counts: { total: 1, create: 0, update: 0, unchanged: 0, error: 1 },
      rows: [checked.rows[2] as ImportRow],
    });
    renderRoute(<UserImportPage />, { path: '/impor-user' });
    await chooseAndCheck(user);
    expect(await screen.findByText(/Tidak ada baris yang dapat diimpor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impor 0 user' })).toBeDisabled();
  });
});
