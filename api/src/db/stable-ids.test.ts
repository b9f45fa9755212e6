import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { auditListResponseSchema, auditPaths, paths } from '@sso/shared/contract';
import { createAccount, sessionsOf } from '../test-support/accounts';
import { createApplicationPayload, createRolePayload, createUserPayload } from '../test-support/factories';
import { ADMIN, call, expectOk, loginWithNik, openSession } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openDatabase } from './database';
import { migrate } from './migrations';
import { sqliteStore } from './store';
import { seedIfEmpty } from './seed/seed';

const dir = mkdtempSync(join(tmpdir(), 'sso-stable-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const created = z.object({ data: z.object({ id: z.int().positive() }) });

/**
 * An api on `dbFile` with an administrator's token; `close()` keeps the file (a restart reopens it).
 * On PostgreSQL a restart passes the first start's `databaseUrl` (each test app gets a new database).
 */
async function start(dbFile: string, databaseUrl?: string) {
  const api: TestApp = await createTestApp({ dbFile, ...(databaseUrl ? { databaseUrl } : {}) });
  const { accessToken } = await openSession(api.app, ADMIN);
  const as = (method: 'POST' | 'DELETE' | 'GET', path: string, body?: unknown) =>
    call(api.app, method, path, { token: accessToken, body });
  return {
    api,
    token: accessToken,
    async createUser(nama: string) {
      return expectOk(await as('POST', paths.users.create, createUserPayload({ nama })), created, 201).data
        .id;
    },
    async createRole() {
      return expectOk(await as('POST', paths.roles.create, createRolePayload()), created, 201).data.id;
    },
    async createApp() {
      return expectOk(await as('POST', paths.applications.create, createApplicationPayload()), created, 201)
        .data.id;
    },
    async remove(path: string) {
      expect((await as('DELETE', path)).statusCode).toBe(200);
    },
    async history(userId: number) {
      return expectOk(
        await call(api.app, 'GET', auditPaths.list, {
          token: accessToken,
          query: { user: userId, perPage: 100 },
        }),
        auditListResponseSchema,
      ).data;
    },
  };
}

describe('ids are never given again', () => {
  it('users, roles and applications deleted and created again get new ids, before and after a restart', async () => {
    const dbFile = join(dir, 'restart.sqlite');
    const first = await start(dbFile);
    const adi = await first.createUser('Adi Anggraini');
    await first.remove(paths.users.remove(adi));
    const budi = await first.createUser('Budi Santoso');
    expect(budi).toBeGreaterThan(adi);

    const role = await first.createRole();
    await first.remove(paths.roles.remove(role));
    const role2 = await first.createRole();
    expect(role2).toBeGreaterThan(role);

    const app = await first.createApp();
    await first.remove(paths.applications.remove(app));
    const app2 = await first.createApp();
    expect(app2).toBeGreaterThan(app);

    // Budi's history is Budi's alone: Adi's creation and deletion name another id.
    const budiHistory = await first.history(budi);
    expect(budiHistory.map((e) => e.target_label)).toEqual(['Budi Santoso']);

    // The newest of each deleted, then the api stops: the next start must not hand the ids out again.
    await first.remove(paths.users.remove(budi));
    await first.remove(paths.roles.remove(role2));
    await first.remove(paths.applications.remove(app2));
    const lastEvent = (await first.history(budi))[0]?.id ?? 0;
    await first.api.app.close();

    const second = await start(dbFile, first.api.databaseUrl);
    try {
      const cici = await second.createUser('Cici Lestari');
      expect(cici).toBeGreaterThan(budi);
      expect(await second.createRole()).toBeGreaterThan(role2);
      expect(await second.createApp()).toBeGreaterThan(app2);
      const cicis = await second.history(cici);
      expect(cicis.map((e) => e.target_label)).toEqual(['Cici Lestari']);
      expect(cicis[0]?.id).toBeGreaterThan(lastEvent);
    } finally {
      await second.api.close();
    }
  });

  it('an ended login keeps its number: the next login of anyone gets a new one', async () => {
    const dbFile = join(dir, 'sessions.sqlite');
    const api = await start(dbFile);
    try {
      const account = await createAccount(api.api.app, api.token);
      await loginWithNik(api.api.app, account.nik, account.password);
      const [session] = await sessionsOf(api.api.app, api.token, account.id);
      expect(session).toBeDefined();
      // The user is deleted: their logins go with them (cascade), the numbers stay taken.
      await api.remove(paths.users.remove(account.id));
      const next = await createAccount(api.api.app, api.token);
      await loginWithNik(api.api.app, next.nik, next.password);
      const sessions = await sessionsOf(api.api.app, api.token, next.id);
      expect(sessions.length).toBeGreaterThan(0);
      for (const s of sessions) expect(s.id).toBeGreaterThan(session?.id ?? Infinity);
    } finally {
      await api.api.close();
    }
  });
});

describe('the migration to stable ids', () => {
  it('keeps every id and reference, and starts above ids deleted before it (as Log Aktivitas recorded them)', async () => {
    const file = join(dir, 'v8.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(old, 8); // before migration 9 (stable ids)
    await seedIfEmpty(sqliteStore(old), { users: 30, panelUrl: 'http://x' });
    const users = old
      .prepare<[], { id: number; role_id: number }>('SELECT id, role_id FROM users ORDER BY id')
      .all();
    const top = users[users.length - 1]?.id ?? 0;
    // The newest user was deleted before the upgrade; only the log remembers the id.
    old.prepare('DELETE FROM users WHERE id = ?').run(top);
    const memberships = old.prepare('SELECT COUNT(*) FROM user_branches').pluck().get();
    expect(memberships).toBeGreaterThan(0);
    old
      .prepare(
        `INSERT INTO audit_events (at, action, target_type, target_id, target_label, result, status)
         VALUES (1, 'user.delete', 'user', ?, 'Terhapus', 'done', 200)`,
      )
      .run(String(top));
    old.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT id, role_id FROM users ORDER BY id').all()).toEqual(users.slice(0, -1));
    expect(db.prepare('SELECT COUNT(*) FROM user_branches').pluck().get()).toBe(memberships);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO users (nama, nik, phone, email, role_id, created_at, updated_at)
         VALUES ('Baru', '999999', '0811', '', 1, 'x', 'x')`,
      )
      .run();
    expect(Number(lastInsertRowid)).toBe(top + 1);
    // The keyword index still follows the rebuilt table.
    expect(
      db.prepare('SELECT rowid FROM users_search WHERE users_search MATCH \'"Baru"\'').pluck().all(),
    ).toEqual([top + 1]);
    db.close();
  });
});
