import {
  VERSION_CONFLICT_MESSAGE,
  paths,
  roleListResponseSchema,
  roleResponseSchema,
  userResponseSchema,
} from '@sso/shared/contract';
import { createRolePayload, createUserPayload } from './test-support/factories';
import { call, expectError, expectOk } from './test-support/http';
import { useAdminTestApp } from './test-support/test-app';

/**
 * Issue 23: an edit page reads the record by id (never from its link), a save carries the version
 * it read, names are normalised and compared folded, path ids have one spelling.
 */
const t = useAdminTestApp();

const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, path, { token: t.token, body });
const newUser = async (overrides = {}) =>
  expectOk(await as('POST', paths.users.create, createUserPayload(overrides)), userResponseSchema, 201).data;
const newRole = async (overrides = {}) =>
  expectOk(await as('POST', paths.roles.create, createRolePayload(overrides)), roleResponseSchema, 201).data;
const getUser = async (id: number) =>
  expectOk(await as('GET', paths.users.detail(id)), userResponseSchema).data;
const getRole = async (id: number) =>
  expectOk(await as('GET', paths.roles.detail(id)), roleResponseSchema).data;

describe('GET one user and one role', () => {
  it('answers the user as stored, with its version, and the role the same way', async () => {
    const user = await newUser({ phone: '081200001111' });
    expect(user.version).toBe(1);
    expect(await getUser(user.id)).toEqual(user);
    const role = await newRole();
    expect(role.version).toBe(1);
    expect(await getRole(role.id)).toEqual(role);
  });

  it('answers 404 with an Indonesian message for a record that does not exist', async () => {
    expect(expectError(await as('GET', paths.users.detail(999_999)), 404).message).toBe(
      'User tidak ditemukan',
    );
    expect(expectError(await as('GET', paths.roles.detail(999_999)), 404).message).toBe(
      'Role tidak ditemukan',
    );
  });
});

describe('versions: no lost updates', () => {
  it('accepts the version it answered, then refuses the same (now stale) version with 409', async () => {
    const user = await newUser();
    const saved = expectOk(
      await as('PATCH', paths.users.update(user.id), { version: user.version, role_ids: [3] }),
      userResponseSchema,
    ).data;
    expect(saved).toMatchObject({ role_id: 3, version: user.version + 1 });

    const stale = await as('PATCH', paths.users.update(user.id), {
      version: user.version,
      phone: '081299990000',
    });
    expect(expectError(stale, 409).message).toBe(VERSION_CONFLICT_MESSAGE);
    expect(await getUser(user.id)).toEqual(saved);
  });

  it('refuses a stale role version and keeps the role as the other administrator saved it', async () => {
    const role = await newRole();
    const first = expectOk(
      await as('PATCH', paths.roles.update(role.id), { version: role.version, color_id: 5 }),
      roleResponseSchema,
    ).data;
    const second = await as('PATCH', paths.roles.update(role.id), {
      version: role.version,
      applications: [{ apps_id: 1, menus: [] }],
    });
    expect(expectError(second, 409).message).toBe(VERSION_CONFLICT_MESSAGE);
    expect(await getRole(role.id)).toEqual(first);
  });

  it('accepts a write without a version, as the spec payloads have none, and still raises the version', async () => {
    const user = await newUser();
    const full = createUserPayload({ nik: user.nik, phone: '081277776666' });
    const saved = expectOk(await as('PATCH', paths.users.update(user.id), full), userResponseSchema).data;
    expect(saved).toMatchObject({ phone: '081277776666', version: 2 });
    const role = await newRole();
    const renamed = expectOk(
      await as('PATCH', paths.roles.update(role.id), { name: `${role.name} B` }),
      roleResponseSchema,
    ).data;
    expect(renamed).toMatchObject({ name: `${role.name} B`, version: 2 });
  });

  it('changes only the fields sent: a partial payload keeps the others', async () => {
    const user = await newUser();
    const saved = expectOk(
      await as('PATCH', paths.users.update(user.id), { version: 1, role_ids: [4] }),
      userResponseSchema,
    ).data;
    expect(saved).toEqual({
      ...user,
      role_id: 4,
      role_name: saved.role_name,
      color_hex_code: saved.color_hex_code,
      version: 2,
    });
  });

  it('refuses a version that is not a positive integer (422 on the field)', async () => {
    const role = await newRole();
    const reply = await as('PATCH', paths.roles.update(role.id), { version: 'satu', color_id: 4 });
    expect(expectError(reply, 422).errors).toHaveProperty('version');
  });
});

describe('names', () => {
  it('stores names NFC-normalised and trimmed (no-break spaces too)', async () => {
    const decomposed = 'Re\u0301ka  Putri'; // e + combining acute
    const user = await newUser({ nama: `\u00a0 ${decomposed}\u00a0` });
    expect(user.nama).toBe('R\u00e9ka  Putri');
    const role = await newRole({ name: ' Aud\u0131tor Cabang\u3000' });
    expect(role.name).toBe('Aud\u0131tor Cabang');
  });

  it.each([
    ['NUL', 'Budi\u0000'],
    ['ESC', 'Budi\u001b[31m'],
    ['a new line', 'Budi\nSantoso'],
    ['a zero-width space', 'Budi\u200b'],
    ['a right-to-left override', '\u202eBudi'],
    ['a bidi isolate', 'Budi\u2066x\u2069'],
    ['a byte-order mark inside', 'Bu\ufeffdi'],
    ['a Hangul filler', 'Budi\u3164'],
  ])('refuses a name holding %s with 422 on its field, in Indonesian', async (_what, name) => {
    const user = expectError(await as('POST', paths.users.create, createUserPayload({ nama: name })), 422);
    expect(user.errors?.nama).toBe('Nama tidak boleh berisi karakter kontrol atau karakter tak terlihat');
    const role = expectError(await as('POST', paths.roles.create, createRolePayload({ name })), 422);
    expect(role.errors?.name).toBe(
      'Nama role tidak boleh berisi karakter kontrol atau karakter tak terlihat',
    );
    const existing = await newRole();
    const update = expectError(await as('PATCH', paths.roles.update(existing.id), { name }), 422);
    expect(update.errors?.name).toBeDefined();
  });

  it.each([
    ['a no-break space', 'Super\u00a0Admin'],
    ['two spaces', 'Super  Admin'],
    ['another case', 'SUPER admin'],
    ['full-width letters', '\uff33uper Admin'],
    ['a narrow no-break space', 'Super\u202fAdmin'],
  ])('refuses a role named like "Super Admin" with %s (409, nothing added)', async (_what, name) => {
    const before = expectOk(await as('GET', paths.roles.list), roleListResponseSchema).meta.total;
    const reply = await as('POST', paths.roles.create, createRolePayload({ name }));
    expect(expectError(reply, 409).errors?.name).toBe('Nama role sudah digunakan');
    expect(expectOk(await as('GET', paths.roles.list), roleListResponseSchema).meta.total).toBe(before);
  });

  it('refuses renaming a role to a look-alike of another, and accepts its own name re-spelt', async () => {
    const role = await newRole({ name: 'Kasir Toko' });
    const other = await newRole();
    const clash = await as('PATCH', paths.roles.update(other.id), { name: 'kasir\u00a0TOKO' });
    expect(expectError(clash, 409).errors?.name).toBe('Nama role sudah digunakan');
    const respelt = await as('PATCH', paths.roles.update(role.id), { name: 'KASIR TOKO' });
    expect(expectOk(respelt, roleResponseSchema).data.name).toBe('KASIR TOKO');
  });

  it('does not make user names unique (two people may share a name)', async () => {
    await newUser({ nama: 'Sari Dewi' });
    expect((await newUser({ nama: 'Sari\u00a0Dewi' })).nama).toBe('Sari\u00a0Dewi');
  });
});

describe('path ids: one spelling of a positive integer, else 404', () => {
  const cases = [
    '0x10',
    '002',
    '02',
    '+2',
    '-2',
    '0',
    '1e1',
    '2.0',
    '%202',
    '2%20',
    '１',
    '99999999999999999999',
  ];

  it.each(cases)('GET, PATCH and DELETE of user "%s" answer 404 and change nothing', async (raw) => {
    const user = await newUser();
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { role_ids: [3] }],
      ['DELETE', undefined],
    ] as const) {
      const reply = await call(t.app, method, `/api/v1/ap/users/${raw}`, { token: t.token, body });
      expect(expectError(reply, 404).message).toBe('User tidak ditemukan');
    }
    expect((await getUser(user.id)).version).toBe(1);
  });

  it.each(cases)('GET, PATCH and DELETE of role "%s" answer 404', async (raw) => {
    for (const [method, path, body] of [
      ['GET', `/api/v1/ap/role/detail/${raw}`, undefined],
      ['PATCH', `/api/v1/ap/role/update/${raw}`, { color_id: 4 }],
      ['DELETE', `/api/v1/ap/role/delete/${raw}`, undefined],
    ] as const) {
      const reply = await call(t.app, method, path, { token: t.token, body });
      expect(expectError(reply, 404).message).toBe('Role tidak ditemukan');
    }
  });

  it('still reads the plain spelling', async () => {
    const user = await newUser();
    expect((await getUser(user.id)).id).toBe(user.id);
    expect((await getRole(2)).id).toBe(2);
  });
});
