import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './data-table';
import { phoneTableWidth } from './data-table-parts';
import type { ListSort } from './list-search-params';
import type { RowId } from './row-selection';

interface Person {
  id: number;
  name: string;
}
const people: Person[] = [
  { id: 1, name: 'Budi' },
  { id: 2, name: 'Sari' },
  { id: 3, name: 'Tono' },
];
const columns: DataTableColumn<Person>[] = [{ id: 'name', header: 'Nama', cell: (p) => p.name }];

function Harness({
  rows = people,
  onRowClick = jest.fn(),
}: {
  rows?: Person[];
  onRowClick?: (p: Person) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<RowId>>(new Set());
  return (
    <>
      <DataTable
        caption="Daftar orang"
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        selection={{ selected, onChange: setSelected, rowLabel: (p) => `Pilih ${p.name}` }}
        onRowClick={onRowClick}
        actions={(p) => <button type="button">Aksi {p.name}</button>}
        empty={<p>Kosong</p>}
      />
      <output>{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, with a header row and one row per item', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Daftar orang' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: 'Nama' })).toBeInTheDocument();
  });

  it('selects all, shows mixed after one is removed, and clears all', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const all = screen.getByRole('checkbox', { name: 'Pilih semua' });
    await user.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('1,2,3');
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Sari' }));
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    await user.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('1,2,3');
    await user.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('calls onRowClick for a row click but not for its checkbox or actions', async () => {
    const user = userEvent.setup();
    const onRowClick = jest.fn();
    render(<Harness onRowClick={onRowClick} />);
    await user.click(screen.getByRole('checkbox', { name: 'Pilih Budi' }));
    await user.click(screen.getByRole('button', { name: 'Aksi Budi' }));
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(screen.getByText('Budi'));
    expect(onRowClick).toHaveBeenCalledWith(people[0]);
  });

  it('shows the empty content and a disabled select-all without rows', () => {
    render(<Harness rows={[]} />);
    expect(screen.getByText('Kosong')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih semua' })).toBeDisabled();
  });

  it('keeps table semantics when virtualized (many rows)', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Orang ${i + 1}` }));
    render(<Harness rows={many} />);
    const table = screen.getByRole('table', { name: 'Daftar orang' });
    // While the virtualizer's code loads: the first 50 rows, dimmed, but the table's true size.
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    // Then the virtual table: a window of rows (never all 1,000), the same size for screen readers.
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Daftar orang' })).not.toHaveAttribute('aria-busy'),
    );
    const virtual = screen.getByRole('table', { name: 'Daftar orang' });
    expect(virtual).toHaveAttribute('aria-rowcount', '1001');
    expect(within(virtual).getAllByRole('row').length).toBeLessThan(100);
    expect(screen.getByRole('checkbox', { name: 'Pilih semua' })).toBeEnabled();
  });

  it('sorts by a header button: aria-sort on the header, ascending first, then the other way', async () => {
    const user = userEvent.setup();
    const sortable: DataTableColumn<Person>[] = [
      { id: 'name', header: 'Nama', sortBy: 'nama', cell: (p) => p.name },
      { id: 'id', header: 'Nomor', cell: (p) => p.id },
    ];
    function Sorted() {
      const [current, setCurrent] = useState<ListSort | undefined>(undefined);
      return (
        <DataTable
          caption="Daftar orang"
          columns={sortable}
          rows={people}
          getRowId={(p) => p.id}
          sort={{ current, onSort: setCurrent }}
        />
      );
    }
    render(<Sorted />);
    const header = screen.getByRole('columnheader', { name: 'Nama' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    // A column without sortBy is plain text.
    expect(screen.getByRole('columnheader', { name: 'Nomor' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Nomor' })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Nama' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // Keyboard: the button takes focus and Enter flips the direction.
    within(header).getByRole('button', { name: 'Nama' }).focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.keyboard(' ');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('phoneTableWidth', () => {
  it('gives each column room on phones, plus the checkbox and actions columns', () => {
    const columns = [1, 2, 3].map((n) => ({ id: String(n), header: n, cell: () => n }));
    const base = { caption: 'x', columns, rows: [], getRowId: () => 1 };
    expect(phoneTableWidth(base)).toBe(450);
    expect(
      phoneTableWidth({
        ...base,
        selection: { selected: new Set(), onChange: () => undefined, rowLabel: () => '' },
        actions: () => null,
      }),
    ).toBe(554);
  });
});

describe('DataTable loading', () => {
  it('shows placeholder rows of the same cells while the first answer loads, busy for screen readers', () => {
    const columns: DataTableColumn<Person>[] = [
      { id: 'name', header: 'Nama', cell: (p) => p.name },
      { id: 'id', header: 'Id', cell: (p) => p.id },
    ];
    const { container, rerender } = render(
      <DataTable caption="Orang" columns={columns} rows={[]} getRowId={(p) => p.id} loading empty="Kosong" />,
    );
    const table = screen.getByRole('table', { name: 'Orang' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Kosong')).not.toBeInTheDocument();
    const placeholders = container.querySelectorAll('tbody tr[aria-hidden="true"]');
    expect(placeholders).toHaveLength(5);
    expect(placeholders[0]?.querySelectorAll('td')).toHaveLength(2);
    rerender(<DataTable caption="Orang" columns={columns} rows={people} getRowId={(p) => p.id} />);
    expect(table).not.toHaveAttribute('aria-busy');
    expect(within(table).getByText(people[0]!.name)).toBeInTheDocument();
  });
});
