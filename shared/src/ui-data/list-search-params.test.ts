import { isPositiveIntParam, parseListSearchParams, writeListSearchParams } from './list-search-params';

const options = {
  filters: ['perusahaan_id', 'role_id'] as const,
  isValidFilter: (_key: string, value: string) => isPositiveIntParam(value),
  sortable: ['nama', 'role_name'],
};
const parse = (query: string) => parseListSearchParams(new URLSearchParams(query), options);

describe('parseListSearchParams', () => {
  it('reads defaults from an empty query', () => {
    expect(parse('')).toEqual({ page: 1, perPage: 10, keyword: '', filters: {} });
  });

  it('reads every field', () => {
    expect(parse('page=3&perPage=30&keyword=%20budi%20&perusahaan_id=2&role_id=7')).toEqual({
      page: 3,
      perPage: 30,
      keyword: 'budi',
      filters: { perusahaan_id: '2', role_id: '7' },
    });
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=1e3', { page: 1 }],
    ['page=99999999999', { page: 1 }],
    ['perPage=15', { perPage: 10 }],
    ['perPage=0', { perPage: 10 }],
    ['perPage=x', { perPage: 10 }],
    ['perPage=1000000', { perPage: 10 }],
    ['role_id=abc', { filters: {} }],
    ['role_id=0', { filters: {} }],
    ['role_id=', { filters: {} }],
    ['perusahaan_id=-1&role_id=4', { filters: { role_id: '4' } }],
  ])('a bad value falls back to its default: %s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it('caps a very long keyword', () => {
    expect(parse(`keyword=${'a'.repeat(300)}`).keyword).toHaveLength(100);
  });

  it.each([
    ['sortBy=nama', { by: 'nama', direction: 'asc' }],
    ['sortBy=role_name&sort=desc', { by: 'role_name', direction: 'desc' }],
    ['sortBy=nama&sort=sideways', { by: 'nama', direction: 'asc' }],
    ['sortBy=password_hash&sort=desc', undefined],
    ['sort=desc', undefined],
  ])('reads the sort of %s (only whitelisted columns)', (query, sort) => {
    expect(parse(query).sort).toEqual(sort);
  });

  it('ignores filters it was not told about', () => {
    expect(parse('cabang_id=3').filters).toEqual({});
  });
});

describe('writeListSearchParams', () => {
  it('leaves defaults out and keeps other parameters', () => {
    const written = writeListSearchParams(
      { page: 1, perPage: 10, keyword: ' ', filters: { role_id: '' } },
      options.filters,
      new URLSearchParams('role_id=3&tab=x'),
    );
    expect(written.toString()).toBe('tab=x');
  });

  it('round-trips a state', () => {
    const state = {
      page: 4,
      perPage: 50,
      keyword: 'sri',
      filters: { perusahaan_id: '9' },
      sort: { by: 'nama', direction: 'desc' as const },
    };
    const written = writeListSearchParams(state, options.filters);
    expect(written.toString()).toBe('page=4&perPage=50&keyword=sri&perusahaan_id=9&sortBy=nama&sort=desc');
    expect(parse(written.toString())).toEqual(state);
  });
});
