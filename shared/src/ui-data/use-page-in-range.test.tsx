import { renderHook } from '@testing-library/react';
import { usePageInRange, type ListQueryResult } from './use-page-in-range';

const answer = (rows: number, total: number, isPlaceholderData = false): ListQueryResult => ({
  data: { data: Array.from({ length: rows }, (_, i) => ({ id: i })), meta: { total } },
  isPlaceholderData,
});

function setup(page: number, query: ListQueryResult) {
  const update = jest.fn();
  const { result } = renderHook(() => usePageInRange({ page, perPage: 10, update }, query));
  return { update, lastPage: result.current };
}

describe('usePageInRange (a page past the end moves to the last page)', () => {
  it.each([
    ['a stale link past the end', 9, answer(0, 35), 4],
    ['the last rows of the last page deleted', 4, answer(0, 30), 3],
    ['nothing left at all', 3, answer(0, 0), 1],
  ])('%s: replaces the entry with the last page', (_case, page, query, last) => {
    const { update, lastPage } = setup(page, query);
    expect(lastPage).toBe(last);
    expect(update).toHaveBeenCalledWith({ page: last }, { replace: true });
  });

  it.each([
    ['a page in range', 2, answer(10, 35)],
    ['the previous page standing in while the next one loads', 9, answer(0, 35, true)],
    ['no answer yet', 9, { data: undefined, isPlaceholderData: false }],
    ['an empty first page', 1, answer(0, 0)],
  ])('%s: stays', (_case, page, query) => {
    expect(setup(page, query).update).not.toHaveBeenCalled();
  });
});
