import type { z } from 'zod';
import type { rolePayloadSchema, roleUpdatePayloadSchema } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { DEFAULT_ADMIN_SCOPE, foldName } from '@sso/shared/contract';
import { conflict, fieldError, notFound, notFoundAmong } from '../http/errors';
import { looksLikeName } from '../http/name-skeleton';
import { assertVersion } from '../http/versions';

export type RoleInput = z.output<typeof rolePayloadSchema>;
export type RoleChanges = z.output<typeof roleUpdatePayloadSchema>;
type ApplicationGrant = RoleInput['applications'][number];

interface MenuRow {
  id: number;
  app_id: number;
  parent_id: number | null;
}

/** Role names are unique in their folded form (case, white space, look-alikes: `foldName`). */
export const nameKey = foldName;

/**
 * Compared with every other role's name folded now, not only with the stored keys: a file written
 * before the fold keeps keys of the older rule (trimmed, lower case). Roles are few.
 */
function assertNameFree(db: Db, name: string, exceptId: number): void {
  const names = db.prepare<[number], string>('SELECT name FROM roles WHERE id <> ?').pluck().all(exceptId);
  // The fold, and the confusable skeleton (UTS #39): a look-alike from another script is the same name.
  if (names.some((other) => looksLikeName(other, name))) {
    throw conflict('Nama role sudah digunakan', { name: 'Nama role sudah digunakan' });
  }
}

function assertColor(db: Db, colorId: number): void {
  if (!db.prepare('SELECT 1 FROM colors WHERE id = ?').get(colorId)) {
    throw fieldError('color_id', 'Warna tidak ditemukan');
  }
}

/** Every app must exist; every menu must be a top menu of its app, every child a sub-menu of its menu. */
function resolveGrants(db: Db, applications: ApplicationGrant[]) {
  const appIds = applications.map((a) => a.apps_id);
  if (new Set(appIds).size !== appIds.length) throw fieldError('applications', 'Aplikasi tidak boleh ganda');
  const appExists = db.prepare('SELECT 1 FROM applications WHERE id = ?');
  const menuById = db.prepare<[number], MenuRow>('SELECT id, app_id, parent_id FROM menus WHERE id = ?');
  const menus = new Map<number, number>();
  const grant = (menuId: number, level: number) => {
    if (menus.has(menuId)) throw fieldError('applications', `Menu ${menuId} dipilih lebih dari sekali`);
    menus.set(menuId, level);
  };
  for (const app of applications) {
    if (!appExists.get(app.apps_id))
      throw fieldError('applications', `Aplikasi dengan id ${app.apps_id} tidak ditemukan`);
    for (const menu of app.menus) {
      const row = menuById.get(menu.id);
      if (!row || row.app_id !== app.apps_id || row.parent_id !== null) {
        throw fieldError('applications', `Menu ${menu.id} bukan menu utama aplikasi ${app.apps_id}`);
      }
      grant(menu.id, menu.access_level);
      for (const child of menu.children) {
        if (menuById.get(child.id)?.parent_id !== menu.id) {
          throw fieldError('applications', `Sub-menu ${child.id} bukan bagian dari menu ${menu.id}`);
        }
        grant(child.id, child.access_level);
      }
    }
  }
  return { appIds, menus };
}

function replaceGrants(db: Db, roleId: number, grants: ReturnType<typeof resolveGrants>): void {
  db.prepare('DELETE FROM role_apps WHERE role_id = ?').run(roleId);
  db.prepare('DELETE FROM role_menus WHERE role_id = ?').run(roleId);
  const insertApp = db.prepare('INSERT INTO role_apps (role_id, app_id) VALUES (?, ?)');
  const insertMenu = db.prepare('INSERT INTO role_menus (role_id, menu_id, access_level) VALUES (?, ?, ?)');
  for (const appId of grants.appIds) insertApp.run(roleId, appId);
  for (const [menuId, level] of grants.menus) insertMenu.run(roleId, menuId, level);
}

export function createRole(db: Db, input: RoleInput, at: string): number {
  return db.transaction(() => {
    assertNameFree(db, input.name, 0);
    assertColor(db, input.color_id);
    const grants = resolveGrants(db, input.applications);
    const position =
      (db.prepare<[], { max: number | null }>('SELECT MAX(position) AS max FROM roles').get()?.max ?? 0) + 1;
    const id = Number(
      db
        .prepare(
          `INSERT INTO roles (name, name_key, descriptions, color_id, position, created_at, updated_at, admin_scope)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.name,
          nameKey(input.name),
          input.descriptions ?? null,
          input.color_id,
          position,
          at,
          at,
          input.admin_scope ?? DEFAULT_ADMIN_SCOPE,
        ).lastInsertRowid,
    );
    replaceGrants(db, id, grants);
    if (input.requires_two_step) setRequiresTwoStep(db, id, true);
    return id;
  })();
}

/**
 * PATCH role/update/{id}: fields present replace the stored ones (`applications` replaces every
 * grant); a `version` other than the stored one changes nothing (409).
 */
export function updateRole(db: Db, id: number, changes: RoleChanges, at: string): void {
  db.transaction(() => {
    const existing = db
      .prepare<[number], { name: string; descriptions: string | null; color_id: number; revision: number }>(
        'SELECT name, descriptions, color_id, revision FROM roles WHERE id = ?',
      )
      .get(id);
    if (!existing) throw notFound('Role tidak ditemukan');
    assertVersion(changes.version, existing.revision);
    const name = changes.name ?? existing.name;
    assertNameFree(db, name, id);
    const colorId = changes.color_id ?? existing.color_id;
    assertColor(db, colorId);
    const descriptions = changes.descriptions === undefined ? existing.descriptions : changes.descriptions;
    db.prepare(
      'UPDATE roles SET name = ?, name_key = ?, descriptions = ?, color_id = ?, updated_at = ?, revision = revision + 1 WHERE id = ?',
    ).run(name, nameKey(name), descriptions, colorId, at, id);
    if (changes.admin_scope)
      db.prepare('UPDATE roles SET admin_scope = ? WHERE id = ?').run(changes.admin_scope, id);
    if (changes.applications) replaceGrants(db, id, resolveGrants(db, changes.applications));
    if (changes.requires_two_step !== undefined) setRequiresTwoStep(db, id, changes.requires_two_step);
  })();
}

/**
 * "Wajib verifikasi dua langkah" (issue 31). Turning it on locks nobody out: a member without a
 * factor adds one right after their next first step, before anything opens (ADR 0021).
 */
function setRequiresTwoStep(db: Db, id: number, on: boolean): void {
  db.prepare('UPDATE roles SET requires_two_step = ? WHERE id = ?').run(on ? 1 : 0, id);
}

/** DELETE role/delete/{id} and role/delete/bulk: all or nothing; a role with members stays. */
export function deleteRoles(db: Db, ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  return db.transaction(() => {
    const json = JSON.stringify(unique);
    const rows = db
      .prepare<[string], { id: number; name: string; members: number }>(
        `SELECT r.id, r.name, (SELECT COUNT(*) FROM users u WHERE u.role_id = r.id) AS members
         FROM roles r WHERE r.id IN (SELECT value FROM json_each(?))`,
      )
      .all(json);
    const found = new Set(rows.map((row) => row.id));
    const missing = notFoundAmong(unique, found, 'Role');
    if (missing) throw missing;
    const inUse = rows.filter((row) => row.members > 0);
    if (inUse.length > 0) {
      const names = inUse.map((row) => `${row.name} (${row.members} user)`).join(', ');
      throw conflict(
        `Role masih digunakan oleh user: ${names}. Pindahkan user ke role lain sebelum menghapus.`,
      );
    }
    db.prepare('DELETE FROM roles WHERE id IN (SELECT value FROM json_each(?))').run(json);
    return unique;
  })();
}
