import { PANEL_MENU, SSO_PANEL_APP_ID, type ApplicationInput } from '@sso/shared/contract';
import { looksLikeName } from '../http/name-skeleton';
import { sql } from 'kysely';
import type { Q, Store } from '../db/store';
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
export async function actorOf(q: Q, userId: number, menu: string): Promise<Actor> {
  const row = await q
    .selectFrom('users as u')
    .innerJoin('role_menus as rm', 'rm.role_id', 'u.role_id')
    .innerJoin('menus as m', (join) =>
      join.onRef('m.id', '=', 'rm.menu_id').on('m.app_id', '=', 1).on('m.panel_key', '=', menu),
    )
    .select(['u.role_id as roleId', 'rm.access_level as level'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  // The admin scope checked the grant before the route ran: a missing row is a race; grant nothing.
  return row ?? { roleId: 0, level: 3 };
}

/** Roles that own "Daftar Aplikasi" of app 1: the application administrators, who hold every application. */
async function appAdminRoles(q: Q): Promise<number[]> {
  const rows = await q
    .selectFrom('role_menus as rm')
    .innerJoin('menus as m', 'm.id', 'rm.menu_id')
    .select('rm.role_id as id')
    .where('m.app_id', '=', 1)
    .where('m.panel_key', '=', PANEL_MENU.appList)
    .where('rm.access_level', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

/** Roles whose grant of an application does not hold back its deletion or a menu's removal. */
export const exempt = async (q: Q, actor: Actor): Promise<number[]> => [
  actor.roleId,
  ...(await appAdminRoles(q)),
];

/**
 * Grants added menus to the actor's role at its level and to the application administrators as
 * owners (so they keep covering every role), adding the application on create; on update only to
 * the roles that already grant it.
 */
async function grantAdded(
  q: Q,
  actor: Actor,
  appId: number,
  menuIds: readonly number[],
  addApp: boolean,
): Promise<void> {
  if (menuIds.length === 0) return;
  const levels = new Map<number, number>((await appAdminRoles(q)).map((id) => [id, 1]));
  if (actor.roleId !== 0 && !levels.has(actor.roleId)) levels.set(actor.roleId, actor.level);
  for (const [roleId, level] of levels) {
    if (addApp) {
      await q
        .insertInto('role_apps')
        .values({ role_id: roleId, app_id: appId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      const grants = await q
        .selectFrom('role_apps')
        .select('role_id')
        .where('role_id', '=', roleId)
        .where('app_id', '=', appId)
        .executeTakeFirst();
      if (!grants) continue;
    }
    await q
      .insertInto('role_menus')
      .values(menuIds.map((id) => ({ role_id: roleId, menu_id: id, access_level: level })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Application names are unique by their folded form (case, width, spacing) and confusable skeleton. */
async function assertNameFree(q: Q, name: string, exceptId: number): Promise<void> {
  const names = await q.selectFrom('applications').select('name').where('id', '<>', exceptId).execute();
  if (names.some((row) => looksLikeName(row.name, name))) throw conflict(NAME_TAKEN, { name: NAME_TAKEN });
}

/** The logo file a payload asks for: an upload, the generated one (null), or the current one (absent). */
async function logoFileFor(
  q: Q,
  appId: number,
  logoId: number | null | undefined,
  current: string,
): Promise<string> {
  if (logoId === undefined) return current;
  if (logoId === null) return `app-${appId}.svg`;
  const file = await uploadedLogoFile(q, logoId);
  if (!file) throw fieldError('logo_id', 'Logo tidak ditemukan, unggah ulang');
  return file;
}

/** Roles granting any of these menus, by menu name: `"Menu" (Role A, Role B)`. */
async function grantsOf(store: Store, q: Q, menuIds: readonly number[], actor: Actor): Promise<string[]> {
  const { rows } = await sql<{ menu: string; role: string }>`SELECT m.name AS menu, r.name AS role
       FROM role_menus rm JOIN menus m ON m.id = rm.menu_id JOIN roles r ON r.id = rm.role_id
       WHERE rm.menu_id IN ${store.admin.idSet(menuIds)}
         AND rm.role_id NOT IN ${store.admin.idSet(await exempt(q, actor))}
       ORDER BY m.position, m.id, r.name`.execute(q);
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
async function writeTree(
  store: Store,
  q: Q,
  appId: number,
  menus: ApplicationInput['menus'],
  actor: Actor,
): Promise<number[]> {
  const stored = new Map<number, StoredMenu>(
    (
      await q.selectFrom('menus').select(['id', 'parent_id', 'name']).where('app_id', '=', appId).execute()
    ).map((row) => [row.id, row]),
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
  const granted = await grantsOf(
    store,
    q,
    removed.map((row) => row.id),
    actor,
  );
  if (granted.length > 0) {
    throw conflict(
      `Menu masih diberikan kepada role: ${granted.join('; ')}. Cabut aksesnya di Role Management sebelum menghapus menu.`,
    );
  }
  if (removed.length > 0) {
    await q
      .deleteFrom('menus')
      .where(
        'id',
        'in',
        removed.map((row) => row.id),
      )
      .execute();
  }

  const added: number[] = [];
  const save = async (id: number | undefined, parentId: number | null, name: string, position: number) => {
    if (id !== undefined) {
      await q.updateTable('menus').set({ name, position }).where('id', '=', id).execute();
      return id;
    }
    const row = await q
      .insertInto('menus')
      .values({ app_id: appId, parent_id: parentId, name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    added.push(row.id);
    return row.id;
  };
  for (const [m, menu] of menus.entries()) {
    const parentId = await save(menu.id, null, menu.name, m + 1);
    for (const [c, child] of menu.children.entries()) await save(child.id, parentId, child.name, c + 1);
  }
  return added;
}

/** What a write answers: the application's id and, once, a client secret it has just made. */
export interface SavedApplication {
  id: number;
  clientSecret?: string;
}

/** Application names are unique: writes that check a name take this lock first (ADR 0026). */
const NAMES_LOCK = 'applications:names';

/** POST applications/create: the application, its menu tree and its SSO client, in one transaction. */
export async function createApplication(
  store: Store,
  input: ApplicationInput,
  actor: Actor,
  now: number,
): Promise<SavedApplication> {
  return store.transaction(async (trx) => {
    await store.lockKeys(trx, [NAMES_LOCK]);
    await assertNameFree(trx, input.name, 0);
    const { id } = await trx
      .insertInto('applications')
      .values({ name: input.name, descriptions: input.descriptions, url: input.url, logo_file: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const logo = await logoFileFor(trx, id, input.logo_id ?? null, '');
    await trx.updateTable('applications').set({ logo_file: logo }).where('id', '=', id).execute();
    await grantAdded(trx, actor, id, await writeTree(store, trx, id, input.menus, actor), true);
    const clientSecret = await writeSsoClient(trx, id, input.name, input.sso, now);
    return clientSecret === undefined ? { id } : { id, clientSecret };
  });
}

/** PATCH applications/update/{id}: every field, the whole menu tree and the SSO client, all or nothing. */
export async function updateApplication(
  store: Store,
  id: number,
  input: ApplicationInput,
  actor: Actor,
  now: number,
): Promise<SavedApplication> {
  return store.transaction(async (trx) => {
    await store.lockKeys(trx, [NAMES_LOCK, `application:${id}`]);
    const current = await trx
      .selectFrom('applications')
      .select('logo_file')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound(NOT_FOUND);
    await assertNameFree(trx, input.name, id);
    const logo = await logoFileFor(trx, id, input.logo_id, current.logo_file);
    await trx
      .updateTable('applications')
      .set({ name: input.name, descriptions: input.descriptions, url: input.url, logo_file: logo })
      .where('id', '=', id)
      .execute();
    await grantAdded(trx, actor, id, await writeTree(store, trx, id, input.menus, actor), false);
    const clientSecret = await writeSsoClient(trx, id, input.name, input.sso, now);
    return clientSecret === undefined ? { id } : { id, clientSecret };
  });
}

/** DELETE applications/delete/{id}: not app 1, not while a role grants it; its menus go with it. */
export async function deleteApplication(store: Store, id: number, actor: Actor): Promise<void> {
  await store.transaction(async (trx) => {
    await store.lockKeys(trx, [`application:${id}`]);
    const app = await trx
      .selectFrom('applications')
      .select(['name', 'logo_file'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!app) throw notFound(NOT_FOUND);
    if (id === SSO_PANEL_APP_ID) {
      throw conflict(`${app.name} tidak dapat dihapus: hak akses panel ini bergantung padanya.`);
    }
    const { rows } = await sql<{
      name: string;
    }>`SELECT r.name FROM role_apps ra JOIN roles r ON r.id = ra.role_id
         WHERE ra.app_id = ${id} AND ra.role_id NOT IN ${store.admin.idSet(await exempt(trx, actor))}
         ORDER BY ${store.admin.caseless(sql.ref('r.name'))}`.execute(trx);
    const roles = rows.map((row) => row.name);
    if (roles.length > 0) {
      throw conflict(
        `Aplikasi masih diberikan kepada role: ${roles.join(', ')}. Cabut aksesnya di Role Management sebelum menghapus.`,
      );
    }
    await trx.deleteFrom('applications').where('id', '=', id).execute();
    if (isUploadFile(app.logo_file)) {
      await trx
        .deleteFrom('app_logos')
        .where('id', '=', Number(/[0-9]+/.exec(app.logo_file)?.[0]))
        .execute();
    }
  });
}
