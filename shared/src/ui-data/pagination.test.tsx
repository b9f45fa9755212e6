import { render, screen } from '@testing-library/react';
import { Pagination } from './pagination';

const bar = (page: number, pageSize: number, total: number) => {
  render(
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      onPageChange={jest.fn()}
      onPageSizeChange={jest.fn()}
    />,
  );
  return screen.getByRole('navigation', { name: 'Navigasi halaman' });
};

describe('Pagination counts the rows shown', () => {
  it.each([
    [1, 10, 7, 'Menampilkan10per halaman1–7 dari 7'],
    [2, 10, 23, 'Menampilkan102030per halaman11–20 dari 23'],
    [3, 10, 23, 'Menampilkan102030per halaman21–23 dari 23'],
    [1, 10, 0, 'Menampilkan10per halaman0 dari 0'],
  ])('page %i of size %i over %i rows', (page, size, total, text) => {
    const nav = bar(page, size, total);
    expect(nav.querySelector('div')?.textContent).toBe(text);
    expect(screen.getByRole('combobox', { name: 'Menampilkan' })).toHaveValue(String(size));
  });
});

it('offers only the given sizes when told (Log Aktivitas)', () => {
  render(
    <Pagination
      page={1}
      pageSize={10}
      total={840}
      pageSizes={[10, 20, 50, 100]}
      onPageChange={jest.fn()}
      onPageSizeChange={jest.fn()}
    />,
  );
  const sizes = screen.getAllByRole('option').map((option) => option.textContent);
  expect(sizes).toEqual(['10', '20', '50', '100']);
});
