import type { UserAccount, UserSession } from '@sso/shared/contract';
import { toUnixSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { assertPanelKeptOn, type Privilege, type SessionRevoker } from '../../access/privilege';
import { accountLock } from '../../auth/account-lock';
import { assertMayManage } from './rules';
import { describeUserAgent } from './user-agent';

interface AccountRow {
  id: number;
  is_active: number;
  status_reason: string | null;
  status_changed_at: string | null;
  changed_by_id: number | null;
  changed_by_nama: string | null;
  last_login_at: string | null;
}

interface SessionRow {
  id: number;
  application: string;
  created_at: number;
  last_active_at: number | null;
  address: string | null;
  user_agent: string | null;
}

const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The user's open logins (not ended, not expired), newest first. The public id is the row's
 * rowid: the session id itself names the tokens and never leaves the api. The application is
 * what its live app sessions opened, else the application the login was made for.
 */
export function openSessions(ctx: AppContext, userId: number): UserSession[] {
  const now = toUnixSeconds(ctx.clock());
  const rows = ctx.db
    .prepare<{ user: number; now: number }, SessionRow>(
      `SELECT l.rowid AS id, l.created_at, l.last_active_at, l.address, l.user_agent,
         COALESCE(
           (SELECT group_concat(name, ', ') FROM (
              SELECT DISTINCT ap.name FROM app_sessions s JOIN applications ap ON ap.id = s.app_id
              WHERE s.login_session_id = l.id AND s.revoked_at IS NULL AND s.expires_at > @now
              ORDER BY ap.name)),
           (SELECT name FROM applications WHERE id = l.apps_id), '') AS application
       FROM login_sessions l
       WHERE l.user_id = @user AND l.revoked_at IS NULL AND l.expires_at > @now
       ORDER BY l.created_at DESC, l.rowid DESC`,
    )
    .all({ user: userId, now });
  return rows.map((row) => ({
    id: row.id,
    application: row.application,
    signed_in_at: isoOfSeconds(row.created_at),
    last_active_at: row.last_active_at === null ? null : isoOfSeconds(row.last_active_at),
    address: row.address,
    browser: describeUserAgent(row.user_agent),
  }));
}

/** What the drawer shows an editor of users; undefined for an unknown user. */
export function readAccount(ctx: AppContext, userId: number): UserAccount | undefined {
  const row = ctx.db
    .prepare<[number], AccountRow>(
      `SELECT u.id, u.is_active, u.status_reason, u.status_changed_at, u.last_login_at,
         b.id AS changed_by_id, b.nama AS changed_by_nama
       FROM users u LEFT JOIN users b ON b.id = u.status_changed_by WHERE u.id = ?`,
    )
    .get(userId);
  if (!row) return undefined;
  return {
    id: row.id,
    is_active: row.is_active === 1,
    status_reason: row.status_reason,
    status_changed_at: row.status_changed_at,
    status_changed_by:
      row.changed_by_id === null || row.changed_by_nama === null
        ? null
        : { id: row.changed_by_id, nama: row.changed_by_nama },
    last_login_at: row.last_login_at,
    lock: accountLock(ctx, row.id),
    sessions: row.is_active === 1 ? openSessions(ctx, row.id) : [],
  };
}

/**
 * Changes the status of `ids` as `actorId`, all or nothing, in one transaction: the rules first,
 * then the write with who, when and why, then (for a deactivation) the keeper rule, whose refusal
 * rolls the write back. A deactivation also ends every session of those users (the session store
 * refuses an inactive user's tokens anyway; ending them keeps an old token dead after a
 * reactivation).
 */
export async function changeStatus(
  ctx: AppContext,
  privilege: Pick<Privilege, 'mayActOnUser' | 'scopeOf' | 'assertVisible' | 'guarded'>,
  actorId: number,
  ids: readonly number[],
  isActive: boolean,
  reason: string | null,
): Promise<void> {
  const at = new Date(ctx.clock()).toISOString();
  await privilege.guarded(async (trx) => {
    await assertMayManage(trx, privilege, actorId, ids, isActive ? 'activate' : 'deactivate');
    await trx
      .updateTable('users')
      .set({
        is_active: isActive ? 1 : 0,
        status_reason: reason,
        status_changed_at: at,
        status_changed_by: actorId,
      })
      .where('id', 'in', [...new Set(ids)])
      .execute();
    if (isActive) return;
    await assertPanelKeptOn(trx);
    // Awaited whether the session store is still synchronous or already on the data layer.
    const sessions: SessionRevoker = ctx.sessions;
    for (const id of ids) await sessions.revokeUser(id, 'account_deactivated');
  });
}

/** Ends one open login of a user (and its app sessions); false when it is not open or not theirs. */
export function endSession(ctx: AppContext, userId: number, sessionId: number): boolean {
  const now = toUnixSeconds(ctx.clock());
  return ctx.db.transaction(() => {
    const id = ctx.db
      .prepare<[number, number, number], string>(
        `SELECT id FROM login_sessions
         WHERE rowid = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?`,
      )
      .pluck()
      .get(sessionId, userId, now);
    if (id === undefined) return false;
    ctx.db
      .prepare('UPDATE app_sessions SET revoked_at = ? WHERE login_session_id = ? AND revoked_at IS NULL')
      .run(now, id);
    ctx.db
      .prepare("UPDATE login_sessions SET revoked_at = ?, revoked_reason = 'ended_by_admin' WHERE id = ?")
      .run(now, id);
    ctx.sessions.announceEnded(userId);
    return true;
  })();
}

/** Ends every open login of a user; how many were open. */
export function endAllSessions(ctx: AppContext, userId: number): number {
  const open = openSessions(ctx, userId).length;
  ctx.sessions.revokeUser(userId, 'ended_by_admin');
  return open;
}
