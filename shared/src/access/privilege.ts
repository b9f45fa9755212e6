/**
 * Privilege boundaries (issue 18, ADR 0007 "Privilege boundaries"): role A **covers** role B when,
 * for every application, menu and sub-menu B grants, A grants it at a level at least as strong
 * (owner 1 ≥ modifier 2 ≥ viewer 3; a lower number is stronger). The api refuses a write whose
 * actor does not cover what it gives or touches; the panel offers only what would pass. Pure: no
 * zod, no React. Grants are keyed by application id and menu names (the shape of `user_menu` of
 * api/me and of a role's `applications`), so the stored session and the api read them alike.
 */
// Types only: index.ts re-exports this module (no import cycle at run time).
import type { AccessLevel, GrantedApp } from './index';

const OWNER: AccessLevel = 1;
const MODIFIER: AccessLevel = 2;
const VIEWER: AccessLevel = 3;

/** A role's grants: its applications, each with menus and sub-menus at a level. */
export type Grants = readonly GrantedApp[] | null | undefined;

/** Where a grant sits: an application, a menu of it, or a sub-menu of that menu. */
export interface GrantPlace {
  readonly appId: number | string;
  readonly menu?: string;
  readonly child?: string;
}

const keyOf = ({ appId, menu, child }: GrantPlace): string =>
  [String(appId), menu, child].filter((part) => part !== undefined).join('\u0000');

/**
 * Every grant as place key → level; an application grant itself counts as the weakest level
 * (granting an app without menus still gives something). A level outside 1–3 counts as viewer.
 */
function flatten(grants: Grants): Map<string, AccessLevel> {
  const asLevel = (value: number): AccessLevel =>
    value === OWNER ? OWNER : value === MODIFIER ? MODIFIER : VIEWER;
  const flat = new Map<string, AccessLevel>();
  for (const app of grants ?? []) {
    flat.set(keyOf({ appId: app.apps_id }), VIEWER);
    for (const menu of app.menus) {
      flat.set(keyOf({ appId: app.apps_id, menu: menu.name }), asLevel(menu.acces_level));
      for (const child of menu.children ?? []) {
        flat.set(
          keyOf({ appId: app.apps_id, menu: menu.name, child: child.name }),
          asLevel(child.acces_level),
        );
      }
    }
  }
  return flat;
}

/**
 * The level the actor holds at a place (an app: viewer when granted), or null when not granted.
 * A sub-menu counts only under its menu, as everywhere else.
 */
export function heldLevel(actor: Grants, place: GrantPlace): AccessLevel | null {
  return flatten(actor).get(keyOf(place)) ?? null;
}

/** Whether `actor` grants everything `target` grants, each at a level at least as strong. */
export function covers(actor: Grants, target: Grants): boolean {
  const held = flatten(actor);
  for (const [place, level] of flatten(target)) {
    const own = held.get(place);
    if (own === undefined || own > level) return false;
  }
  return true;
}

/**
 * The levels the actor may give at a place, strongest first: from their own level down to viewer
 * (none when they do not hold the place).
 */
export function grantableLevels(actor: Grants, place: GrantPlace): AccessLevel[] {
  const own = heldLevel(actor, place);
  if (own === null) return [];
  return [OWNER, MODIFIER, VIEWER].filter((level) => level >= own);
}

/** 403: the payload gives a grant stronger than the actor's own (rule 1). */
export const ESCALATION_MESSAGE =
  'Anda tidak dapat memberikan akses yang lebih tinggi dari akses Anda sendiri';
/** 403: the user's role is stronger than the actor's (rule 2). */
export const USER_TAKEOVER_MESSAGE =
  'Anda tidak dapat mengubah atau menghapus user yang memiliki akses lebih tinggi dari akses Anda sendiri';
/** 403: the role is stronger than the actor's (rule 1, edit and delete). */
export const ROLE_TAKEOVER_MESSAGE =
  'Anda tidak dapat mengubah atau menghapus role yang memiliki akses lebih tinggi dari akses Anda sendiri';
/** 403: nobody changes their own role (rule 3). */
export const OWN_ROLE_MESSAGE = 'Anda tidak dapat mengubah role akun Anda sendiri';
/** 403: nobody deletes their own account (rule 3). */
export const OWN_ACCOUNT_DELETE_MESSAGE = 'Anda tidak dapat menghapus akun Anda sendiri';
/** 409: the change would leave no active owner of User Management and Role Management (rule 4). */
export const LAST_OWNER_MESSAGE =
  'Perubahan ditolak: harus tetap ada minimal satu user aktif dengan akses owner pada User Management, Role Management, App Management dan Log Aktivitas';
/** Why the role editor does not offer a menu or an application. */
export const NOT_HELD_REASON = 'Di luar akses Anda: tidak dapat diberikan';
/** Marks the actor's own role in the roles list. */
export const OWN_ROLE_LABEL = 'Role Anda';

// Why an action is shown disabled in the panel (issue 37: say why, offer only what works).
/** The actor's level of the menu is viewer: it reads only. */
export const READ_ONLY_REASON = 'Akses Anda pada menu ini hanya melihat';
/** Deleting needs the owner level of the menu. */
export const OWNER_ONLY_REASON = 'Hanya owner menu ini yang dapat menghapus';
/** The user's role grants more than the actor's (rule 2). */
export const USER_NOT_COVERED_REASON = 'Role user ini memiliki akses di luar akses Anda';
/** The role grants more than the actor's (rule 1). */
export const ROLE_NOT_COVERED_REASON = 'Role ini memiliki akses di luar akses Anda';
/** Nobody deactivates their own account or ends its sessions from the list (409). */
export const OWN_ACCOUNT_STATUS_REASON = 'Anda tidak dapat menonaktifkan akun Anda sendiri';

/**
 * The reason of the first rule that does not hold, or undefined when all hold: `whyNot([canEdit,
 * READ_ONLY_REASON], [covered, USER_NOT_COVERED_REASON])`. Feeds `disabledReason` of a row menu item or
 * an ActionButton.
 */
export function whyNot(
  ...rules: readonly (readonly [allowed: boolean, reason: string])[]
): string | undefined {
  return rules.find(([allowed]) => !allowed)?.[1];
}
