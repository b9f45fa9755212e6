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
    [2, 10, 123, 'Menampilkan102050100per halaman11–20 dari 123'],
    [13, 10, 123, 'Menampilkan102050100per halaman121–123 dari 123'],
    [1, 10, 0, 'Menampilkan10per halaman0 dari 0'],
  ])('page %i of size %i over %i rows', (page, size, total, text) => {
    const nav = bar(page, size, total);
    expect(nav.querySelector('div')?.textContent).toBe(text);
    expect(screen.getByRole('combobox', { name: 'Menampilkan' })).toHaveValue(String(size));
  });
});
