import {
  applicationDetailResponseSchema,
  auditActivity,
  auditListResponseSchema,
  auditPaths,
  paths,
  roleResponseSchema,
  userResponseSchema,
  type AuditEvent,
  type AuditListQuery,
} from '@sso/shared/contract';
import { sql } from 'kysely';
import { ADMIN_ROUTES } from '../routes';
import { createApplicationPayload, createRolePayload, createUserPayload } from '../test-support/factories';
import { MODIFIER, VIEWER, call, csvLines, expectOk, openSession } from '../test-support/http';
import { openTestStore, useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp({ authMaxFailures: 3 });

const events = async (query: AuditListQuery = {}, token = t.token) => {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return expectOk(await call(t.app, 'GET', auditPaths.list, { token, query: q }), auditListResponseSchema);
};
const newest = async (query: AuditListQuery = {}): Promise<AuditEvent> => {
  const [event] = (await events({ ...query, perPage: 1 })).data;
  if (!event) throw new Error('no event');
  return event;
};
const createUser = async (overrides = {}) =>
  expectOk(
    await call(t.app, 'POST', paths.users.create, { token: t.token, body: createUserPayload(overrides) }),
    userResponseSchema,
    201,
  ).data;

describe('every write route of the access table records an event', () => {
  const writes = ADMIN_ROUTES.filter((row) => row.method !== 'GET');

  it('has write routes to check', () => {
    expect(writes.length).toBeGreaterThanOrEqual(6);
  });

  // A new write route declared in any admin table is checked here without an edit.
  it.each(writes.map((row) => [row.method, row.path, row] as const))('%s %s', async (method, path, row) => {
    const before = (await events()).meta.total;
    const url = path.replace(':id', '999999');
    const reply = await call(t.app, method, url, { token: t.token, body: { ids: [999998] } });
    expect(reply.statusCode).not.toBe(401);
    const after = await events();
    expect(after.meta.total).toBeGreaterThan(before);
    const event = after.data[0];
    expect(event?.status).toBe(reply.statusCode);
    expect(event?.actor_nik).toBe('100001');
    expect(event?.action).toMatch(row.action === 'readReference' ? /./ : /^[a-z]/);
  });
});

describe('administrative writes', () => {
  it('a user edit records actor, target, before → after, address and agent', async () => {
    const user = await createUser({ nama: 'Rina Santoso' });
    const created = await newest();
    expect(created).toMatchObject({ action: 'user.create', target_id: String(user.id), result: 'done' });
    expect(created.changes).toContainEqual({ field: 'Nama', before: null, after: 'Rina Santoso' });

    const reply = await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: t.token,
      body: { nama: 'Rina Santosa', role_ids: [3] },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(reply.statusCode).toBe(200);
    const event = await newest();
    expect(event).toMatchObject({
      actor_nik: '100001',
      actor_name: 'Administrator',
      action: 'user.update',
      target_type: 'user',
      target_id: String(user.id),
      target_label: 'Rina Santosa',
      result: 'done',
      status: 200,
      reason: null,
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
    });
    expect(event.changes).toEqual(
      expect.arrayContaining([
        { field: 'Nama', before: 'Rina Santoso', after: 'Rina Santosa' },
        { field: 'Role', before: 'Admin', after: 'Viewer' },
      ]),
    );
    expect(event.changes.map((c) => c.field)).not.toContain('NIK');
  });

  it('a role edit and a bulk delete: one event per role, with what was granted', async () => {
    const create = () =>
      call(t.app, 'POST', paths.roles.create, { token: t.token, body: createRolePayload() });
    const a = expectOk(await create(), roleResponseSchema, 201).data;
    const b = expectOk(await create(), roleResponseSchema, 201).data;
    const reply = await call(t.app, 'DELETE', paths.roles.bulkRemove, {
      token: t.token,
      body: { ids: [a.id, b.id] },
    });
    expect(reply.statusCode).toBe(200);
    const { data } = await events({ action: 'role.delete', perPage: 2 });
    expect(data.map((e) => e.target_id).sort()).toEqual([String(a.id), String(b.id)].sort());
    for (const event of data) {
      expect(event.changes).toContainEqual(
        expect.objectContaining({ field: 'Aplikasi', before: 'HRIS', after: null }),
      );
    }
  });

  it('an application edit records its fields and menu tree before → after; a logo upload is its own action', async () => {
    const app = expectOk(
      await call(t.app, 'POST', paths.applications.create, {
        token: t.token,
        body: createApplicationPayload(),
      }),
      applicationDetailResponseSchema,
      201,
    ).data;
    const created = await newest({ action: 'application.create' });
    expect(auditActivity(created)).toBe(`Menambah aplikasi ${app.name}`);
    const reply = await call(t.app, 'PATCH', paths.applications.update(app.id), {
      token: t.token,
      body: createApplicationPayload({ name: app.name, url: 'https://gudang.example.com', menus: [] }),
    });
    expect(reply.statusCode).toBe(200);
    const edited = await newest({ action: 'application.update' });
    expect(edited.target_id).toBe(String(app.id));
    expect(edited.changes).toContainEqual({
      field: 'URL',
      before: app.url,
      after: 'https://gudang.example.com',
    });
    expect(edited.changes).toContainEqual(
      expect.objectContaining({
        field: 'Menu',
        before: 'Dasbor, Laporan, Laporan › Laporan Harian',
        after: null,
      }),
    );
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const upload = await call(t.app, 'POST', paths.applications.logo, {
      token: t.token,
      body: { file_name: 'logo.png', data: png },
    });
    expect(upload.statusCode).toBeLessThan(300);
    const logo = await newest({ action: 'application.logo' });
    expect(auditActivity(logo)).toBe('Mengunggah logo aplikasi');
  });

  it('a refused attempt (403) is recorded with its reason and changes nothing', async () => {
    const user = await createUser();
    const modifier = await openSession(t.app, MODIFIER);
    const reply = await call(t.app, 'DELETE', paths.users.remove(user.id), { token: modifier.accessToken });
    expect(reply.statusCode).toBe(403);
    const event = await newest();
    expect(event).toMatchObject({
      actor_nik: MODIFIER.nik,
      action: 'user.delete',
      target_id: String(user.id),
      target_label: user.nama,
      result: 'refused',
      status: 403,
      reason: 'Anda tidak memiliki akses untuk tindakan ini',
      changes: [],
    });
  });

  it('invalid input is a failed event with the field message', async () => {
    await call(t.app, 'POST', paths.users.create, {
      token: t.token,
      body: { ...createUserPayload(), nama: '' },
    });
    expect(await newest()).toMatchObject({ action: 'user.create', result: 'failed', status: 422 });
    expect((await newest()).reason).toMatch(/Nama/);
  });
});

describe('sign-in events', () => {
  it('a failed login names the NIK and the reason; never the password', async () => {
    await call(t.app, 'POST', paths.auth.loginNik, { body: { nik: '100002', password: 'salah-sekali-123' } });
    const event = await newest({ action: 'auth' });
    expect(event).toMatchObject({
      action: 'auth.login_nik',
      actor_nik: '100002',
      actor_name: expect.any(String),
      result: 'failed',
      status: 422,
      reason: 'NIK atau password salah',
    });
    const { store, close } = openTestStore(t);
    const rows = await sql`SELECT * FROM audit_events`
      .execute(store.db)
      .then((result) => JSON.stringify(result.rows))
      .finally(close);
    expect(rows).toContain('"actor_nik":"100002"'); // the app's events, this one among them
    expect(rows).not.toContain('salah-sekali-123');
    expect(rows).not.toContain('admin123');
    expect(rows).not.toContain(t.token);
  });

  it('a login held for a second proof (202, issue 36) is refused, not done; an unknown NIK is kept as dots', async () => {
    for (let i = 0; i < 6; i += 1) {
      await call(t.app, 'POST', paths.auth.loginNik, { body: { nik: '777777', password: 'x' } });
    }
    const event = await newest({ action: 'auth.login_nik' });
    expect(event).toMatchObject({
      actor_id: null,
      actor_nik: '\u2022'.repeat(6),
      result: 'refused',
      status: 202,
      reason: 'Verifikasi tambahan diperlukan',
    });
  });

  it('login, session and logout of the viewer are recorded in order', async () => {
    const session = await openSession(t.app, VIEWER);
    await call(t.app, 'POST', paths.session.logout, { token: session.accessToken, body: {} });
    const { data } = await events({ perPage: 3 });
    expect(data.map((e) => [e.action, e.result, e.actor_nik])).toEqual([
      ['session.logout', 'done', VIEWER.nik],
      ['session.create', 'done', VIEWER.nik],
      ['auth.login_nik', 'done', VIEWER.nik],
    ]);
    expect(data[1]?.target_label).toBe('SSO Admin Panel');
  });
});

describe('reading', () => {
  it('filters by user (actor or target), result, action kind and dates', async () => {
    const user = await createUser();
    await call(t.app, 'PATCH', paths.users.update(user.id), {
      token: t.token,
      body: { nama: 'Nama Baru Filter' },
    });
    const byUser = await events({ user: user.id });
    expect(byUser.meta.total).toBe(2);
    expect(byUser.data.every((e) => e.target_id === String(user.id))).toBe(true);

    const admin = await events({ user: 1, perPage: 100 });
    expect(
      admin.data.every((e) => e.actor_id === 1 || (e.target_type === 'user' && e.target_id === '1')),
    ).toBe(true);

    expect(
      (await events({ result: 'refused', perPage: 100 })).data.every((e) => e.result === 'refused'),
    ).toBe(true);
    expect(
      (await events({ action: 'user', perPage: 100 })).data.every((e) => e.action.startsWith('user.')),
    ).toBe(true);
    expect((await events({ keyword: 'nama baru filter' })).data.map((e) => e.target_id)).toEqual([
      String(user.id),
    ]);

    const day = new Date(t.clock()).toISOString().slice(0, 10);
    expect((await events({ from: day, to: day })).meta.total).toBe((await events()).meta.total);
    expect((await events({ from: '2000-01-01', to: '2000-01-02' })).meta.total).toBe(0);
    // WIB (UTC+7): the test clock's 08:00 UTC is 15:00 the same day.
    expect((await events({ from: day, to: day, tz: 420 })).meta.total).toBe((await events()).meta.total);
    const asc = await events({ sort: 'asc', perPage: 1 });
    expect(asc.data[0]?.id).toBeLessThan((await newest()).id);
  });

  it('rejects bad filters with 422 and needs the Log Aktivitas menu (viewer of users: 403)', async () => {
    expect(
      (await call(t.app, 'GET', auditPaths.list, { token: t.token, query: { from: '2024-13-45' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await call(t.app, 'GET', auditPaths.list, { token: t.token, query: { result: 'ok' } })).statusCode,
    ).toBe(422);
    const viewer = await openSession(t.app, VIEWER);
    expect((await call(t.app, 'GET', auditPaths.list, { token: viewer.accessToken })).statusCode).toBe(403);
    const modifier = await openSession(t.app, MODIFIER);
    expect((await call(t.app, 'GET', auditPaths.list, { token: modifier.accessToken })).statusCode).toBe(200);
  });

  it('has no write route: POST, PATCH and DELETE on the log are 404', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      expect((await call(t.app, method, auditPaths.list, { token: t.token, body: {} })).statusCode).toBe(404);
    }
  });

  it('exports the filtered rows as CSV with a BOM, escaped and formula-safe', async () => {
    await createUser({ nama: '=HYPERLINK("x"), "Budi"' });
    const reply = await call(t.app, 'GET', auditPaths.export, {
      token: t.token,
      query: { action: 'user.create' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="log-aktivitas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = Buffer.from(
      await (
        await fetch(`http://127.0.0.1:${portOf()}/api/v1/sso${auditPaths.export}?action=user.create`, {
          headers: { authorization: `Bearer ${t.token}` },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(reply.body);
    expect(lines[0]).toMatch(/^Waktu \(UTC\),NIK Pelaku,Pelaku,Aktivitas,/);
    expect(lines.length - 1).toBe((await events({ action: 'user.create' })).meta.total);
    expect(reply.body).toContain(`,"'=HYPERLINK(""x""), ""Budi""",Berhasil,`);
  });
});

function portOf(): number {
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}
