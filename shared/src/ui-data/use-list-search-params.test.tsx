import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { preloadVirtualTable } from './data-table';
import { useListSearchParams } from './use-list-search-params';
import { isPositiveIntParam, type ListSearchState } from './list-search-params';

// The virtual table's loader, watched (the hook starts it for long pages).
jest.mock('./data-table', () => ({ VIRTUALIZE_ABOVE: 50, preloadVirtualTable: jest.fn() }));

const OPTIONS = {
  filters: ['role_id', 'perusahaan_id'] as const,
  isValidFilter: (_k: string, v: string) => isPositiveIntParam(v),
  sortable: ['nama', 'nik'],
};

function setup(url: string, onNext?: (next: ListSearchState<'role_id' | 'perusahaan_id'>) => void) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const list = useListSearchParams(OPTIONS, onNext);
      const location = useLocation();
      return { list, search: location.search };
    },
    { wrapper },
  );
}

describe('useListSearchParams', () => {
  it('reads the URL, with bad values at their defaults', () => {
    const { result } = setup('/x?page=2&perPage=7&role_id=3&perusahaan_id=abc');
    expect(result.current.list).toMatchObject({
      page: 2,
      perPage: 10,
      keyword: '',
      filters: { role_id: '3' },
    });
  });

  it('clears the search and every filter at once, keeping page size and sort', () => {
    const { result } = setup(
      '/x?keyword=budi&role_id=3&perusahaan_id=2&page=4&perPage=20&sortBy=nama&sort=desc',
    );
    expect(result.current.list.isFiltered).toBe(true);
    act(() => result.current.list.clearFilters());
    expect(result.current.search).toBe('?perPage=20&sortBy=nama&sort=desc');
    expect(result.current.list.isFiltered).toBe(false);
  });

  it('moves pages and keeps the rest', () => {
    const { result } = setup('/x?keyword=budi');
    act(() => result.current.list.setPage(3));
    expect(result.current.search).toBe('?keyword=budi&page=3');
  });

  it.each([
    [
      'setKeyword',
      (l: ReturnType<typeof useListSearchParams<'role_id' | 'perusahaan_id'>>) => l.setKeyword('sari'),
      '?keyword=sari',
    ],
    [
      'setPerPage',
      (l: ReturnType<typeof useListSearchParams<'role_id' | 'perusahaan_id'>>) => l.setPerPage(20),
      '?perPage=20',
    ],
    [
      'setFilter',
      (l: ReturnType<typeof useListSearchParams<'role_id' | 'perusahaan_id'>>) => l.setFilter('role_id', '5'),
      '?role_id=5',
    ],
    [
      'setSort',
      (l: ReturnType<typeof useListSearchParams<'role_id' | 'perusahaan_id'>>) =>
        l.setSort({ by: 'nama', direction: 'desc' }),
      '?sortBy=nama&sort=desc',
    ],
  ])('%s resets to page 1', (_name, change, expected) => {
    const { result } = setup('/x?page=4');
    act(() => change(result.current.list));
    expect(result.current.search).toBe(expected);
    expect(result.current.list.page).toBe(1);
  });

  it('clears a filter with null', () => {
    const { result } = setup('/x?role_id=5&perusahaan_id=2');
    act(() => result.current.list.setFilter('role_id', null));
    expect(result.current.search).toBe('?perusahaan_id=2');
  });

  it('keeps the sort in the URL with the other list state, and clears it with null', () => {
    const { result } = setup('/x?keyword=budi&sortBy=nik&sort=desc&page=2');
    expect(result.current.list.sort).toEqual({ by: 'nik', direction: 'desc' });
    act(() => result.current.list.setPage(3));
    expect(result.current.list.sort).toEqual({ by: 'nik', direction: 'desc' });
    act(() => result.current.list.setSort(null));
    expect(result.current.search).toBe('?keyword=budi');
  });

  it('starts loading the virtual table at the change to a long page, before the page re-renders', () => {
    const preload = jest.mocked(preloadVirtualTable);
    preload.mockClear();
    let preloadsAtChange = 0;
    const { result } = setup('/x', () => (preloadsAtChange = preload.mock.calls.length));
    act(() => result.current.list.setPerPage(20));
    expect(preload).not.toHaveBeenCalled();
    act(() => result.current.list.setPerPage(1000));
    expect(preloadsAtChange).toBe(1);
  });
});
