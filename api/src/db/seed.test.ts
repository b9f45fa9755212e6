import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from './database';
import { schemaVersion } from './migrations';
import { sqliteStore } from './store';
import { seedIfEmpty } from './seed/seed';

const dir = mkdtempSync(join(tmpdir(), 'sso-seed-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
async function freshDb(users = 64): Promise<Db> {
  counter += 1;
  const db = openDatabase(join(dir, `seed-${counter}.sqlite`));
  await seedIfEmpty(sqliteStore(db), { users, panelUrl: 'http://localhost:3000' });
  return db;
}

const count = (db: Db, sql: string) => db.prepare<[], { n: number }>(sql).get()?.n ?? -1;
const snapshot = (db: Db) =>
  JSON.stringify([
    db.prepare('SELECT id, nama, nik, phone, email, role_id, created_at FROM users ORDER BY id').all(),
    db.prepare('SELECT * FROM user_branches ORDER BY user_id, branch_id').all(),
    db.prepare('SELECT * FROM branches ORDER BY id').all(),
    db.prepare('SELECT * FROM employees ORDER BY id').all(),
  ]);

describe('seed', () => {
  it('is deterministic', async () => {
    const a = await freshDb();
    const b = await freshDb();
    expect(snapshot(a)).toBe(snapshot(b));
    a.close();
    b.close();
  });

  it('holds the demo data the panel needs', async () => {
    const db = await freshDb();
    expect(count(db, 'SELECT COUNT(*) AS n FROM companies')).toBeGreaterThanOrEqual(6);
    const perCompany = db
      .prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM branches GROUP BY company_id')
      .all();
    expect(perCompany.every((r) => r.n >= 3 && r.n <= 8)).toBe(true);
    expect(count(db, 'SELECT COUNT(*) AS n FROM applications')).toBeGreaterThanOrEqual(3);
    expect(count(db, 'SELECT COUNT(*) AS n FROM menus WHERE parent_id IS NOT NULL')).toBeGreaterThan(10);
    expect(
      count(
        db,
        "SELECT COUNT(*) AS n FROM colors WHERE hex_code GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'",
      ),
    ).toBeGreaterThanOrEqual(8);
    expect(count(db, 'SELECT COUNT(*) AS n FROM employees')).toBeGreaterThanOrEqual(200);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users')).toBe(64);
    expect(count(db, 'SELECT COUNT(DISTINCT no_hp) AS n FROM employees')).toBe(
      count(db, 'SELECT COUNT(*) AS n FROM employees'),
    );
    const admin = db.prepare("SELECT nama, phone, email, role_id FROM users WHERE nik = '100001'").get();
    expect(admin).toEqual({
      nama: 'Administrator',
      phone: '081234567890',
      email: 'admin@sso.local',
      role_id: 1,
    });
    db.close();
  });

  it('seeds the demo accounts with their roles and app-1 grants per menu', async () => {
    const db = await freshDb();
    const roleOf = db.prepare<[string], { name: string }>(
      'SELECT r.name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.nik = ?',
    );
    expect(['100001', '100002', '100003', '100004'].map((nik) => roleOf.get(nik)?.name)).toEqual([
      'Super Admin',
      'Viewer',
      'HR Manager',
      'Admin',
    ]);
    const panelGrants = (role: string) =>
      db
        .prepare<[string], { menu: string; level: number }>(
          `SELECT m.name AS menu, rm.access_level AS level FROM role_menus rm
           JOIN roles r ON r.id = rm.role_id JOIN menus m ON m.id = rm.menu_id
           WHERE r.name = ? AND m.app_id = 1 ORDER BY m.id`,
        )
        .all(role)
        .map((g) => `${g.menu}:${g.level}`);
    const panelOnly = (level: number) =>
      [
        'Home',
        'User Management',
        'Daftar User',
        'Tambah User',
        'Role Management',
        'Daftar Role',
        'Tambah Role',
        'App Management',
        'Daftar Aplikasi',
        'Tambah Aplikasi',
      ].map((menu) => `${menu}:${level}`);
    expect(panelGrants('Viewer')).toEqual(panelOnly(3));
    // Admin (NIK 100004) also reads Log Aktivitas and Peta Akses.
    expect(panelGrants('Admin')).toEqual([...panelOnly(2), 'Log Aktivitas:3', 'Peta Akses:3']);
    expect(panelGrants('HR Manager')).toEqual([]);
    expect(panelGrants('Super Admin')).toHaveLength(
      count(db, 'SELECT COUNT(*) AS n FROM menus WHERE app_id = 1'),
    );
    expect(panelGrants('Super Admin').every((g) => g.endsWith(':1'))).toBe(true);
    const grantsApp1 = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM role_apps ra JOIN roles r ON r.id = ra.role_id WHERE r.name = ? AND ra.app_id = 1',
    );
    expect(['Super Admin', 'Admin', 'Viewer', 'HR Manager'].map((r) => grantsApp1.get(r)?.n)).toEqual([
      1, 1, 1, 0,
    ]);
    db.close();
  });

  it('seeds only once and records the schema version', async () => {
    const file = join(dir, 'once.sqlite');
    const db = openDatabase(file);
    expect(await seedIfEmpty(sqliteStore(db), { users: 64, panelUrl: 'http://x' })).toBe(true);
    db.prepare("UPDATE users SET nama = 'Diubah' WHERE id = 2").run();
    db.close();
    const again = openDatabase(file);
    expect(await seedIfEmpty(sqliteStore(again), { users: 64, panelUrl: 'http://x' })).toBe(false);
    expect(again.prepare('SELECT nama FROM users WHERE id = 2').get()).toEqual({ nama: 'Diubah' });
    expect(again.pragma('user_version', { simple: true })).toBe(schemaVersion);
    expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
    again.close();
  });

  it('seeds bulk users (SEED_USERS) beyond the directory, without passwords', async () => {
    const db = await freshDb(3000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users')).toBe(3000);
    expect(count(db, 'SELECT COUNT(*) AS n FROM employees')).toBe(240);
    expect(count(db, 'SELECT COUNT(*) AS n FROM users WHERE id > 240 AND password_hash IS NOT NULL')).toBe(0);
    expect(count(db, 'SELECT COUNT(DISTINCT nik) AS n FROM users')).toBe(3000);
    db.close();
  });
});
