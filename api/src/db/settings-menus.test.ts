import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from './database';
import { migrate } from './migrations';
import { sqliteStore } from './store';
import { seedIfEmpty } from './seed/seed';

const dir = mkdtempSync(join(tmpdir(), 'sso-settings-menus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settingsTree = (db: Database.Database) =>
  db
    .prepare<[], string>(
      `SELECT COALESCE(p.name || ' › ', '') || m.name FROM menus m LEFT JOIN menus p ON p.id = m.parent_id
       WHERE m.app_id = 1 AND (m.name = 'Settings' OR p.name = 'Settings') ORDER BY m.id`,
    )
    .pluck()
    .all();

describe('Settings menus that lead nowhere', () => {
  it('a fresh seed has Settings without sub-menus', async () => {
    const db = openDatabase(join(dir, 'fresh.sqlite'));
    await seedIfEmpty(sqliteStore(db), { users: 5, panelUrl: 'http://x' });
    expect(settingsTree(db)).toEqual(['Settings']);
    db.close();
  });

  it('an older file loses "Umum" and "Keamanan" and their grants; Settings and its grant stay', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(old, 10); // before migration 11 (the Settings sub-menus)
    await seedIfEmpty(sqliteStore(old), { users: 5, panelUrl: 'http://x' });
    // As the seed made them before.
    const settings = old.prepare("SELECT id FROM menus WHERE app_id = 1 AND name = 'Settings'").pluck().get();
    for (const [i, name] of ['Umum', 'Keamanan'].entries()) {
      const { lastInsertRowid } = old
        .prepare('INSERT INTO menus (app_id, parent_id, name, position) VALUES (1, ?, ?, ?)')
        .run(settings, name, i + 1);
      old
        .prepare('INSERT INTO role_menus (role_id, menu_id, access_level) VALUES (1, ?, 1)')
        .run(lastInsertRowid);
    }
    expect(settingsTree(old)).toEqual(['Settings', 'Settings › Umum', 'Settings › Keamanan']);
    const grants = old.prepare('SELECT COUNT(*) FROM role_menus').pluck().get();
    old.close();

    const db = openDatabase(file);
    expect(settingsTree(db)).toEqual(['Settings']);
    // Peta Akses (a later migration) adds one grant per role reading Log Aktivitas.
    const petaAkses = db
      .prepare(
        "SELECT COUNT(*) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id WHERE m.panel_key = 'Peta Akses'",
      )
      .pluck()
      .get();
    expect(db.prepare('SELECT COUNT(*) FROM role_menus').pluck().get()).toBe(
      Number(grants) - 2 + Number(petaAkses),
    );
    expect(
      db
        .prepare(
          "SELECT COUNT(*) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id WHERE m.name = 'Settings'",
        )
        .pluck()
        .get(),
    ).toBeGreaterThan(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
