import { texts } from './texts';

describe('namedUsers: a bulk question names up to five users and counts the rest', () => {
  const names = ['Adi', 'Budi', 'Cici', 'Dedi', 'Eka', 'Fajar', 'Gita', 'Hana'];
  it.each([
    [names.slice(0, 1), 1, 'Adi'],
    [names.slice(0, 2), 2, 'Adi dan Budi'],
    [names.slice(0, 5), 5, 'Adi, Budi, Cici, Dedi dan Eka'],
    [names.slice(0, 6), 6, 'Adi, Budi, Cici, Dedi, Eka dan 1 user lainnya'],
    [names, 8, 'Adi, Budi, Cici, Dedi, Eka dan 3 user lainnya'],
    [names.slice(0, 2), 40, 'Adi, Budi dan 38 user lainnya'],
    [[], 3, '3 user'],
  ])('%j of %i → %s', (given, count, expected) => {
    expect(texts.namedUsers(given, count)).toBe(expected);
  });
});
