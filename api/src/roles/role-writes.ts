import { sql } from 'kysely';
import type { z } from 'zod';
import type { rolePayloadSchema, roleUpdatePayloadSchema } from '@sso/shared/contract';
import type { Q } from '../db/store';
import { DEFAULT_ADMIN_SCOPE, foldName } from '@sso/shared/contract';
import { conflict, fieldError, notFound, notFoundAmong } from '../http/errors';
import { looksLikeName } from '../http/name-skeleton';
import { assertVersion } from '../http/versions';

export type RoleInput = z.output<typeof rolePayloadSchema>;
export type RoleChanges = z.output<typeof roleUpdatePayloadSchema>;
type ApplicationGrant = RoleInput['applications'][number];

/*
 * Role writes take the caller's transaction (`q`): the privilege rules (access/privilege.ts
 * `createRolePrivilege`) run them between their checks, under their lock, all or nothing.
 */

/** Role names are unique in their folded form (case, white space, look-alikes: `foldName`). */
export const nameKey = foldName;

/**
 * Compared with every other role's name folded now, not only with the stored keys: a file written
 * before the fold keeps keys of the older rule (trimmed, lower case). Roles are few.
 */
async function assertNameFree(q: Q, name: string, exceptId: number): Promise<void> {
  const names = await q.selectFrom('roles').select('name').where('id', '<>', exceptId).execute();
  // The fold, and the confusable skeleton (UTS #39): a look-alike from another script is the same name.
  if (names.some((other) => looksLikeName(other.name, name))) {
    throw conflict('Nama role sudah digunakan', { name: 'Nama role sudah digunakan' });
  }
}

async function assertColor(q: Q, colorId: number): Promise<void> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM colors WHERE id = ${colorId}`.execute(q);
  if (rows.length === 0) throw fieldError('color_id', 'Warna tidak ditemukan');
}

/** Every app must exist; every menu must be a top menu of its app, every child a sub-menu of its menu. */
async function resolveGrants(q: Q, applications: ApplicationGrant[]) {
  const appIds = applications.map((a) => a.apps_id);
  if (new Set(appIds).size !== appIds.length) throw fieldError('applications', 'Aplikasi tidak boleh ganda');
  const menuIds = applications.flatMap((app) =>
    app.menus.flatMap((menu) => [menu.id, ...menu.children.map((c) => c.id)]),
  );
  const apps = new Set(
    appIds.length === 0
      ? []
      : (await q.selectFrom('applications').select('id').where('id', 'in', appIds).execute()).map(
          (row) => row.id,
        ),
  );
  const menuById = new Map(
    menuIds.length === 0
      ? []
      : (
          await q
            .selectFrom('menus')
            .select(['id', 'app_id', 'parent_id'])
            .where('id', 'in', menuIds)
            .execute()
        ).map((row) => [row.id, row]),
  );
  const menus = new Map<number, number>();
  const grant = (menuId: number, level: number) => {
    if (menus.has(menuId)) throw fieldError('applications', `Menu ${menuId} dipilih lebih dari sekali`);
    menus.set(menuId, level);
  };
  for (const app of applications) {
    if (!apps.has(app.apps_id))
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

async function replaceGrants(q: Q, roleId: number, grants: Awaited<ReturnType<typeof resolveGrants>>) {
  await q.deleteFrom('role_apps').where('role_id', '=', roleId).execute();
  await q.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  if (grants.appIds.length > 0) {
    await q
      .insertInto('role_apps')
      .values(grants.appIds.map((appId) => ({ role_id: roleId, app_id: appId })))
      .execute();
  }
  if (grants.menus.size > 0) {
    await q
      .insertInto('role_menus')
      .values(
        [...grants.menus].map(([menuId, level]) => ({
          role_id: roleId,
          menu_id: menuId,
          access_level: level,
        })),
      )
      .execute();
  }
}

export async function createRole(q: Q, input: RoleInput, at: string): Promise<number> {
  await assertNameFree(q, input.name, 0);
  await assertColor(q, input.color_id);
  const grants = await resolveGrants(q, input.applications);
  const top = await q
    .selectFrom('roles')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  const { id } = await q
    .insertInto('roles')
    .values({
      name: input.name,
      name_key: nameKey(input.name),
      descriptions: input.descriptions ?? null,
      color_id: input.color_id,
      position: Number(top?.max ?? 0) + 1,
      created_at: at,
      updated_at: at,
      admin_scope: input.admin_scope ?? DEFAULT_ADMIN_SCOPE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceGrants(q, id, grants);
  if (input.requires_two_step) await setRequiresTwoStep(q, id, true);
  return id;
}

/**
 * PATCH role/update/{id}: fields present replace the stored ones (`applications` replaces every
 * grant); a `version` other than the stored one changes nothing (409).
 */
export async function updateRole(q: Q, id: number, changes: RoleChanges, at: string): Promise<void> {
  const existing = await q
    .selectFrom('roles')
    .select(['name', 'descriptions', 'color_id', 'revision'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!existing) throw notFound('Role tidak ditemukan');
  assertVersion(changes.version, existing.revision);
  const name = changes.name ?? existing.name;
  await assertNameFree(q, name, id);
  const colorId = changes.color_id ?? existing.color_id;
  await assertColor(q, colorId);
  const descriptions = changes.descriptions === undefined ? existing.descriptions : changes.descriptions;
  await q
    .updateTable('roles')
    .set((eb) => ({
      name,
      name_key: nameKey(name),
      descriptions,
      color_id: colorId,
      updated_at: at,
      revision: eb('revision', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
  if (changes.admin_scope) {
    await q.updateTable('roles').set({ admin_scope: changes.admin_scope }).where('id', '=', id).execute();
  }
  if (changes.applications) await replaceGrants(q, id, await resolveGrants(q, changes.applications));
  if (changes.requires_two_step !== undefined) await setRequiresTwoStep(q, id, changes.requires_two_step);
}

/**
 * "Wajib verifikasi dua langkah" (issue 31). Turning it on locks nobody out: a member without a
 * factor adds one right after their next first step, before anything opens (ADR 0021).
 */
async function setRequiresTwoStep(q: Q, id: number, on: boolean): Promise<void> {
  await q
    .updateTable('roles')
    .set({ requires_two_step: on ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** DELETE role/delete/{id} and role/delete/bulk: all or nothing; a role with members stays. */
export async function deleteRoles(q: Q, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await q
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.name',
      eb
        .selectFrom('users as u')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('u.role_id', '=', 'r.id')
        .as('members'),
    ])
    .where('r.id', 'in', unique)
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = notFoundAmong(unique, found, 'Role');
  if (missing) throw missing;
  const inUse = rows.filter((row) => Number(row.members) > 0);
  if (inUse.length > 0) {
    const names = inUse.map((row) => `${row.name} (${Number(row.members)} user)`).join(', ');
    throw conflict(
      `Role masih digunakan oleh user: ${names}. Pindahkan user ke role lain sebelum menghapus.`,
    );
  }
  await q.deleteFrom('roles').where('id', 'in', unique).execute();
  return unique;
}
