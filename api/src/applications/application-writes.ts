import { PANEL_MENU, SSO_PANEL_APP_ID, type ApplicationInput } from '@sso/shared/contract';
import { looksLikeName } from '../http/name-skeleton';
import type { Db } from '../db/database';
import { conflict, fieldError, notFound } from '../http/errors';
import { isUploadFile, uploadedLogoFile } from './logo-store';
import { writeSsoClient } from './sso-client-store';

const NOT_FOUND = 'Aplikasi tidak ditemukan';
const NAME_TAKEN = 'Nama Aplikasi sudah digunakan';

interface StoredMenu {
  id: number;
  parent_id: number | null;
  name: string;
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * Who writes: their role, and the level it holds on the App Management menu of the action (Tambah
 * Aplikasi to create, Daftar Aplikasi to edit or delete). Menus they add are granted to their role at
 * that level, never more (the privilege rules: they may then grant them on, up to what they hold),
 * and to the application administrators; neither grant holds back what is removed.
 */
export interface Actor {
  roleId: number;
  level: number;
}

/** The actor of a request: the caller's role and its level on the menu of app 1 keyed `menu`. */
export function actorOf(db: Db, userId: number, menu: string): Actor {
  const row = db
    .prepare<[string, number], { roleId: number; level: number }>(
      `SELECT u.role_id AS roleId, rm.access_level AS level FROM users u
       JOIN role_menus rm ON rm.role_id = u.role_id
       JOIN menus m ON m.id = rm.menu_id AND m.app_id = 1 AND m.panel_key = ?
       WHERE u.id = ?`,
    )
    .get(menu, userId);
  // The admin scope checked the grant before the route ran: a missing row is a race; grant nothing.
  return row ?? { roleId: 0, level: 3 };
}

/** Roles that own "Daftar Aplikasi" of app 1: the application administrators, who hold every application. */
function appAdminRoles(db: Db): number[] {
  return db
    .prepare<[string], { id: number }>(
      `SELECT rm.role_id AS id FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
       WHERE m.app_id = 1 AND m.panel_key = ? AND rm.access_level = 1`,
    )
    .all(PANEL_MENU.appList)
    .map((row) => row.id);
}

/** Roles whose grant of an application does not hold back its deletion or a menu's removal (JSON). */
export const exempt = (db: Db, actor: Actor) => JSON.stringify([actor.roleId, ...appAdminRoles(db)]);

/**
 * Grants added menus to the actor's role at its level and to the application administrators as
 * owners (so they keep covering every role), adding the application on create; on update only to
 * the roles that already grant it.
 */
function grantAdded(db: Db, actor: Actor, appId: number, menuIds: readonly number[], addApp: boolean): void {
  if (menuIds.length === 0) return;
  const levels = new Map<number, number>(appAdminRoles(db).map((id) => [id, 1]));
  if (actor.roleId !== 0 && !levels.has(actor.roleId)) levels.set(actor.roleId, actor.level);
  const grantsApp = db.prepare('SELECT 1 FROM role_apps WHERE role_id = ? AND app_id = ?');
  const addAppRow = db.prepare('INSERT OR IGNORE INTO role_apps (role_id, app_id) VALUES (?, ?)');
  const insert = db.prepare(
    'INSERT OR IGNORE INTO role_menus (role_id, menu_id, access_level) VALUES (?, ?, ?)',
  );
  for (const [roleId, level] of levels) {
    if (addApp) addAppRow.run(roleId, appId);
    else if (!grantsApp.get(roleId, appId)) continue;
    for (const id of menuIds) insert.run(roleId, id, level);
  }
}

/** Application names are unique by their folded form (case, width, spacing) and confusable skeleton. */
function assertNameFree(db: Db, name: string, exceptId: number): void {
  const names = db
    .prepare<[number], { name: string }>('SELECT name FROM applications WHERE id <> ?')
    .all(exceptId);
  if (names.some((row) => looksLikeName(row.name, name))) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
}

/** The logo file a payload asks for: an upload, the generated one (null), or the current one (absent). */
function logoFileFor(db: Db, appId: number, logoId: number | null | undefined, current: string): string {
  if (logoId === undefined) return current;
  if (logoId === null) return `app-${appId}.svg`;
  const file = uploadedLogoFile(db, logoId);
  if (!file) throw fieldError('logo_id', 'Logo tidak ditemukan, unggah ulang');
  return file;
}

/** Roles granting any of these menus, by menu name: `"Menu" (Role A, Role B)`. */
function grantsOf(db: Db, menuIds: readonly number[], actor: Actor): string[] {
  const rows = db
    .prepare<[string, string], { menu: string; role: string }>(
      `SELECT m.name AS menu, r.name AS role FROM role_menus rm
       JOIN menus m ON m.id = rm.menu_id JOIN roles r ON r.id = rm.role_id
       WHERE rm.menu_id IN (SELECT value FROM json_each(?))
         AND rm.role_id NOT IN (SELECT value FROM json_each(?))
       ORDER BY m.position, m.id, r.name`,
    )
    .all(JSON.stringify(menuIds), exempt(db, actor));
  const byMenu = new Map<string, string[]>();
  for (const row of rows) byMenu.set(row.menu, [...(byMenu.get(row.menu) ?? []), row.role]);
  return [...byMenu].map(([menu, roles]) => `"${menu}" (${[...new Set(roles)].join(', ')})`);
}

/** The 409 of any change to app 1's menu tree (ADR 0007 "Access by identity"). */
export const PANEL_TREE_LOCKED =
  'Menu SSO Admin Panel adalah menu panel ini sendiri: tidak dapat ditambah, diganti namanya, atau dihapus melalui App Management.';

/**
 * App 1's menus are the panel's own (its access model reads their keys): an update may reorder
 * them but must send exactly the stored menus, each under its parent with its name; a new menu, a
 * rename or a removal is refused as a whole.
 */
function assertPanelTreeUnchanged(stored: ReadonlyMap<number, StoredMenu>, menus: ApplicationInput['menus']) {
  const sent: string[] = [];
  for (const menu of menus) {
    sent.push(`${menu.id ?? 'new'}|null|${menu.name}`);
    for (const child of menu.children) sent.push(`${child.id ?? 'new'}|${menu.id ?? 'new'}|${child.name}`);
  }
  const have = [...stored.values()].map((row) => `${row.id}|${row.parent_id ?? 'null'}|${row.name}`);
  const same = sent.length === have.length && [...sent].sort().join('\n') === [...have].sort().join('\n');
  if (!same) throw conflict(PANEL_TREE_LOCKED);
}

/**
 * Writes the whole menu tree of an application: menus with an id are kept (renamed, reordered;
 * they stay under their parent), menus without one are added, stored menus absent are removed.
 * Removing a menu a role grants, or one of the panel's access model (app 1), is refused (409).
 */
function writeTree(db: Db, appId: number, menus: ApplicationInput['menus'], actor: Actor): number[] {
  const stored = new Map(
    db
      .prepare<[number], StoredMenu>('SELECT id, parent_id, name FROM menus WHERE app_id = ?')
      .all(appId)
      .map((row) => [row.id, row]),
  );
  if (appId === SSO_PANEL_APP_ID) assertPanelTreeUnchanged(stored, menus);
  const locked = (_row: StoredMenu) => appId === SSO_PANEL_APP_ID;
  const kept = new Set<number>();
  const keep = (id: number, parentId: number | null, name: string, field: string) => {
    const row = stored.get(id);
    if (!row) throw fieldError(`${field}.id`, 'Menu tidak ditemukan di aplikasi ini');
    if (kept.has(id)) throw fieldError(`${field}.id`, 'Menu tercantum lebih dari sekali');
    if (row.parent_id !== parentId)
      throw fieldError(`${field}.id`, 'Menu tidak dapat dipindahkan ke menu lain');
    if (locked(row) && row.name !== name) {
      throw fieldError(
        `${field}.name`,
        `Menu "${row.name}" dipakai oleh hak akses panel dan tidak dapat diganti namanya`,
      );
    }
    kept.add(id);
  };
  menus.forEach((menu, m) => {
    if (menu.id !== undefined) keep(menu.id, null, menu.name, `menus.${m}`);
    menu.children.forEach((child, c) => {
      if (child.id === undefined) return;
      if (menu.id === undefined)
        throw fieldError(`menus.${m}.children.${c}.id`, 'Menu tidak dapat dipindahkan ke menu lain');
      keep(child.id, menu.id, child.name, `menus.${m}.children.${c}`);
    });
  });

  const removed = [...stored.values()].filter((row) => !kept.has(row.id));
  const lockedRemoved = removed.filter(locked);
  if (lockedRemoved.length > 0) {
    throw conflict(
      `Menu ${quoted(lockedRemoved.map((row) => row.name))} dipakai oleh hak akses SSO Admin Panel dan tidak dapat dihapus.`,
    );
  }
  const granted = grantsOf(
    db,
    removed.map((row) => row.id),
    actor,
  );
  if (granted.length > 0) {
    throw conflict(
      `Menu masih diberikan kepada role: ${granted.join('; ')}. Cabut aksesnya di Role Management sebelum menghapus menu.`,
    );
  }
  db.prepare('DELETE FROM menus WHERE id IN (SELECT value FROM json_each(?))').run(
    JSON.stringify(removed.map((row) => row.id)),
  );

  const update = db.prepare('UPDATE menus SET name = ?, position = ? WHERE id = ?');
  const insert = db.prepare('INSERT INTO menus (app_id, parent_id, name, position) VALUES (?, ?, ?, ?)');
  const added: number[] = [];
  const save = (id: number | undefined, parentId: number | null, name: string, position: number) => {
    if (id !== undefined) {
      update.run(name, position, id);
      return id;
    }
    const newId = Number(insert.run(appId, parentId, name, position).lastInsertRowid);
    added.push(newId);
    return newId;
  };
  menus.forEach((menu, m) => {
    const parentId = save(menu.id, null, menu.name, m + 1);
    menu.children.forEach((child, c) => save(child.id, parentId, child.name, c + 1));
  });
  return added;
}

/** What a write answers: the application's id and, once, a client secret it has just made. */
export interface SavedApplication {
  id: number;
  clientSecret?: string;
}

/** POST applications/create: the application, its menu tree and its SSO client, in one transaction. */
export function createApplication(
  db: Db,
  input: ApplicationInput,
  actor: Actor,
  now: number,
): SavedApplication {
  return db.transaction(() => {
    assertNameFree(db, input.name, 0);
    const id = Number(
      db
        .prepare('INSERT INTO applications (name, descriptions, url, logo_file) VALUES (?, ?, ?, ?)')
        .run(input.name, input.descriptions, input.url, '').lastInsertRowid,
    );
    const logo = logoFileFor(db, id, input.logo_id ?? null, '');
    db.prepare('UPDATE applications SET logo_file = ? WHERE id = ?').run(logo, id);
    grantAdded(db, actor, id, writeTree(db, id, input.menus, actor), true);
    const clientSecret = writeSsoClient(db, id, input.name, input.sso, now);
    return clientSecret === undefined ? { id } : { id, clientSecret };
  })();
}

/** PATCH applications/update/{id}: every field, the whole menu tree and the SSO client, all or nothing. */
export function updateApplication(
  db: Db,
  id: number,
  input: ApplicationInput,
  actor: Actor,
  now: number,
): SavedApplication {
  return db.transaction(() => {
    const current = db
      .prepare<[number], { logo_file: string }>('SELECT logo_file FROM applications WHERE id = ?')
      .get(id);
    if (!current) throw notFound(NOT_FOUND);
    assertNameFree(db, input.name, id);
    const logo = logoFileFor(db, id, input.logo_id, current.logo_file);
    db.prepare('UPDATE applications SET name = ?, descriptions = ?, url = ?, logo_file = ? WHERE id = ?').run(
      input.name,
      input.descriptions,
      input.url,
      logo,
      id,
    );
    grantAdded(db, actor, id, writeTree(db, id, input.menus, actor), false);
    const clientSecret = writeSsoClient(db, id, input.name, input.sso, now);
    return clientSecret === undefined ? { id } : { id, clientSecret };
  })();
}

/** DELETE applications/delete/{id}: not app 1, not while a role grants it; its menus go with it. */
export function deleteApplication(db: Db, id: number, actor: Actor): void {
  db.transaction(() => {
    const app = db
      .prepare<[number], { name: string; logo_file: string }>(
        'SELECT name, logo_file FROM applications WHERE id = ?',
      )
      .get(id);
    if (!app) throw notFound(NOT_FOUND);
    if (id === SSO_PANEL_APP_ID) {
      throw conflict(`${app.name} tidak dapat dihapus: hak akses panel ini bergantung padanya.`);
    }
    const roles = db
      .prepare<[number, string], { name: string }>(
        `SELECT r.name FROM role_apps ra JOIN roles r ON r.id = ra.role_id
         WHERE ra.app_id = ? AND ra.role_id NOT IN (SELECT value FROM json_each(?))
         ORDER BY r.name COLLATE NOCASE`,
      )
      .all(id, exempt(db, actor))
      .map((row) => row.name);
    if (roles.length > 0) {
      throw conflict(
        `Aplikasi masih diberikan kepada role: ${roles.join(', ')}. Cabut aksesnya di Role Management sebelum menghapus.`,
      );
    }
    db.prepare('DELETE FROM applications WHERE id = ?').run(id);
    if (isUploadFile(app.logo_file)) {
      db.prepare('DELETE FROM app_logos WHERE id = ?').run(Number(/[0-9]+/.exec(app.logo_file)?.[0]));
    }
  })();
}
