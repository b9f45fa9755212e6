import { parseListSearchParams } from '@sso/shared/ui-data';
import { USER_LIST_OPTIONS, toUserListQuery } from './user-list-params';

const read = (query: string) =>
  toUserListQuery(parseListSearchParams(new URLSearchParams(query), USER_LIST_OPTIONS));

describe('users list state in the URL', () => {
  it('defaults to page 1 of 10 with nothing else', () => {
    expect(read('')).toEqual({ page: 1, perPage: 10 });
  });

  it('reads search, filters, page and size', () => {
    expect(read('page=2&perPage=50&keyword=budi&perusahaan_id=3&cabang_id=12&role_id=4')).toEqual({
      page: 2,
      perPage: 50,
      keyword: 'budi',
      perusahaan_id: 3,
      cabang_id: 12,
      role_id: 4,
    });
  });

  it.each([
    ['page=abc', { page: 1, perPage: 10 }],
    ['page=-1&perPage=25', { page: 1, perPage: 10 }],
    ['perPage=0', { page: 1, perPage: 10 }],
    ['role_id=admin', { page: 1, perPage: 10 }],
    ['perusahaan_id=1.5&cabang_id=0', { page: 1, perPage: 10 }],
    ['keyword=%20%20', { page: 1, perPage: 10 }],
    ['role_id=%3Cscript%3E&page=3', { page: 3, perPage: 10 }],
    ['sortBy=password_hash&sort=desc', { page: 1, perPage: 10 }],
  ])('bad values fall back to defaults: %s', (query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it.each([
    ['sortBy=nama', { sortBy: 'nama', sort: 'asc' }],
    ['sortBy=role_name&sort=desc', { sortBy: 'role_name', sort: 'desc' }],
  ])('sends the sort of %s to the api', (query, sort) => {
    expect(read(query)).toEqual({ page: 1, perPage: 10, ...sort });
  });
});
