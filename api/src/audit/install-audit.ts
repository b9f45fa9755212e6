import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bulkDeletePayloadSchema, type AuditResult } from '@sso/shared/contract';
import { stripFormatControls } from '../http/format-controls';
import type { AppContext } from '../context';
import { reportStoreFault } from '../ops/store-health';
import { analyzeEvents, pruneEvents, recordEvent } from './audit-store';
import { adminWriteOf, auditActionOf, kindOf, type AdminWrite } from './admin-actions';
import { REASON_FIELD, changesBetween, sessionsEnded, type TargetSnapshot } from './audit-targets';
import { asId, asObject, asText, type Body } from './request-readers';
import { actorById, type SignInStep } from './sign-in-steps';

/*
 * Log Aktivitas records by hooks, from each route's declaration (http/route.ts): an admin write
 * names its target describer or its own action, a sign-in step names its step. The
 * record's "before" is read in preHandler (after the access check and body parsing, before the
 * handler writes), and the event is written in onSend from the status code and the answer's body,
 * before the answer leaves. Nothing of a request body is stored but the NIK or phone a
 * sign-in names and the ids an admin write names: never a password, code or token.
 */

interface RequestAudit {
  before: Map<number, TargetSnapshot | null>;
  payload?: string;
}

const state = new WeakMap<FastifyRequest, RequestAudit>();

function resultOf(status: number): AuditResult {
  // 202: a sign-in held for a second proof (issue 36), not a sign-in yet.
  if (status === 202) return 'refused';
  if (status < 400) return 'done';
  return status === 403 || status === 409 || status === 429 ? 'refused' : 'failed';
}

/** Why an attempt failed, from the error envelope: the first field message, else the message. */
function reasonOf(body: Body | undefined): string | null {
  const errors = asObject(body?.errors);
  const first = errors ? Object.values(errors).find((v) => typeof v === 'string') : undefined;
  return asText(first) ?? asText(body?.message) ?? null;
}

function parsed(payload: string | undefined): Body | undefined {
  if (payload === undefined || payload === '') return undefined;
  try {
    return asObject(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

/**
 * Ids an admin write names: `:id` of the path, or `ids` of a bulk body (delete, status, the users'
 * role or AP/unit change: one event per user, before → after), once each. A bulk body the route will
 * refuse (over the count limit, not a list of ids) names none: its limits are checked before any work
 * (no snapshot read, one event at most; issue 36, finding 5).
 */
function idsOf(request: FastifyRequest): number[] {
  const id = asId(asObject(request.params)?.id);
  if (id !== undefined) return [id];
  if (request.method === 'POST') return [];
  const parsed = bulkDeletePayloadSchema.safeParse(request.body);
  return parsed.success ? [...new Set(parsed.data.ids)] : [];
}

/**
 * Every 6 hours, and at start: events older than the retention go (AUDIT_RETENTION_DAYS), and the
 * table's planner statistics are refreshed.
 */
const PRUNE_EVERY_MS = 6 * 3_600_000;

/**
 * Installs the recording hooks on `scope` (the api prefix: sign-in routes and the admin scope
 * below it) and the retention prune. Call it before the routes are registered.
 */
/** Snapshot reads of a write's targets sent together (a PostgreSQL pool's size, ADR 0026). */
const SNAPSHOT_READS_AT_ONCE = 10;

export function installAudit(scope: FastifyInstance, ctx: AppContext): void {
  const { store } = ctx;
  const db = store.db;
  const base = (request: FastifyRequest, reply: FastifyReply) => ({
    at: ctx.clock(),
    status: reply.statusCode,
    result: resultOf(reply.statusCode),
    ip: request.ip,
    userAgent: stripFormatControls(asText(request.headers['user-agent']) ?? '') || null,
  });

  scope.addHook('preHandler', async (request) => {
    const write = adminWriteOf(request.routeOptions.config.route);
    if (!write) return;
    const { target } = write.audit;
    const before = new Map<number, TargetSnapshot | null>();
    if (target) {
      // A few at a time: on PostgreSQL each read is a round trip, and a bulk write names thousands
      // of ids (the pool serves them side by side; SQLite's one connection takes them in turn).
      const ids = idsOf(request);
      for (let start = 0; start < ids.length; start += SNAPSHOT_READS_AT_ONCE) {
        const chunk = ids.slice(start, start + SNAPSHOT_READS_AT_ONCE);
        const snapshots = await Promise.all(chunk.map((id) => target.describe(db, id)));
        chunk.forEach((id, i) => before.set(id, snapshots[i] ?? null));
      }
    }
    state.set(request, { before });
  });

  const recordAdmin = async (request: FastifyRequest, reply: FastifyReply, write: AdminWrite) => {
    // 401: no session, nobody to name (the access check answered before anything else).
    if (!request.auth) return;
    const audit = state.get(request);
    const body = parsed(audit?.payload);
    const common = base(request, reply);
    const actor = await actorById(db, request.auth.userId);
    const { target } = write.audit;
    const kind = kindOf(write.method);
    const requestBody = asObject(request.body);
    const action = auditActionOf(write, { params: asObject(request.params) ?? {}, body: requestBody });
    const reason = common.result === 'done' ? null : reasonOf(body);
    // The reason an administrator typed (a status change), kept with what changed.
    const typedReason = asText(requestBody?.reason)?.trim();
    const typed = typedReason
      ? [{ field: REASON_FIELD, before: null, after: typedReason.slice(0, 500) }]
      : [];
    const data = asObject(body?.data);
    // A refused or failed write changed nothing: one event, naming its id when it named one only.
    const ids = common.result === 'done' || idsOf(request).length === 1 ? idsOf(request) : [];
    if (ids.length === 0 && common.result === 'done' && kind === 'create') {
      const created = asId(data?.id);
      if (created !== undefined) ids.push(created);
    }
    if (ids.length === 0) {
      await recordEvent(db, {
        ...common,
        actor,
        action,
        target: target ? { type: target.type, id: null, label: null } : null,
        reason,
        changes: [],
      });
      return;
    }
    // A bulk delete answers the ids it deleted: one event per deleted id; the ids it did not delete
    // (unknown ones) one event between them, so a list of unknown ids writes one row, not one each.
    const deleted = Array.isArray(data?.ids) ? new Set(data.ids.map(asId)) : undefined;
    const skipped = deleted === undefined ? [] : ids.filter((id) => !deleted.has(id));
    await store.transaction(async (trx) => {
      for (const id of ids) {
        if (deleted !== undefined && !deleted.has(id)) continue;
        const before = audit?.before.has(id) ? (audit.before.get(id) ?? null) : null;
        const after = target ? await target.describe(trx, id) : null;
        const done = common.result === 'done';
        await recordEvent(trx, {
          ...common,
          actor,
          action,
          target: { type: target?.type ?? null, id: String(id), label: (after ?? before)?.label ?? null },
          reason,
          changes:
            done && target
              ? [
                  ...changesBetween(kind === 'create' ? null : before, after),
                  ...sessionsEnded(before, after),
                  ...typed,
                ]
              : [],
        });
      }
      if (skipped.length > 0) {
        await recordEvent(trx, {
          ...common,
          result: 'failed',
          actor,
          action,
          target: {
            type: target?.type ?? null,
            id: skipped.length === 1 ? String(skipped[0]) : null,
            label: null,
          },
          reason: skipped.length === 1 ? 'Tidak dihapus' : `${skipped.length} data tidak dihapus`,
          changes: [],
        });
      }
    });
  };

  const recordSignIn = async (request: FastifyRequest, reply: FastifyReply, step: SignInStep) => {
    const body = parsed(state.get(request)?.payload);
    const common = base(request, reply);
    const actor = await step.actor(store, request, body);
    await recordEvent(db, {
      ...common,
      actor,
      action: step.action,
      target: (await step.target?.(store, request)) ?? null,
      reason: common.result === 'done' ? null : reasonOf(body),
      changes: [],
    });
  };

  /*
   * The event is written before the answer leaves (onSend: the status and body are final, the
   * handler's write is done): an answered write has its event, also when this instance stops right
   * after answering, and a read that follows the answer, on any instance, finds it. The caller waits
   * for one insert. A failed record never fails the answer.
   */
  scope.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.config.route;
    const write = adminWriteOf(route);
    const step = route?.audit?.kind === 'signIn' ? route.audit.step : undefined;
    if (!write && !step) return payload;
    if (typeof payload === 'string') {
      const audit: RequestAudit = state.get(request) ?? { before: new Map() };
      audit.payload = payload;
      state.set(request, audit);
    }
    try {
      if (write) await recordAdmin(request, reply, write);
      else if (step) await recordSignIn(request, reply, step);
    } catch (error) {
      // A failed record is the operator's problem, not the caller's. A storage fault is logged once
      // for all requests (ops/store-health.ts), not here.
      if (!reportStoreFault(ctx.store.db, error))
        request.log.error({ err: error }, 'audit: event not recorded');
    } finally {
      state.delete(request);
    }
    return payload;
  });

  const prune = async () => {
    try {
      await pruneEvents(store, ctx.clock(), ctx.config.auditRetentionDays);
      await analyzeEvents(store);
    } catch (error) {
      scope.log.error({ err: error }, 'audit: prune failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  scope.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  });
  scope.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
