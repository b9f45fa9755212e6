import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@sso/shared/api';
import { ListView, type ListViewQuery } from '.';

interface Row {
  id: number;
  name: string;
}

const list = {
  page: 1,
  perPage: 10,
  sort: undefined,
  setSort: jest.fn(),
  setPage: jest.fn(),
  setPerPage: jest.fn(),
  update: jest.fn(),
};
const texts = {
  failed: 'Daftar tidak dapat dimuat',
  empty: 'Belum Ada Baris',
  emptyBody: 'Tambahkan baris pertama.',
  noMatchBody: 'Ubah pencarian.',
  count: (total: string) => `${total} baris`,
};
const query = (patch: Partial<ListViewQuery<Row>>): ListViewQuery<Row> => ({
  data: undefined,
  isPending: false,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  error: null,
  refetch: jest.fn(),
  ...patch,
});
const answer = (rows: Row[], total = rows.length) => ({ data: rows, meta: { total } });
const table = {
  caption: 'Daftar baris',
  columns: [{ id: 'name', header: 'Nama', cell: (row: Row) => row.name }],
  getRowId: (row: Row) => row.id,
};

const show = (props: Partial<Parameters<typeof ListView<Row, string>>[0]>) =>
  render(
    <MemoryRouter>
      <ListView<Row, string>
        query={query({})}
        list={list}
        table={table}
        filtered={false}
        texts={texts}
        {...props}
      />
    </MemoryRouter>,
  );

test('the first load shows the table with placeholder rows, not the empty state', () => {
  show({ query: query({ isPending: true, isFetching: true }) });
  expect(screen.getByRole('table', { name: 'Daftar baris' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByText('Belum Ada Baris')).not.toBeInTheDocument();
});

test('an error without data shows the api message and Coba lagi refetches', async () => {
  const refetch = jest.fn();
  show({
    query: query({ isError: true, error: new ApiError('http', 'Server sedang bermasalah', 500), refetch }),
  });
  expect(screen.getByText('Daftar tidak dapat dimuat')).toBeInTheDocument();
  expect(screen.getByText('Server sedang bermasalah')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
  expect(refetch).toHaveBeenCalled();
});

test('nothing at all: the empty state with its action, in place of the table', () => {
  show({ query: query({ data: answer([]) }), emptyAction: <button type="button">Tambah</button> });
  expect(screen.getByText('Belum Ada Baris')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tambah' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('nothing matching a search: "Data tidak ditemukan" inside the table, no pagination', () => {
  show({ query: query({ data: answer([]) }), filtered: true });
  expect(screen.getByRole('table', { name: 'Daftar baris' })).toBeInTheDocument();
  expect(screen.getByText('Data tidak ditemukan')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Navigasi halaman' })).not.toBeInTheDocument();
});

test('rows: pagination, the count screen readers hear, and the bulk bar of a selection', () => {
  show({
    query: query({ data: answer([{ id: 1, name: 'Satu' }], 25) }),
    maxTotal: 20,
    selection: {
      state: { selected: new Set([1]), setSelected: jest.fn(), clear: jest.fn() },
      rowLabel: (row) => `Pilih ${row.name}`,
      bulk: { onDelete: jest.fn() },
    },
  });
  expect(screen.getByRole('navigation', { name: 'Navigasi halaman' })).toBeInTheDocument();
  expect(screen.getByText('20 baris')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Pilih Satu' })).toBeChecked();
  expect(screen.getByText(/1 terpilih/)).toBeInTheDocument();
});
