import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  API_PREFIX,
  AUDIT_ACTION,
  bulkDeletePayloadSchema,
  idSchema,
  paths,
  type AuditResult,
  maskPhone,
} from '@sso/shared/contract';
import type { AdminRoute } from '../access/route-access';
import { stripFormatControls } from '../http/format-controls';
import type { AppContext } from '../context';
import type { Q, Store } from '../db/store';
import { reportStoreFault } from '../ops/store-health';
import { analyzeEvents, pruneEvents, recordEvent, type NewAuditEvent } from './audit-store';
import { auditActionOf, kindOf } from './admin-actions';
import {
  REASON_FIELD,
  auditTargetOf,
  changesBetween,
  sessionsEnded,
  type TargetSnapshot,
} from './audit-targets';

/*
 * Log Aktivitas records by hooks, not by edits to the route modules: an admin write is known by its
 * row of ADMIN_ROUTES (bound by admin-access.ts), a sign-in step by its path (SIGN_IN below). The
 * record's "before" is read in preHandler (after the access check and body parsing, before the
 * handler writes), and the event is written in onSend from the status code and the answer's body,
 * before the answer leaves. Nothing of a request body is stored but the NIK or phone a
 * sign-in names and the ids an admin write names: never a password, code or token.
 */

type Body = Record<string, unknown>;

interface RequestAudit {
  before: Map<number, TargetSnapshot | null>;
  payload?: string;
}

const state = new WeakMap<FastifyRequest, RequestAudit>();

// What the hooks read of a request or an answer, by the contract's validator: what does not match
// reads as absent (a hook never fails a request).
const bodySchema = z.record(z.string(), z.unknown());
/** An id as a body holds it, or as a path parameter writes it. */
const anyIdSchema = z.union([
  idSchema,
  z
    .string()
    .regex(/^\d{1,15}$/)
    .pipe(z.coerce.number())
    .pipe(idSchema),
]);
const readOf =
  <T>(schema: z.ZodType<T>) =>
  (value: unknown): T | undefined => {
    const result = schema.safeParse(value);
    return result.success ? result.data : undefined;
  };
const asObject = readOf<Body>(bodySchema);
const asText = readOf(z.string());
const asId = readOf(anyIdSchema);

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

type Actor = NonNullable<NewAuditEvent['actor']>;
/** The account a second-proof challenge names (auth/second-proof.ts), or null for an unknown NIK. */
async function challengeOwner(q: Q, challenge: string): Promise<number | null> {
  const { rows } = await sql<{
    user_id: number | null;
  }>`SELECT user_id FROM sign_in_challenges WHERE id = ${challenge}`.execute(q);
  return rows[0]?.user_id ?? null;
}

async function actorById(q: Q, id: number): Promise<Actor> {
  const row = await q.selectFrom('users').select(['nik', 'nama']).where('id', '=', id).executeTakeFirst();
  return { id, nik: row?.nik ?? null, name: row?.nama ?? null };
}

/**
 * What is kept of a typed NIK that names no account (issue 36, finding 12): its length only, as
 * dots. People type passwords into the NIK field; the log, its readers and its table never see it.
 */
export const maskTyped = (typed: string): string =>
  '\u2022'.repeat(Math.min(Math.max([...stripFormatControls(typed)].length, 1), 16));

/** The account a sign-in step names; an unknown NIK is kept masked (someone tried one; not what). */
async function actorOfNik(store: Store, nik: string | undefined): Promise<NewAuditEvent['actor']> {
  if (nik === undefined) return null;
  const row = await store.db
    .selectFrom('users')
    .select(['id', 'nik', 'nama'])
    .where(store.admin.equalsNoCase(sql.ref('nik'), nik))
    .executeTakeFirst();
  return row ? { id: row.id, nik: row.nik, name: row.nama } : { id: null, nik: maskTyped(nik), name: null };
}

async function actorOfPhone(q: Q, phone: string | undefined): Promise<NewAuditEvent['actor']> {
  if (phone === undefined) return null;
  const row = await q
    .selectFrom('users')
    .select(['id', 'nik', 'nama'])
    .where('phone', 'in', [phone, phone.replace(/^\+?62/, '0')])
    .orderBy('is_active', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, nik: row.nik, name: row.nama } : null;
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

interface SignInStep {
  action: string;
  actor(store: Store, request: FastifyRequest, body: Body | undefined): Promise<NewAuditEvent['actor']>;
  target?(store: Store, request: FastifyRequest): Promise<NewAuditEvent['target']>;
}

const byNik: SignInStep['actor'] = (store, request) => actorOfNik(store, asText(asObject(request.body)?.nik));
const byPhone: SignInStep['actor'] = (store, request) =>
  actorOfPhone(store.db, asText(asObject(request.body)?.phone));
const byBearer: SignInStep['actor'] = async (store, request) =>
  request.auth ? actorById(store.db, request.auth.userId) : null;
const phoneTarget: SignInStep['target'] = async (_store, request) => {
  const phone = asText(asObject(request.body)?.phone);
  if (!phone) return null;
  // A phone number is shown masked; anything else typed there only as dots (it may be a password).
  return {
    type: 'phone',
    id: null,
    label: /^\+?[0-9]{8,15}$/.test(phone) ? maskPhone(phone) : maskTyped(phone),
  };
};

/** The sign-in steps recorded, by route path (spec 4 "Login chain", "Forgot password"). */
const SIGN_IN: ReadonlyMap<string, SignInStep> = new Map<string, SignInStep>([
  [paths.auth.loginNik, { action: AUDIT_ACTION.loginNik, actor: byNik }],
  [paths.auth.loginPhone, { action: AUDIT_ACTION.loginPhone, actor: byPhone, target: phoneTarget }],
  [paths.auth.requestOtp, { action: AUDIT_ACTION.otpSend, actor: byPhone, target: phoneTarget }],
  [
    paths.auth.loginSecondProof,
    {
      action: AUDIT_ACTION.loginSecondProof,
      actor: async (store, request) => {
        const challenge = asText(asObject(request.body)?.challenge);
        const id = challenge ? await challengeOwner(store.db, challenge) : null;
        return id === null ? null : actorById(store.db, id);
      },
    },
  ],
  [paths.forgotPassword.start, { action: AUDIT_ACTION.resetStart, actor: byNik }],
  [paths.forgotPassword.requestOtp, { action: AUDIT_ACTION.resetOtpSend, actor: byNik }],
  [paths.forgotPassword.resendOtp, { action: AUDIT_ACTION.resetOtpSend, actor: byNik }],
  [paths.forgotPassword.verifyOtp, { action: AUDIT_ACTION.resetOtpVerify, actor: byNik }],
  [paths.forgotPassword.reset, { action: AUDIT_ACTION.resetComplete, actor: byNik }],
  [
    paths.session.create,
    {
      action: AUDIT_ACTION.sessionCreate,
      actor: byBearer,
      target: async (store, request) => {
        const id = asId(asObject(request.body)?.app_id);
        if (id === undefined) return null;
        const app = await store.db
          .selectFrom('applications')
          .select('name')
          .where('id', '=', id)
          .executeTakeFirst();
        return { type: 'application', id: String(id), label: app?.name ?? null };
      },
    },
  ],
  [paths.session.logout, { action: AUDIT_ACTION.logout, actor: byBearer }],
]);

const signInStepOf = (request: FastifyRequest): SignInStep | undefined => {
  const url = request.routeOptions.url;
  return url?.startsWith(API_PREFIX) ? SIGN_IN.get(url.slice(API_PREFIX.length)) : undefined;
};

/** The admin write a request is (GET rows are reads: not recorded). */
const adminWriteOf = (request: FastifyRequest): AdminRoute | undefined => {
  const row = request.routeOptions.config.adminRoute;
  return row && row.method !== 'GET' ? row : undefined;
};

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
    const row = adminWriteOf(request);
    if (!row) return;
    const target = auditTargetOf(row.action);
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

  const recordAdmin = async (request: FastifyRequest, reply: FastifyReply, row: AdminRoute) => {
    // 401: no session, nobody to name (the access check answered before anything else).
    if (!request.auth) return;
    const audit = state.get(request);
    const body = parsed(audit?.payload);
    const common = base(request, reply);
    const actor = await actorById(db, request.auth.userId);
    const target = auditTargetOf(row.action);
    const kind = kindOf(row.method);
    const requestBody = asObject(request.body);
    const action = auditActionOf(row, { params: asObject(request.params) ?? {}, body: requestBody });
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
    const row = adminWriteOf(request);
    const step = row ? undefined : signInStepOf(request);
    if (!row && !step) return payload;
    if (typeof payload === 'string') {
      const audit: RequestAudit = state.get(request) ?? { before: new Map() };
      audit.payload = payload;
      state.set(request, audit);
    }
    try {
      if (row) await recordAdmin(request, reply, row);
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
