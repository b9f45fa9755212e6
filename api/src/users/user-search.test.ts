import {
  paths,
  userListResponseSchema,
  userResponseSchema,
  type User,
  type UserListQuery,
} from '@sso/shared/contract';
import { createUserPayload } from '../test-support/factories';
import { branchesOf, call, listUsers, expectOk } from '../test-support/http';
import { openTestStore, useAdminTestApp } from '../test-support/test-app';

/**
 * The users-list keyword: a substring of nama, nik or phone, ignoring ASCII case, every character
 * literal. Keywords of 3 characters or more go through the trigram index, shorter ones scan; both
 * must answer exactly what this plain filter over the whole list answers, with the same order,
 * pages and meta.total.
 */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const matches = (user: User, keyword: string) =>
  [user.nama, user.nik, user.phone].some((value) => fold(value).includes(fold(keyword.trim())));

const t = useAdminTestApp();
let branch: number;

const list = (query: UserListQuery = {}) => listUsers(t.app, t.token, query);
const everyone = async (query: UserListQuery = {}) => (await list({ ...query, perPage: 1000 })).data;
const createOk = async (overrides: Parameters<typeof createUserPayload>[0]) =>
  expectOk(
    await call(t.app, 'POST', paths.users.create, { token: t.token, body: createUserPayload(overrides) }),
    userResponseSchema,
    201,
  ).data;

const NAMES = [
  'Zoë Ñandú Putri',
  "Siti O'Brien",
  'Budi "Bud" 50%_off',
  'Dewi (NEAR) AND* x:y',
  'ANDI SARIPUDIN',
  'Back\\slash Wati',
];

beforeAll(async () => {
  [branch = 0] = await branchesOf(t.app, t.token, 1);
  for (const [index, nama] of NAMES.entries()) {
    await createOk({
      nama,
      nik: `Nik-Ab${index}x`,
      phone: `08577${index}12345${index}`,
      role_ids: [index % 2 === 0 ? 2 : 3],
      perusahaan: [
        {
          perusahaan_id: 1,
          perusahaan_name: 'x',
          cabang: index % 3 === 0 ? [{ cabang_id: branch, cabang_name: 'x' }] : [],
        },
      ],
    });
  }
});

const KEYWORDS = [
  // one and two characters (no trigram: scanned)
  'a',
  'A',
  'z',
  'an',
  'AN',
  'ë',
  '%',
  '_',
  "'",
  '"',
  '\\',
  '*',
  '(',
  // three and more (trigram index)
  'sar',
  'SARI',
  'sari',
  'ari',
  'putri',
  'Zoë',
  'zoë ñ',
  'andú',
  'o’b',
  "o'b",
  "O'BRIEN",
  '"Bud"',
  '50%',
  '%_o',
  '0%_',
  '(near)',
  'AND*',
  'x:y',
  'k\\s',
  '100',
  '10001',
  '0812',
  '8123',
  '12345',
  'nik-ab',
  'B2X',
  '77312',
  'i p',
  ' wati ',
  "' OR 1=1 --",
  '" ; DROP TABLE users; --',
  'NEAR',
  'OR',
  'zzzz',
];

describe('users list keyword', () => {
  it.each(KEYWORDS)('%j matches nama, nik or phone as a substring, ignoring ASCII case', async (keyword) => {
    const all = await everyone();
    const expected = all.filter((user) => matches(user, keyword));
    const body = await list({ keyword, perPage: 1000 });
    expect(body.data.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    expect(body.meta.total).toBe(expected.length);
  });

  it('finds the users it was given, including characters outside ASCII and search syntax', async () => {
    const names = async (keyword: string) => (await everyone({ keyword })).map((u) => u.nama);
    expect(await names('zoë')).toEqual(['Zoë Ñandú Putri']);
    expect(await names("o'brien")).toEqual(["Siti O'Brien"]);
    expect(await names('"bud" 50%_')).toEqual(['Budi "Bud" 50%_off']);
    expect(await names('(near) and*')).toEqual(['Dewi (NEAR) AND* x:y']);
    expect(await names('k\\slash')).toEqual(['Back\\slash Wati']);
    expect(await names('%_')).toEqual(['Budi "Bud" 50%_off']);
    expect((await list({ keyword: '_' })).meta.total).toBe(1);
    expect((await everyone({ keyword: 'nik-AB3' })).map((u) => u.nik)).toEqual(['Nik-Ab3x']);
    expect((await everyone({ keyword: '773123453' })).map((u) => u.nama)).toEqual(['Dewi (NEAR) AND* x:y']);
  });

  it.each([
    { role_id: 2 },
    { role_id: 3 },
    { perusahaan_id: 1 },
    { perusahaan_id: 2 },
    { sortBy: 'nama' },
    { sortBy: 'nama', sort: 'desc' },
    { sortBy: 'role_name' },
    { sortBy: 'role_name', sort: 'desc', perusahaan_id: 1 },
    { sortBy: 'phone', role_id: 3 },
  ] as const)('combines with %j, in the same order and pages as without a keyword', async (query) => {
    const all = await everyone(query);
    for (const keyword of ['a', 'an', 'sar', 'SARI', 'putri', '081', "o'b", 'zzzz']) {
      const expected = all.filter((user) => matches(user, keyword));
      const body = await list({ ...query, keyword, perPage: 1000 });
      expect(body.data.map((u) => u.id)).toEqual(expected.map((u) => u.id));
      expect(body.meta.total).toBe(expected.length);
      const page2 = await list({ ...query, keyword, page: 2, perPage: 3 });
      expect(page2.data.map((u) => u.id)).toEqual(expected.slice(3, 6).map((u) => u.id));
      expect(page2.meta.total).toBe(expected.length);
    }
  });

  it('combines with a unit filter', async () => {
    const all = await everyone({ cabang_id: branch });
    expect(all.length).toBeGreaterThan(0);
    for (const keyword of ['a', 'sar', 'putri', 'wati']) {
      const body = await list({ cabang_id: branch, keyword, perPage: 1000 });
      expect(body.data.map((u) => u.id)).toEqual(all.filter((u) => matches(u, keyword)).map((u) => u.id));
    }
  });

  it('answers a keyword with a NUL character like any other text', async () => {
    const reply = await call(t.app, 'GET', paths.users.list, {
      token: t.token,
      query: { keyword: 'sa\u0000ri' },
    });
    expect(reply.statusCode).toBe(200);
  });

  it('follows creates, updates and deletes', async () => {
    const user = await createOk({ nama: 'Kartika Qwertania', phone: '081999888777' });
    const ids = async (keyword: string) => (await everyone({ keyword })).map((u) => u.id);
    expect(await ids('qwertan')).toEqual([user.id]);
    expect(await ids('99888')).toEqual([user.id]);

    expectOk(
      await call(t.app, 'PATCH', paths.users.update(user.id), {
        token: t.token,
        body: { nama: 'Kartika Asdfghania', phone: '081555444333' },
      }),
      userResponseSchema,
    );
    expect(await ids('qwertan')).toEqual([]);
    expect(await ids('99888')).toEqual([]);
    expect(await ids('ASDFGH')).toEqual([user.id]);
    expect(await ids('55444')).toEqual([user.id]);
    expect(await ids(user.nik)).toEqual([user.id]);

    await call(t.app, 'DELETE', paths.users.remove(user.id), { token: t.token });
    expect(await ids('asdfgh')).toEqual([]);
    expect(await ids(user.nik)).toEqual([]);
  });
});

describe('users list answers', () => {
  it('show companies and units changed since the last read', async () => {
    const user = await createOk({ nama: 'Pindah Kantor Zyx' });
    const companiesOf = async () =>
      (await everyone({ keyword: 'kantor zyx' }))[0]?.perusahaan.map((p) => p.perusahaan_id);
    expect(await companiesOf()).toEqual([1]);
    expectOk(
      await call(t.app, 'PATCH', paths.users.update(user.id), {
        token: t.token,
        body: { perusahaan: [{ perusahaan_id: 3, cabang: [] }] },
      }),
      userResponseSchema,
    );
    expect(await companiesOf()).toEqual([3]);
  });

  it('show what another connection wrote to the database file', async () => {
    const before = (await list({ perusahaan_id: 1, perPage: 1 })).data[0];
    expect(before?.perusahaan.find((p) => p.perusahaan_id === 1)?.perusahaan_name).toBe(
      'PT. Sinar Niaga Sejahtera',
    );
    // Another connection: a second handle on the app's database (the file, or the PostgreSQL database).
    const other = openTestStore(t);
    try {
      await other.store.db
        .updateTable('companies')
        .set({ nama: 'PT. Sinar Niaga Baru' })
        .where('id', '=', 1)
        .execute();
      await other.store.db
        .updateTable('users')
        .set({ nama: 'Diubah Di Luar' })
        .where('id', '=', before?.id ?? 0)
        .execute();
    } finally {
      await other.close();
    }
    const after = (await list({ perusahaan_id: 1, perPage: 1 })).data[0];
    expect(after?.nama).toBe('Diubah Di Luar');
    expect(after?.perusahaan.find((p) => p.perusahaan_id === 1)?.perusahaan_name).toBe(
      'PT. Sinar Niaga Baru',
    );
    expect((await list({ keyword: 'di luar' })).data.map((u) => u.id)).toEqual([before?.id]);
  });

  it('are the bytes JSON.stringify gives for the same data', async () => {
    const reply = await call(t.app, 'GET', paths.users.list, { token: t.token, query: { perPage: '50' } });
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.body).toBe(JSON.stringify(JSON.parse(reply.body)));
    const body = userListResponseSchema.parse(reply.json());
    expect(Object.keys(reply.json() as object)).toEqual(['message', 'data', 'meta']);
    expect(body.data.length).toBe(50);
  });
});
