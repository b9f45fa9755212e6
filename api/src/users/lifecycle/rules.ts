import type { Privilege } from '../../access/privilege';
import type { Q } from '../../db/store';
import { conflict, forbidden, notFoundAmong } from '../../http/errors';

/**
 * The privilege rules of the lifecycle actions (DESIGN "Privilege boundaries", ADR 0007), over the
 * api's privilege module: the actor's role covers each target's; nobody deactivates, or ends the
 * sessions of, their own account through these actions. The keeper rule (an active owner of User
 * and Role Management remains) is checked after a deactivation's write (`changeStatus`).
 */

export const NOT_COVERED_MESSAGE =
  'Role Anda tidak mencakup role user ini, sehingga Anda tidak dapat mengelola akunnya';
export const SELF_DEACTIVATE_MESSAGE = 'Tidak dapat menonaktifkan akun yang sedang Anda gunakan';
export const SELF_SESSIONS_MESSAGE =
  'Tidak dapat mengakhiri sesi akun Anda sendiri dari sini. Gunakan Logout.';

/** What the actor is about to do to the targets. */
export type LifecycleAction = 'view' | 'activate' | 'deactivate' | 'endSessions' | 'unlock';

/**
 * Throws the refusal of `action` by `actorId` on `targetIds` (404 for an unknown user or one
 * outside the actor's administration scope, 409 for oneself, 403 for a role the actor's does not
 * cover); all targets or none. THE check of every lifecycle action, so an action added later (a
 * two-step reset) follows the scope by calling it.
 */
export async function assertMayManage(
  q: Q,
  privilege: Pick<Privilege, 'mayActOnUser' | 'scopeOf' | 'assertVisible'>,
  actorId: number,
  targetIds: readonly number[],
  action: LifecycleAction,
): Promise<void> {
  await privilege.assertVisible(await privilege.scopeOf(actorId, q), targetIds, q);
  const found = new Set(
    (
      await q
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...new Set(targetIds)])
        .execute()
    ).map((row) => row.id),
  );
  const missing = notFoundAmong(targetIds, found, 'User');
  if (missing) throw missing;
  if (found.has(actorId)) {
    if (action === 'deactivate') throw conflict(SELF_DEACTIVATE_MESSAGE);
    if (action === 'endSessions') throw conflict(SELF_SESSIONS_MESSAGE);
  }
  for (const id of targetIds) {
    if (!(await privilege.mayActOnUser(actorId, id, q))) throw forbidden(NOT_COVERED_MESSAGE);
  }
}
