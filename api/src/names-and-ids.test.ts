import {
  applicationDetailResponseSchema,
  auditListResponseSchema,
  auditPaths,
  paths,
  roleResponseSchema,
  userResponseSchema,
} from '@sso/shared/contract';
import { csvCell } from './audit/csv';
import { createApplicationPayload, createRolePayload, createUserPayload } from './test-support/factories';
import { ADMIN, call, expectError, expectOk } from './test-support/http';
import { useAdminTestApp } from './test-support/test-app';

/**
 * Issue 36, findings 7, 8 and 12, and the log's part of "must be true" 10: look-alike names across
 * scripts, format controls in stored text and sign-in attempts, one spelling of an id in a query or
 * a path, a typed NIK shown only when it names an account, CSV cells that could be formulas.
 */
const t = useAdminTestApp();

const ROLE_TAKEN = 'Nama role sudah digunakan';
const APP_TAKEN = 'Nama Aplikasi sudah digunakan';
const FORMAT = 'Teks tidak boleh berisi karakter kontrol atau karakter tak terlihat';

describe('look-alike names (finding 7)', () => {
  it.each([
    'Sup\u0435r Admin', // Cyrillic е
    '\u0405uper Admin', // Cyrillic Ѕ
    'Super \u0410dmin', // Cyrillic А
    'Super Adm\u0456n', // Cyrillic і
    'SUPER ADM\u0406N', // Cyrillic І, in capitals
    'Super \u0391dmin', // Greek Alpha
  ])('refuses the role %j beside "Super Admin", with the same message', async (name) => {
    const reply = await call(t.app, 'POST', paths.roles.create, {
      token: t.token,
      body: createRolePayload({ name }),
    });
    expect(expectError(reply, 409).errors).toEqual({ name: ROLE_TAKEN });
  });

  it.each(['\u041dRIS', 'HR\u0406S', '\u0397RIS', 'hr\u0456s'])(
    'refuses the application %j beside "HRIS", with the same message',
    async (name) => {
      const reply = await call(t.app, 'POST', paths.applications.create, {
        token: t.token,
        body: createApplicationPayload({ name }),
      });
      expect(expectError(reply, 409).errors).toEqual({ name: APP_TAKEN });
    },
  );

  it('still takes names that only share letters, and a rename of a role to its own look-alike is refused too', async () => {
    const role = expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: createRolePayload({ name: 'Supervisor Gudang' }),
      }),
      roleResponseSchema,
      201,
    ).data;
    expectOk(
      await call(t.app, 'POST', paths.applications.create, {
        token: t.token,
        body: createApplicationPayload({ name: 'HRIS Cabang' }),
      }),
      applicationDetailResponseSchema,
      201,
    );
    const rename = await call(t.app, 'PATCH', paths.roles.update(role.id), {
      token: t.token,
      body: { name: 'Sup\u0435r Admin', version: role.version },
    });
    expect(expectError(rename, 409).errors).toEqual({ name: ROLE_TAKEN });
  });
});

describe('format controls in stored text (finding 12)', () => {
  it('refuses bidi and zero-width characters in descriptions and reasons, naming the field', async () => {
    const role = await call(t.app, 'POST', paths.roles.create, {
      token: t.token,
      body: createRolePayload({ descriptions: 'Tim \u202egnaduG\u202c' }),
    });
    expect(expectError(role, 422).errors).toEqual({ descriptions: FORMAT });
    const app = await call(t.app, 'POST', paths.applications.create, {
      token: t.token,
      body: createApplicationPayload({ descriptions: 'Aplikasi\u2066 gudang' }),
    });
    expect(expectError(app, 422).errors).toEqual({ descriptions: FORMAT });
    const user = expectOk(
      await call(t.app, 'POST', paths.users.create, { token: t.token, body: createUserPayload() }),
      userResponseSchema,
      201,
    ).data;
    const status = await call(t.app, 'PATCH', paths.users.status(user.id), {
      token: t.token,
      body: { is_active: false, reason: 'cuti\u200b panjang' },
    });
    expect(expectError(status, 422).errors).toEqual({ reason: FORMAT });
    // A description on several lines is still text.
    expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: createRolePayload({ descriptions: 'Baris satu\nBaris dua' }),
      }),
      roleResponseSchema,
      201,
    );
  });
});

describe('one spelling of an id (finding 8)', () => {
  it.each(['0x1', '01', '+1', '1e0', ' 1', '1.0'])('users/list?role_id=%j is refused', async (roleId) => {
    const reply = await call(t.app, 'GET', paths.users.list, { token: t.token, query: { role_id: roleId } });
    expect(reply.statusCode).toBe(422);
  });

  it('users/list?role_id=1 reads role 1; page and perPage have one spelling too', async () => {
    expect(
      (await call(t.app, 'GET', paths.users.list, { token: t.token, query: { role_id: '1' } })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', paths.users.list, { token: t.token, query: { page: '0x1' } })).statusCode,
    ).toBe(422);
  });

  it('a session id 0x3 (or 03) in a path is a session that does not exist', async () => {
    for (const sessionId of ['0x3', '03', '3e0']) {
      const reply = await call(t.app, 'DELETE', paths.users.session(2, sessionId), { token: t.token });
      expect([sessionId, reply.statusCode]).toEqual([sessionId, 404]);
    }
  });
});

describe('the log shows a typed NIK only when it names an account (must be true 10)', () => {
  const attempts = async () =>
    expectOk(
      await call(t.app, 'GET', auditPaths.list, {
        token: t.token,
        query: { action: 'auth.login_nik', perPage: '5' },
      }),
      auditListResponseSchema,
    ).data;

  it('a password typed as NIK, or a NIK with bidi controls, is kept as dots; a known NIK as it is', async () => {
    const login = (nik: string) =>
      call(t.app, 'POST', paths.auth.loginNik, {
        body: { nik, password: 'salah-sekali', url: 'http://localhost:3000' },
      });
    await login('RahasiaKu-2024');
    let [event] = await attempts();
    expect(event?.actor_nik).toBe('\u2022'.repeat(14));
    await login('\u202e100001');
    [event] = await attempts();
    expect(event?.actor_nik).toBe('\u2022'.repeat(6));
    expect(JSON.stringify(event)).not.toContain('\u202e');
    await login(ADMIN.nik);
    [event] = await attempts();
    expect(event?.actor_nik).toBe(ADMIN.nik);
  });
});

describe('CSV cells that could be formulas (must be true 10)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['\u3000=HYPERLINK("x")', '"\'\u3000=HYPERLINK(""x"")"'],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\uff0bcmd', "'\uff0bcmd"],
    ['\uff20SUM(A1)', "'\uff20SUM(A1)"],
    ['\u22121', "'\u22121"],
    ['Budi = Admin', 'Budi = Admin'],
  ])('%j → %j', (cell, expected) => {
    expect(csvCell(cell)).toBe(expected);
  });
});
