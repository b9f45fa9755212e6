import { PANEL_MENU, SSO_PANEL_APP_ID } from '@sso/shared/contract';
import type { Db } from '../../db/database';
import { conflict, forbidden, notFoundAmong } from '../../http/errors';

/**
 * The privilege rules of the lifecycle actions (DESIGN "Privilege boundaries"), behind one
 * function so the api's shared privilege module can replace the checks in one place:
 * - the actor's role covers each target's role (grants everything it grants, at least as strong);
 * - nobody deactivates, or ends the sessions of, their own account through these actions;
 * - a deactivation never leaves the panel without an active owner of User and Role Management.
 */

export const NOT_COVERED_MESSAGE =
  'Role Anda tidak mencakup role user ini, sehingga Anda tidak dapat mengelola akunnya';
export const SELF_DEACTIVATE_MESSAGE = 'Tidak dapat menonaktifkan akun yang sedang Anda gunakan';
export const SELF_SESSIONS_MESSAGE =
  'Tidak dapat mengakhiri sesi akun Anda sendiri dari sini. Gunakan Logout.';
export const LAST_OWNER_MESSAGE =
  'Tidak dapat menonaktifkan pemilik aktif terakhir User Management dan Role Management';

/** What the actor is about to do to the targets. */
export type LifecycleAction = 'view' | 'activate' | 'deactivate' | 'endSessions' | 'unlock';

interface Target {
  id: number;
  role_id: number;
}

/** Whether role `actor` grants every application and menu role `target` grants, at least as strong. */
export function roleCovers(db: Db, actorRoleId: number, targetRoleId: number): boolean {
  if (actorRoleId === targetRoleId) return true;
  const gap = db
    .prepare<{ actor: number; target: number }, number>(
      `SELECT 1 FROM role_apps t WHERE t.role_id = @target AND NOT EXISTS
         (SELECT 1 FROM role_apps a WHERE a.role_id = @actor AND a.app_id = t.app_id)
       UNION ALL
       SELECT 1 FROM role_menus t WHERE t.role_id = @target AND NOT EXISTS
         (SELECT 1 FROM role_menus a WHERE a.role_id = @actor AND a.menu_id = t.menu_id
            AND a.access_level <= t.access_level)
       LIMIT 1`,
    )
    .pluck()
    .get({ actor: actorRoleId, target: targetRoleId });
  return gap === undefined;
}

/** Active users whose role owns both User Management and Role Management of this panel, but `except`. */
function activeOwnersBut(db: Db, except: readonly number[]): number {
  return (
    db
      .prepare<[string, string, string, number, number], number>(
        `SELECT COUNT(*) FROM users u
         WHERE u.is_active = 1 AND u.id NOT IN (SELECT value FROM json_each(?))
           AND (SELECT COUNT(*) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
                WHERE rm.role_id = u.role_id AND rm.access_level = 1 AND m.parent_id IS NULL
                  AND m.name IN (?, ?) AND m.app_id = ?) = 2
           AND EXISTS (SELECT 1 FROM role_apps ra WHERE ra.role_id = u.role_id AND ra.app_id = ?)`,
      )
      .pluck()
      .get(JSON.stringify(except), PANEL_MENU.users, PANEL_MENU.roles, SSO_PANEL_APP_ID, SSO_PANEL_APP_ID) ??
    0
  );
}

/**
 * Throws the refusal of `action` by `actorId` on `targetIds` (404 for an unknown user, 409 for
 * oneself or the last owner, 403 for a role the actor's does not cover); all targets or none.
 */
export function assertMayManage(
  db: Db,
  actorId: number,
  targetIds: readonly number[],
  action: LifecycleAction,
): void {
  const targets = db
    .prepare<[string], Target>('SELECT id, role_id FROM users WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(targetIds));
  const found = new Set(targets.map((t) => t.id));
  const missing = notFoundAmong(targetIds, found, 'User');
  if (missing) throw missing;
  if (found.has(actorId)) {
    if (action === 'deactivate') throw conflict(SELF_DEACTIVATE_MESSAGE);
    if (action === 'endSessions') throw conflict(SELF_SESSIONS_MESSAGE);
  }
  const actorRole = db
    .prepare<[number], number>('SELECT role_id FROM users WHERE id = ?')
    .pluck()
    .get(actorId);
  if (actorRole === undefined || targets.some((t) => !roleCovers(db, actorRole, t.role_id))) {
    throw forbidden(NOT_COVERED_MESSAGE);
  }
  // A panel already without an active owner is not made worse by this change.
  if (action === 'deactivate' && activeOwnersBut(db, targetIds) === 0 && activeOwnersBut(db, []) > 0) {
    throw conflict(LAST_OWNER_MESSAGE);
  }
}
