import {
  AUDIT_COUNT_LIMIT,
  auditChangeSchema,
  type AuditChange,
  type AuditEvent,
  type AuditListParams,
  type AuditResult,
} from '@sso/shared/contract';
import { z } from 'zod';
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Q, Store, Tables } from '../db/store';
import { containsPattern, isoAt } from '../http/reply';

/** A scoped reader of the log: their users' predicate (admin-scope.ts `scopeFilter`) and who they are. */
export interface AuditScope {
  users: RawBuilder<SqlBool>;
  actorId: number;
}

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

type Row = Selectable<Tables['audit_events']>;

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/** Appends one event (the only write of the table besides the prune). */
export async function recordEvent(q: Q, event: NewAuditEvent): Promise<void> {
  await q
    .insertInto('audit_events')
    .values({
      at: event.at,
      actor_id: event.actor?.id ?? null,
      actor_nik: event.actor?.nik ?? null,
      actor_name: event.actor?.name ?? null,
      action: event.action,
      target_type: event.target?.type ?? null,
      target_id: event.target?.id ?? null,
      target_label: clip(event.target?.label, 255),
      result: event.result,
      status: event.status,
      reason: clip(event.reason, 500),
      changes: event.changes.length > 0 ? JSON.stringify(event.changes) : null,
      ip: clip(event.ip, 64),
      user_agent: clip(event.userAgent, 300),
    })
    .execute();
}

function toEvent(row: Row): AuditEvent {
  return {
    ...row,
    at: isoAt(row.at),
    changes: row.changes === null ? [] : changeList.parse(JSON.parse(row.changes)),
  };
}

const changeList = z.array(auditChangeSchema);

const DAY_MS = 86_400_000;

/** Start of a calendar day `YYYY-MM-DD` in a zone `tz` minutes east of UTC, as epoch ms. */
const dayStart = (day: string, tz: number) => Date.parse(`${day}T00:00:00Z`) - tz * 60_000;

type Term = RawBuilder<SqlBool>;
const ref = (column: keyof Row & string) => sql.ref<unknown>(column);

/**
 * The filters of the list and the export as WHERE terms (bound values).
 * `inTimeOrder`: the terms of a page read newest first; a kind of action (`user`: every `user.*`)
 * is then tested row by row (`store.admin.unindexed`: no index) so SQLite walks the time index in
 * order instead of collecting every action of the kind and sorting them (tens of ms at a million
 * events). The count, which needs no order, reads the kind's index range.
 */
function whereOf(
  store: Store,
  params: AuditListParams,
  inTimeOrder = false,
  scope: AuditScope | null = null,
): Term[] {
  const { admin } = store;
  const where: Term[] = [];
  const maybeUnindexed = (column: keyof Row & string) =>
    inTimeOrder ? admin.unindexed(ref(column)) : ref(column);
  if (scope) {
    // Administration per company (admin-scope.ts): events whose target is a user within the actor's
    // scope, and the actor's own events but those naming a user outside it (a refused try at an
    // outside id is recorded with that user's name: it must not tell them). The cast is reached only
    // for a user's target (CASE keeps PostgreSQL from casting another type's id).
    const inside = sql<SqlBool>`EXISTS (SELECT 1 FROM users u WHERE u.id = CASE WHEN target_type = 'user' THEN CAST(target_id AS BIGINT) END AND ${scope.users})`;
    where.push(sql<SqlBool>`((target_type = 'user' AND ${inside})
      OR (actor_id = ${scope.actorId} AND (target_type IS NULL OR target_type <> 'user' OR target_id IS NULL)))`);
  }
  if (params.user !== undefined) {
    // Actor or target: two index ranges (audit_actor, audit_target) merged by an OR plan.
    where.push(
      sql<SqlBool>`(actor_id = ${params.user} OR (target_type = 'user' AND target_id = ${String(params.user)}))`,
    );
  }
  if (params.actor_id !== undefined) where.push(sql<SqlBool>`actor_id = ${params.actor_id}`);
  if (params.target_type !== undefined) where.push(sql<SqlBool>`target_type = ${params.target_type}`);
  if (params.target_id !== undefined) where.push(sql<SqlBool>`target_id = ${params.target_id}`);
  if (params.action !== undefined) {
    // `user.update` exactly, or every action of a kind: `user` or `auth` (prefix before the dot).
    if (params.action.includes('.')) where.push(sql<SqlBool>`action = ${params.action}`);
    else {
      const action = maybeUnindexed('action');
      where.push(sql<SqlBool>`${action} >= ${`${params.action}.`} AND ${action} < ${`${params.action}/`}`);
    }
  }
  if (params.result !== undefined) where.push(sql<SqlBool>`result = ${params.result}`);
  if (params.from !== undefined) where.push(sql<SqlBool>`at >= ${dayStart(params.from, params.tz)}`);
  if (params.to !== undefined) where.push(sql<SqlBool>`at < ${dayStart(params.to, params.tz) + DAY_MS}`);
  if (params.keyword) {
    // Containment ignoring case is the definition; the store may first narrow the rows by its
    // trigram index (SQLite's audit_search), as the users list does (user-queries.ts).
    const pattern = containsPattern(params.keyword);
    const narrowing = admin.searchNarrowing(ref('id'), 'audit_search', params.keyword);
    if (narrowing) where.push(narrowing);
    where.push(
      sql<SqlBool>`(${sql.join(
        (['actor_name', 'actor_nik', 'target_label'] as const).map((c) => admin.contains(ref(c), pattern)),
        sql` OR `,
      )})`,
    );
  }
  return where;
}

const whereClause = (terms: readonly Term[]) =>
  terms.length > 0 ? sql`WHERE ${sql.join(terms, sql` AND `)}` : sql``;

const COLUMNS = sql.raw(`id, at, actor_id, actor_nik, actor_name, action, target_type, target_id,
  target_label, result, status, reason, changes, ip, user_agent`);

/**
 * GET audit/list: a page newest first (or oldest first with `sort=asc`) and the number of
 * matches, counted up to AUDIT_COUNT_LIMIT (+1 means "more than that").
 */
export async function listEvents(
  store: Store,
  params: AuditListParams,
  scope: AuditScope | null = null,
): Promise<{ data: AuditEvent[]; total: number }> {
  const direction = sql.raw(params.sort === 'asc' ? 'ASC' : 'DESC');
  const offset = (params.page - 1) * params.perPage;
  const page =
    await sql<Row>`SELECT ${COLUMNS} FROM audit_events ${whereClause(whereOf(store, params, true, scope))}
    ORDER BY at ${direction}, id ${direction} LIMIT ${params.perPage} OFFSET ${offset}`.execute(store.db);
  const counted = await sql<{ total: number }>`SELECT COUNT(*) AS total FROM (SELECT 1 FROM audit_events
    ${whereClause(whereOf(store, params, false, scope))} LIMIT ${sql.lit(AUDIT_COUNT_LIMIT + 1)}) AS matches`.execute(
    store.db,
  );
  return { data: page.rows.map(toEvent), total: Number(counted.rows[0]?.total ?? 0) };
}

/**
 * The matches of the list's filters in the list's order, at most `max`, read in slices of `slice`
 * rows by keyset (each slice is one short read, so other requests write in between: no cursor is
 * held open across slices).
 */
export async function* eventsInSlices(
  store: Store,
  params: AuditListParams,
  max: number,
  slice = 1000,
  scope: AuditScope | null = null,
): AsyncGenerator<AuditEvent[]> {
  const asc = params.sort === 'asc';
  const direction = sql.raw(asc ? 'ASC' : 'DESC');
  const terms = whereOf(store, params, true, scope);
  let left = max;
  let last: Row | undefined;
  while (left > 0) {
    const size = Math.min(slice, left);
    const after = last
      ? asc
        ? sql<SqlBool>`(at > ${last.at} OR (at = ${last.at} AND id > ${last.id}))`
        : sql<SqlBool>`(at < ${last.at} OR (at = ${last.at} AND id < ${last.id}))`
      : undefined;
    const { rows: got } = await sql<Row>`SELECT ${COLUMNS} FROM audit_events
      ${whereClause(after ? [...terms, after] : terms)}
      ORDER BY at ${direction}, id ${direction} LIMIT ${size}`.execute(store.db);
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
export async function pruneEvents(store: Store, now: number, retentionDays: number): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  return store.transaction(async (trx) => {
    await trx.insertInto('audit_prune').values({ cutoff }).execute();
    const deleted = await trx.deleteFrom('audit_events').where('at', '<', cutoff).executeTakeFirst();
    await trx.deleteFrom('audit_prune').execute();
    return Number(deleted.numDeletedRows);
  });
}

/**
 * Planner statistics for the event table only (sampled on SQLite: `analysis_limit`, milliseconds at
 * any size). Without them SQLite read a kind filter or a user + result filter through the wrong index
 * (hundreds of ms at a million events); statistics of the other tables are left alone (an ANALYZE
 * of `users` gave the users list a slower plan).
 */
export async function analyzeEvents(store: Store): Promise<void> {
  await store.admin.analyze(store.db, 'audit_events');
}
