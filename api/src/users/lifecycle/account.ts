import { sql } from 'kysely';
import type { UserAccount, UserSession } from '@sso/shared/contract';
import { toUnixSeconds } from '../../clock';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import { assertPanelKeptOn, type Privilege } from '../../access/privilege';
import { accountLock } from '../../auth/account-lock';
import { assertMayManage } from './rules';
import { describeUserAgent } from './user-agent';

interface SessionRow {
  id: number;
  application: string | null;
  created_at: number;
  last_active_at: number | null;
  address: string | null;
  user_agent: string | null;
}

const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The user's open logins (not ended, not expired), newest first. The public id is the login's
 * `seq`: the session id itself names the tokens and never leaves the api. The application is what
 * its live app sessions opened (by name, distinct), else the application the login was made for.
 * The login tables are the sign-in half's (not typed here): read with kysely's `sql` tag.
 */
export async function openSessions(
  ctx: AppContext,
  userId: number,
  q: Q = ctx.store.db,
): Promise<UserSession[]> {
  const now = toUnixSeconds(ctx.clock());
  const { rows } = await sql<SessionRow>`SELECT l.seq AS id, l.created_at, l.last_active_at, l.address,
       l.user_agent, a.name AS application
     FROM login_sessions l LEFT JOIN applications a ON a.id = l.apps_id
     WHERE l.user_id = ${userId} AND l.revoked_at IS NULL AND l.expires_at > ${now}
     ORDER BY l.created_at DESC, l.seq DESC`.execute(q);
  if (rows.length === 0) return [];
  const { rows: opened } = await sql<{ seq: number; name: string }>`SELECT DISTINCT l.seq, ap.name
     FROM app_sessions s JOIN login_sessions l ON l.id = s.login_session_id
     JOIN applications ap ON ap.id = s.app_id
     WHERE l.user_id = ${userId} AND s.revoked_at IS NULL AND s.expires_at > ${now}`.execute(q);
  const appsOf = new Map<number, string[]>();
  for (const row of opened) appsOf.set(row.seq, [...(appsOf.get(row.seq) ?? []), row.name]);
  return rows.map((row) => ({
    id: row.id,
    application:
      appsOf
        .get(row.id)
        ?.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
        .join(', ') ??
      row.application ??
      '',
    signed_in_at: isoOfSeconds(row.created_at),
    last_active_at: row.last_active_at === null ? null : isoOfSeconds(row.last_active_at),
    address: row.address,
    browser: describeUserAgent(row.user_agent),
  }));
}

/** What the drawer shows an editor of users; undefined for an unknown user. */
export async function readAccount(ctx: AppContext, userId: number): Promise<UserAccount | undefined> {
  const row = await ctx.store.db
    .selectFrom('users as u')
    .leftJoin('users as b', 'b.id', 'u.status_changed_by')
    .select([
      'u.id',
      'u.is_active',
      'u.status_reason',
      'u.status_changed_at',
      'u.last_login_at',
      'b.id as changed_by_id',
      'b.nama as changed_by_nama',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
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
    // The sign-in lock is the sign-in half's (auth/account-lock.ts), still read on its own.
    lock: await accountLock(ctx, row.id),
    sessions: row.is_active === 1 ? await openSessions(ctx, row.id) : [],
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
  });
  if (isActive) return;
  // Ended once committed (the session store writes in a transaction of its own); until then the
  // deactivated user's sessions already fail, as a session holds only while its user is active.
  for (const id of ids) await ctx.sessions.revokeUser(id, 'account_deactivated');
}

/** Ends one open login of a user (and its app sessions); false when it is not open or not theirs. */
export async function endSession(ctx: AppContext, userId: number, sessionId: number): Promise<boolean> {
  const now = toUnixSeconds(ctx.clock());
  const ended = await ctx.store.transaction(async (trx) => {
    const { rows } = await sql<{ id: string }>`SELECT id FROM login_sessions
       WHERE seq = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}`.execute(
      trx,
    );
    const id = rows[0]?.id;
    if (id === undefined) return false;
    await sql`UPDATE app_sessions SET revoked_at = ${now}
       WHERE login_session_id = ${id} AND revoked_at IS NULL`.execute(trx);
    await sql`UPDATE login_sessions SET revoked_at = ${now}, revoked_reason = 'ended_by_admin'
       WHERE id = ${id}`.execute(trx);
    return true;
  });
  // Told once committed: the single sign-on provider ends what hung on the login.
  if (ended) ctx.sessions.announceEnded(userId);
  return ended;
}

/** Ends every open login of a user; how many were open. */
export async function endAllSessions(ctx: AppContext, userId: number): Promise<number> {
  const open = (await openSessions(ctx, userId)).length;
  await ctx.sessions.revokeUser(userId, 'ended_by_admin');
  return open;
}
