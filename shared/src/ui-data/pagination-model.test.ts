import { pageCount, pageItems, pageSizeOptions } from './pagination-model';

const render = (current: number, total: number) =>
  pageItems(current, total)
    .map((i) => (i.type === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pageItems (spec 4: all pages up to 7, else first, last, current ± 1 with ellipses)', () => {
  test.each([
    [1, 1, '1'],
    [3, 5, '1 2 3 4 5'],
    [7, 7, '1 2 3 4 5 6 7'],
    [1, 8, '1 2 … 8'],
    [2, 8, '1 2 3 … 8'],
    [4, 8, '1 … 3 4 5 … 8'],
    [7, 8, '1 … 6 7 8'],
    [8, 8, '1 … 7 8'],
    [50, 100, '1 … 49 50 51 … 100'],
    [3, 100, '1 2 3 4 … 100'],
    [0, 10, '1 2 … 10'],
    [99, 10, '1 … 9 10'],
  ])('page %i of %i → %s', (current, total, expected) => {
    expect(render(current, total)).toBe(expected);
  });
});

describe('pageSizeOptions (spec 9: multiples of 10 up to the total)', () => {
  test.each([
    [0, 10, [10]],
    [5, 10, [10]],
    [10, 10, [10]],
    [11, 10, [10, 20]],
    [35, 10, [10, 20, 30, 40]],
    [35, 50, [10, 20, 30, 40, 50]],
  ])('total %i (current %i) → %j', (total, current, expected) => {
    expect(pageSizeOptions(total, current)).toEqual(expected);
  });
});

describe('pageSizeOptions with steps (a handful, whatever the total)', () => {
  const steps = [10, 20, 50, 100];
  test.each([
    [5, 10, [10]],
    [11, 10, [10, 20]],
    [35, 10, [10, 20, 50]],
    [35, 30, [10, 20, 30, 50]],
    [840, 10, [10, 20, 50, 100]],
    [1_000_000, 100, [10, 20, 50, 100]],
  ])('total %i (current %i) → %j', (total, current, expected) => {
    expect(pageSizeOptions(total, current, steps)).toEqual(expected);
  });
});

test('pageCount never drops below 1', () => {
  expect(pageCount(0, 10)).toBe(1);
  expect(pageCount(101, 10)).toBe(11);
  expect(pageCount(5, 0)).toBe(1);
});
