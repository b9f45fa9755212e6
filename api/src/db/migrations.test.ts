import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { userListQuerySchema } from '@sso/shared/contract';
import { listUsers } from '../users/user-queries';
import { openDatabase, type Db } from './database';
import { migrate, schemaVersion } from './migrations';
import { sqliteStore } from './store';
import { seedIfEmpty } from './seed/seed';

const dir = mkdtempSync(join(tmpdir(), 'sso-migrations-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const logoUrl = (file: string) => `http://api.test/static/logos/${file}`;
const search = (db: Db, keyword: string) =>
  listUsers(sqliteStore(db), userListQuerySchema.parse({ keyword, perPage: '1000' }), logoUrl);
/** The definition of the keyword, straight in SQL (LIKE ignores ASCII case). */
const plainScan = (db: Db, keyword: string) =>
  db
    .prepare<{ p: string }, number>(
      `SELECT id FROM users WHERE nama LIKE @p ESCAPE '\\' OR nik LIKE @p ESCAPE '\\' OR phone LIKE @p ESCAPE '\\'
       ORDER BY created_at DESC, id DESC`,
    )
    .pluck()
    .all({ p: `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });

describe('migrations', () => {
  it('upgrade a file of schema version 22: an employee learns the AP of their account when it has one', async () => {
    const file = join(dir, 'v22.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(old, 22);
    await seedIfEmpty(sqliteStore(old), { users: 60, panelUrl: 'http://x' });
    old.close();

    const db = openDatabase(file);
    const rows = db
      .prepare<[], { nik: string; company_id: number | null; single: number | null }>(
        `SELECT e.nik, e.company_id,
           (SELECT MIN(uc.company_id) FROM users u JOIN user_companies uc ON uc.user_id = u.id
            WHERE u.nik = e.nik GROUP BY u.id HAVING COUNT(*) = 1) AS single
         FROM employees e ORDER BY e.id`,
      )
      .all();
    expect(rows.length).toBe(240);
    // The demo administrator's account is in four APs: which one employs them is not known.
    expect(rows.find((row) => row.nik === '100001')?.company_id).toBeNull();
    expect(rows.filter((row) => row.company_id !== null).length).toBeGreaterThan(10);
    expect(rows.every((row) => row.company_id === row.single)).toBe(true);
    // Employees without an account (ids above 60) stay unknown.
    expect(rows.slice(60).every((row) => row.company_id === null)).toBe(true);
    db.close();
  });

  it('upgrade a file of schema version 3: app 1 gains "Tambah Aplikasi", granted as "Daftar Aplikasi" is', async () => {
    const file = join(dir, 'v3.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(old, 3);
    await seedIfEmpty(sqliteStore(old), { users: 10, panelUrl: 'http://x' });
    // A file seeded before the sub-menu existed.
    old.prepare("DELETE FROM menus WHERE app_id = 1 AND name = 'Tambah Aplikasi'").run();
    old.close();

    const db = openDatabase(file);
    const grants = db
      .prepare<[], { role: string; menu: string; level: number; position: number }>(
        `SELECT r.name AS role, m.name AS menu, rm.access_level AS level, m.position FROM role_menus rm
         JOIN roles r ON r.id = rm.role_id JOIN menus m ON m.id = rm.menu_id
         WHERE m.app_id = 1 AND m.name IN ('Daftar Aplikasi', 'Tambah Aplikasi') ORDER BY r.id, m.position`,
      )
      .all()
      .map((g) => `${g.role} ${g.menu} ${g.level} ${g.position}`);
    expect(grants).toEqual([
      'Super Admin Daftar Aplikasi 1 1',
      'Super Admin Tambah Aplikasi 1 2',
      'Admin Daftar Aplikasi 2 1',
      'Admin Tambah Aplikasi 2 2',
      'Viewer Daftar Aplikasi 3 1',
      'Viewer Tambah Aplikasi 3 2',
      'Admin User Daftar Aplikasi 3 1',
      'Admin User Tambah Aplikasi 3 2',
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM app_logos').get()).toEqual({ n: 0 });
    db.close();
  });

  it('upgrade a file of schema version 1: the search index is built from the users it holds', async () => {
    const file = join(dir, 'v1.sqlite');
    const old = new Database(file);
    migrate(old, 1);
    await seedIfEmpty(sqliteStore(old), { users: 500, panelUrl: 'http://x' });
    old.prepare("UPDATE users SET nama = 'Nama Lama Diubah' WHERE id = 300").run();
    expect(old.pragma('user_version', { simple: true })).toBe(1);
    old.close();

    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(schemaVersion);
    // FTS5's own check that the index holds exactly the rows of `users`.
    expect(() =>
      db.prepare("INSERT INTO users_search (users_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    for (const keyword of ['sari', 'PUTRI', 'lama diubah', '1003', '0812', 'an', 'a']) {
      const found = await search(db, keyword);
      expect(found.data.map((u) => u.id)).toEqual(plainScan(db, keyword));
      expect(found.total).toBe(plainScan(db, keyword).length);
    }
    expect((await search(db, 'lama diubah')).data.map((u) => u.id)).toEqual([300]);
    db.close();

    // A second start finds nothing to do and keeps the data.
    const again = openDatabase(file);
    expect(again.pragma('user_version', { simple: true })).toBe(schemaVersion);
    expect((await search(again, 'lama diubah')).data.map((u) => u.id)).toEqual([300]);
    again.close();
  });

  it('create the latest schema on a fresh file, the index kept in step by triggers', async () => {
    const db = openDatabase(join(dir, 'fresh.sqlite'));
    await seedIfEmpty(sqliteStore(db), { users: 300, panelUrl: 'http://x' });
    db.prepare("UPDATE users SET nama = 'Baru Saja' WHERE id = 7").run();
    db.prepare('DELETE FROM users WHERE id = 8').run();
    expect(() =>
      db.prepare("INSERT INTO users_search (users_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    expect((await search(db, 'baru saja')).data.map((u) => u.id)).toEqual([7]);
    for (const keyword of ['sari', 'wati', '100008', 'zz']) {
      expect((await search(db, keyword)).data.map((u) => u.id)).toEqual(plainScan(db, keyword));
    }
    db.close();
  });

  it('refuse a file newer than this api', () => {
    const file = join(dir, 'newer.sqlite');
    const db = new Database(file);
    db.pragma(`user_version = ${schemaVersion + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(/newer than this api/);
  });

  it('upgrade a file of schema version 8 (issue 36): panel keys on app 1, no code in the outbox, typed NIKs as dots', async () => {
    const file = join(dir, 'v8.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(old, 8);
    await seedIfEmpty(sqliteStore(old), { users: 10, panelUrl: 'http://x' });
    // Before: a menu named as a panel menu added under App Management, a code in clear, a password typed as NIK.
    const apps = old
      .prepare<[], number>(
        "SELECT id FROM menus WHERE app_id = 1 AND parent_id IS NULL AND name = 'App Management'",
      )
      .pluck()
      .get();
    old
      .prepare("INSERT INTO menus (app_id, parent_id, name, position) VALUES (1, ?, 'Daftar User', 9)")
      .run(apps);
    old
      .prepare(
        "INSERT INTO outbox (to_target, code, purpose, created_at) VALUES ('0812', '667627', 'reset', 1)",
      )
      .run();
    const event = old.prepare(
      `INSERT INTO audit_events (at, actor_id, actor_nik, actor_name, action, result, status, changes)
       VALUES (1, ?, ?, NULL, 'auth.login_nik', 'failed', 422, NULL)`,
    );
    event.run(null, 'RahasiaKu');
    event.run(1, '100001');
    old.close();

    const db = openDatabase(file);
    try {
      expect(Number(db.pragma('user_version', { simple: true }))).toBe(schemaVersion);
      const keys = db
        .prepare<[], { name: string; panel_key: string | null; parent: string | null }>(
          `SELECT m.name, m.panel_key, p.name AS parent FROM menus m LEFT JOIN menus p ON p.id = m.parent_id
           WHERE m.app_id = 1 ORDER BY m.id`,
        )
        .all();
      expect(
        keys
          .filter((m) => m.panel_key !== null)
          .map((m) => m.panel_key)
          .sort(),
      ).toEqual(
        [
          'App Management',
          'Daftar Aplikasi',
          'Daftar Role',
          'Daftar User',
          'Home',
          'Log Aktivitas',
          'Peta Akses',
          'Role Management',
          'Settings',
          'Tambah Aplikasi',
          'Tambah Role',
          'Tambah User',
          'User Management',
        ].sort(),
      );
      // Peta Akses: one menu, read by every role that reads Log Aktivitas, at the same level.
      const levels = (key: string) =>
        db
          .prepare<[string], { role_id: number; access_level: number }>(
            `SELECT rm.role_id, rm.access_level FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
             WHERE m.panel_key = ? ORDER BY rm.role_id`,
          )
          .all(key);
      expect(keys.filter((m) => m.name === 'Peta Akses')).toHaveLength(1);
      expect(levels('Peta Akses')).toEqual(levels('Log Aktivitas'));
      expect(levels('Peta Akses').length).toBeGreaterThan(0);
      // The "Daftar User" under App Management is no panel menu: it has no key.
      expect(
        keys.find((m) => m.name === 'Daftar User' && m.parent === 'App Management')?.panel_key,
      ).toBeNull();
      expect(keys.find((m) => m.name === 'Daftar User' && m.parent === 'User Management')?.panel_key).toBe(
        'Daftar User',
      );
      expect(db.prepare('SELECT COUNT(*) FROM outbox').pluck().get()).toBe(0);
      expect(db.prepare('SELECT actor_nik FROM audit_events ORDER BY id').pluck().all()).toEqual([
        '\u2022'.repeat(9),
        '100001',
      ]);
      // The keyword index follows: the typed text is found nowhere, the known NIK still is.
      expect(
        db.prepare('SELECT COUNT(*) FROM audit_search WHERE audit_search MATCH \'"Rahasia"\'').pluck().get(),
      ).toBe(0);
      expect(
        db.prepare('SELECT COUNT(*) FROM audit_search WHERE audit_search MATCH \'"100001"\'').pluck().get(),
      ).toBe(1);
      // The log is append-only again.
      expect(() => db.prepare("UPDATE audit_events SET actor_nik = 'x'").run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });
});
