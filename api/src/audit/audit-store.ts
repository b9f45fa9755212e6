import {
  AUDIT_COUNT_LIMIT,
  auditChangeSchema,
  type AuditChange,
  type AuditEvent,
  type AuditListParams,
  type AuditResult,
} from '@sso/shared/contract';
import { z } from 'zod';
import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
import { containsPattern, isoAt } from '../http/reply';
import type { ScopeTerm } from '../access/admin-scope';

/** A scoped reader of the log: their users' predicate (admin-scope.ts) and who they are. */
export type AuditScope = ScopeTerm & { actorId: number };

/** An event as recorded (the store adds its id). Never a password, code or token. */
export interface NewAuditEvent {
  at: number;
  actor: { id: number | null; nik: string | null; name: string | null } | null;
  action: string;
  target: { type: string | null; id: string | null; label: string | null } | null;
  result: AuditResult;
  status: number;
  reason: string | null;
  changes: readonly AuditChange[];
  ip: string | null;
  userAgent: string | null;
}

type Row = [
  id: number,
  at: number,
  actor_id: number | null,
  actor_nik: string | null,
  actor_name: string | null,
  action: string,
  target_type: string | null,
  target_id: string | null,
  target_label: string | null,
  result: AuditResult,
  status: number,
  reason: string | null,
  changes: string | null,
  ip: string | null,
  user_agent: string | null,
];

type Args = Array<string | number>;
const rows = statementCache<Args, Row>((stmt) => stmt.raw());
const counts = statementCache<Args, number>((stmt) => stmt.pluck());
const inserts = statementCache<Array<string | number | null>>();

const COLUMNS = `id, at, actor_id, actor_nik, actor_name, action, target_type, target_id, target_label,
  result, status, reason, changes, ip, user_agent`;

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/** Appends one event (the only write of the table besides the prune). */
export function recordEvent(db: Db, event: NewAuditEvent): void {
  const stmt = inserts(
    db,
    `INSERT INTO audit_events (at, actor_id, actor_nik, actor_name, action, target_type, target_id,
       target_label, result, status, reason, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  stmt.run(
    event.at,
    event.actor?.id ?? null,
    event.actor?.nik ?? null,
    event.actor?.name ?? null,
    event.action,
    event.target?.type ?? null,
    event.target?.id ?? null,
    clip(event.target?.label, 255),
    event.result,
    event.status,
    clip(event.reason, 500),
    event.changes.length > 0 ? JSON.stringify(event.changes) : null,
    clip(event.ip, 64),
    clip(event.userAgent, 300),
  );
}

function toEvent(row: Row): AuditEvent {
  const [id, at, actor_id, actor_nik, actor_name, action, target_type, target_id, target_label] = row;
  const [, , , , , , , , , result, status, reason, changes, ip, user_agent] = row;
  return {
    id,
    at: isoAt(at),
    actor_id,
    actor_nik,
    actor_name,
    action,
    target_type,
    target_id,
    target_label,
    result,
    status,
    reason,
    changes: changes === null ? [] : changeList.parse(JSON.parse(changes)),
    ip,
    user_agent,
  };
}

const changeList = z.array(auditChangeSchema);

const DAY_MS = 86_400_000;

/** Start of a calendar day `YYYY-MM-DD` in a zone `tz` minutes east of UTC, as epoch ms. */
const dayStart = (day: string, tz: number) => Date.parse(`${day}T00:00:00Z`) - tz * 60_000;

/**
 * The filters of the list and the export as one WHERE clause (whitelisted fragments, bound values).
 * `inTimeOrder`: the clause of a page read newest first; a kind of action (`user`: every `user.*`)
 * is then tested row by row (`+action`: no index) so SQLite walks the time index in order instead
 * of collecting every action of the kind and sorting them (tens of ms at a million events). The
 * count, which needs no order, reads the kind's index range.
 */
function whereOf(
  params: AuditListParams,
  inTimeOrder = false,
  scope: AuditScope | null = null,
): { sql: string; args: Args } {
  const where: string[] = [];
  const args: Args = [];
  if (scope) {
    // Administration per company (admin-scope.ts): events whose target is a user within the actor's
    // scope, and the actor's own events but those naming a user outside it (a refused try at an
    // outside id is recorded with that user's name: it must not tell them).
    const inside = `EXISTS (SELECT 1 FROM users u WHERE u.id = CAST(target_id AS INTEGER) AND ${scope.sql})`;
    where.push(`((target_type = 'user' AND ${inside})
      OR (actor_id = ? AND (target_type IS NOT 'user' OR target_id IS NULL)))`);
    args.push(...scope.args, scope.actorId);
  }
  if (params.user !== undefined) {
    // Actor or target: two index ranges (audit_actor, audit_target) merged by SQLite's OR plan.
    where.push("(actor_id = ? OR (target_type = 'user' AND target_id = ?))");
    args.push(params.user, String(params.user));
  }
  if (params.actor_id !== undefined) {
    where.push('actor_id = ?');
    args.push(params.actor_id);
  }
  if (params.target_type !== undefined) {
    where.push('target_type = ?');
    args.push(params.target_type);
  }
  if (params.target_id !== undefined) {
    where.push('target_id = ?');
    args.push(params.target_id);
  }
  if (params.action !== undefined) {
    // `user.update` exactly, or every action of a kind: `user` or `auth` (prefix before the dot).
    if (params.action.includes('.')) {
      where.push('action = ?');
      args.push(params.action);
    } else {
      where.push(inTimeOrder ? '+action >= ? AND +action < ?' : 'action >= ? AND action < ?');
      args.push(`${params.action}.`, `${params.action}/`);
    }
  }
  if (params.result !== undefined) {
    where.push('result = ?');
    args.push(params.result);
  }
  if (params.from !== undefined) {
    where.push('at >= +?');
    args.push(dayStart(params.from, params.tz));
  }
  if (params.to !== undefined) {
    where.push('at < +?');
    args.push(dayStart(params.to, params.tz) + DAY_MS);
  }
  if (params.keyword) {
    // LIKE is the definition; for 3 characters or more the trigram index (audit_search) first
    // narrows the rows to a superset of its matches, as the users list does (user-queries.ts).
    const pattern = containsPattern(params.keyword);
    const like = `(actor_name LIKE +? ESCAPE '\\' OR actor_nik LIKE +? ESCAPE '\\' OR target_label LIKE +? ESCAPE '\\')`;
    if ([...params.keyword].length >= 3 && !params.keyword.includes('\0')) {
      where.push(`id IN (SELECT rowid FROM audit_search WHERE audit_search MATCH ?)`);
      args.push(`"${params.keyword.replace(/"/g, '""')}"`);
    }
    where.push(like);
    args.push(pattern, pattern, pattern);
  }
  return { sql: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', args };
}

/**
 * GET audit/list: a page newest first (or oldest first with `sort=asc`) and the number of
 * matches, counted up to AUDIT_COUNT_LIMIT (+1 means "more than that").
 */
export function listEvents(
  db: Db,
  params: AuditListParams,
  scope: AuditScope | null = null,
): { data: AuditEvent[]; total: number } {
  const { sql, args } = whereOf(params, true, scope);
  const direction = params.sort === 'asc' ? 'ASC' : 'DESC';
  const offset = (params.page - 1) * params.perPage;
  const page = rows(
    db,
    `SELECT ${COLUMNS} FROM audit_events ${sql} ORDER BY at ${direction}, id ${direction} LIMIT +? OFFSET +?`,
  ).all(...args, params.perPage, offset);
  const counted = whereOf(params, false, scope);
  const total = counts(
    db,
    `SELECT COUNT(*) FROM (SELECT 1 FROM audit_events ${counted.sql} LIMIT ${AUDIT_COUNT_LIMIT + 1})`,
  ).get(...counted.args);
  return { data: page.map(toEvent), total: total ?? 0 };
}

/**
 * The matches of the list's filters in the list's order, at most `max`, read in slices of `slice`
 * rows by keyset (each slice is one short synchronous read, so other requests write in between:
 * an open better-sqlite3 iterator would make them fail).
 */
export function* eventsInSlices(
  db: Db,
  params: AuditListParams,
  max: number,
  slice = 1000,
  scope: AuditScope | null = null,
): Generator<AuditEvent[]> {
  const { sql, args } = whereOf(params, true, scope);
  const asc = params.sort === 'asc';
  const direction = asc ? 'ASC' : 'DESC';
  const after = asc ? '(at > ? OR (at = ? AND id > ?))' : '(at < ? OR (at = ? AND id < ?))';
  const first = rows(
    db,
    `SELECT ${COLUMNS} FROM audit_events ${sql} ORDER BY at ${direction}, id ${direction} LIMIT +?`,
  );
  const next = rows(
    db,
    `SELECT ${COLUMNS} FROM audit_events ${sql ? `${sql} AND` : 'WHERE'} ${after}
     ORDER BY at ${direction}, id ${direction} LIMIT +?`,
  );
  let left = max;
  let last: Row | undefined;
  while (left > 0) {
    const size = Math.min(slice, left);
    const got: Row[] = last ? next.all(...args, last[1], last[1], last[0], size) : first.all(...args, size);
    if (got.length === 0) return;
    yield got.map(toEvent);
    left -= got.length;
    last = got[got.length - 1];
    if (got.length < size) return;
  }
}

/**
 * Deletes the events older than `retentionDays` before `now` (the only DELETE the table's trigger
 * lets through: the cutoff is written into `audit_prune` for this transaction only).
 */
export function pruneEvents(db: Db, now: number, retentionDays: number): number {
  const cutoff = now - retentionDays * DAY_MS;
  return db.transaction(() => {
    db.prepare('INSERT INTO audit_prune (cutoff) VALUES (?)').run(cutoff);
    const { changes } = db.prepare('DELETE FROM audit_events WHERE at < ?').run(cutoff);
    db.prepare('DELETE FROM audit_prune').run();
    return changes;
  })();
}

/**
 * Planner statistics for the event table only (sampled: `analysis_limit`, milliseconds at any
 * size). Without them SQLite read a kind filter or a user + result filter through the wrong index
 * (hundreds of ms at a million events); statistics of the other tables are left alone (an ANALYZE
 * of `users` gave the users list a slower plan).
 */
export function analyzeEvents(db: Db): void {
  db.pragma('analysis_limit = 1000');
  db.exec('ANALYZE audit_events');
}
