import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_ONLY_REASON, USER_NOT_COVERED_REASON, whyNot } from '@sso/shared/access';
import { menuItemTexts } from '@sso/shared/testing';
import { ActionButton } from './action-button';
import { DataTable, type DataTableColumn } from './data-table';
import { FilterFold } from './filter-fold';
import { KebabMenu } from './kebab-menu';
import type { RowId } from './row-selection';

describe('whyNot', () => {
  it('gives the reason of the first rule that does not hold, or undefined when all hold', () => {
    expect(whyNot([true, 'a'], [true, 'b'])).toBeUndefined();
    expect(whyNot([true, 'a'], [false, 'b'], [false, 'c'])).toBe('b');
    expect(whyNot()).toBeUndefined();
  });
});

describe('KebabMenu: an item the user may not take, with its reason', () => {
  const items = (onEdit: () => void, onDelete: () => void) => [
    { label: 'Lihat Detail', onSelect: jest.fn() },
    { label: 'Edit', onSelect: onEdit, disabledReason: USER_NOT_COVERED_REASON },
    { label: 'Hapus', onSelect: onDelete, tone: 'danger' as const, disabledReason: undefined },
  ];

  it('stays in the menu, reachable by the arrow keys, named by its label, described by its reason', async () => {
    const user = userEvent.setup();
    const onEdit = jest.fn();
    render(<KebabMenu label="Aksi untuk Budi" items={items(onEdit, jest.fn())} />);
    screen.getByRole('button', { name: 'Aksi untuk Budi' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(menuItemTexts()).toEqual(['Lihat Detail', `Edit (${USER_NOT_COVERED_REASON})`, 'Hapus']);
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription(USER_NOT_COVERED_REASON);
    // The reason is visible, not only announced.
    expect(within(edit).getByText(USER_NOT_COVERED_REASON)).toBeVisible();
    // Arrow keys reach it (Radix's own `disabled` would skip it).
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(edit).toHaveFocus();
    // Selecting it does nothing and keeps the menu open.
    await user.keyboard('{Enter}');
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('an available item acts as before', async () => {
    const user = userEvent.setup();
    const onDelete = jest.fn();
    render(<KebabMenu label="Aksi untuk Budi" items={items(jest.fn(), onDelete)} />);
    await user.click(screen.getByRole('button', { name: 'Aksi untuk Budi' }));
    const remove = await screen.findByRole('menuitem', { name: 'Hapus' });
    expect(remove).not.toHaveAttribute('aria-disabled');
    await user.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('ActionButton', () => {
  it('with a reason: focusable, aria-disabled, described by it, shows it on focus, ignores presses', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <form onSubmit={onClick}>
        <ActionButton type="submit" disabledReason={READ_ONLY_REASON} onClick={onClick}>
          Edit
        </ActionButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(READ_ONLY_REASON);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(READ_ONLY_REASON);
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('without one: a plain button that acts', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(<ActionButton onClick={onClick}>Edit</ActionButton>);
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('aria-describedby');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('FilterFold', () => {
  it('one "Filter" control that counts the filters set and opens them', async () => {
    const user = userEvent.setup();
    render(
      <FilterFold count={2}>
        <label>
          Filter role <select />
        </label>
      </FilterFold>,
    );
    const toggle = screen.getByRole('button', { name: 'Filter 2 aktif' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Filter role' }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel?.className).toMatch(/open/);
  });

  it('names no count when none is set', () => {
    render(<FilterFold count={0}>x</FilterFold>);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });
});

describe('DataTable: phone columns and selectable rows', () => {
  interface Person {
    id: number;
    name: string;
    nik: string;
    mine: boolean;
  }
  const people: Person[] = [
    { id: 1, name: 'Budi', nik: '100001', mine: true },
    { id: 2, name: 'Sari', nik: '100002', mine: false },
    { id: 3, name: 'Tono', nik: '100003', mine: false },
  ];
  const columns: DataTableColumn<Person>[] = [
    { id: 'name', header: 'Nama', phone: true, cell: (p) => p.name },
    { id: 'nik', header: 'NIK', cell: (p) => p.nik },
  ];

  function Harness() {
    const [selected, setSelected] = useState<ReadonlySet<RowId>>(new Set());
    return (
      <>
        <DataTable
          caption="Daftar orang"
          columns={columns}
          rows={people}
          getRowId={(p) => p.id}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (p) => `Pilih ${p.name}`,
            isSelectable: (p) => !p.mine,
          }}
        />
        <output>{[...selected].join(',')}</output>
      </>
    );
  }

  it('marks the cells of the columns not kept on phones, and only those', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Daftar orang' });
    expect(table.className).toMatch(/narrow/);
    expect(screen.getByRole('columnheader', { name: 'NIK' }).className).toMatch(/phoneHidden/);
    expect(screen.getByRole('columnheader', { name: 'Nama' }).className).not.toMatch(/phoneHidden/);
    expect(screen.getByRole('cell', { name: '100002' }).className).toMatch(/phoneHidden/);
    expect(screen.getByRole('cell', { name: 'Sari' }).className).not.toMatch(/phoneHidden/);
  });

  it('has no box column at all when no row of the page is selectable', () => {
    render(
      <DataTable
        caption="Daftar orang"
        columns={columns}
        rows={people.slice(0, 1)}
        getRowId={(p) => p.id}
        selection={{
          selected: new Set(),
          onChange: jest.fn(),
          rowLabel: (p) => `Pilih ${p.name}`,
          isSelectable: (p) => !p.mine,
        }}
      />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('offers a box only on selectable rows; select-all takes only those', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('checkbox', { name: 'Pilih Budi' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pilih Sari' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pilih semua' }));
    expect(screen.getByRole('status')).toHaveTextContent('2,3');
    expect(screen.getByRole('checkbox', { name: 'Pilih semua' })).toBeChecked();
  });
});
