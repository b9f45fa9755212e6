import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterSelect, filterOptions, foldForSearch, type FilterSelectOption } from './filter-select';

const units: FilterSelectOption<number>[] = [
  { value: 1, label: 'BDG1 · Bandung Dago', group: 'PT Alpha' },
  { value: 2, label: 'JKT1 · Jakarta Pusat', group: 'PT Alpha' },
  { value: 3, label: 'SBY1 · Surabaya', group: 'PT Beta' },
];

describe('filterOptions', () => {
  it.each([
    ['', [1, 2, 3]],
    ['  ', [1, 2, 3]],
    ['jak', [2]],
    ['JAKARTA   pusat', [2]],
    // the group matches too: typing an AP lists its units
    ['beta', [3]],
    ['zzz', []],
  ])('%j → %j', (query, expected) => {
    expect(filterOptions(units, query).map((o) => o.value)).toEqual(expected);
  });

  it('ignores accents and case', () => {
    expect(foldForSearch('Ménara  Śurya')).toBe('menara surya');
    expect(filterOptions([{ value: 'x', label: 'Café Utama' }], 'cafe')).toHaveLength(1);
  });
});

function Harness({ initial = null as number | null, onChange = jest.fn() }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <FilterSelect
      label="Filter unit"
      clearLabel="Semua Unit"
      options={units}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('FilterSelect', () => {
  it('names its toggle button (axe: button-name)', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Pilihan Filter unit' })).toBeInTheDocument();
  });

  it('shows the chosen option, or the clear label, when closed', () => {
    const { unmount } = render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Filter unit' })).toHaveValue('Semua Unit');
    unmount();
    render(<Harness initial={3} />);
    expect(screen.getByRole('combobox', { name: 'Filter unit' })).toHaveValue('SBY1 · Surabaya');
  });

  it('filters the options as you type and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Filter unit' });
    await user.click(input);
    // open, the field is an empty search with the current choice as its placeholder
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Semua Unit');
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.keyboard('sura');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Semua Unit',
      'SBY1 · Surabaya, PT Beta',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue('SBY1 · Surabaya');
  });

  it('says No options when nothing matches, and the first option clears', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness initial={2} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Filter unit' });
    await user.click(input);
    await user.keyboard('qqq');
    expect(screen.getByText('No options')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Semua Unit' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('Semua Unit');
  });

  it('puts the typed text back to the chosen option when closed without choosing', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} />);
    const input = screen.getByRole('combobox', { name: 'Filter unit' });
    await user.click(input);
    await user.keyboard('xyz{Escape}');
    expect(input).toHaveValue('BDG1 · Bandung Dago');
  });

  it('lists options under their group heading, hidden from screen readers', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Filter unit' }));
    expect(screen.getByText('PT Alpha')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('option', { name: /^JKT1 · Jakarta Pusat\s*, PT Alpha$/ })).toHaveAttribute(
      'title',
      'JKT1 · Jakarta Pusat',
    );
  });
});
