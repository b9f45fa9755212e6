import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, AUDIT_ACTION, paths, type AuditResult } from '@sso/shared/contract';
import type { AdminRoute } from '../access/route-access';
import { maskPhone } from '../auth/mask-phone';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
import { analyzeEvents, pruneEvents, recordEvent, type NewAuditEvent } from './audit-store';
import { auditTargetOf, changesBetween, type TargetSnapshot } from './audit-targets';
import './describers';

/*
 * Log Aktivitas records by hooks, not by edits to the route modules: an admin write is known by its
 * row of ADMIN_ROUTES (bound by admin-access.ts), a sign-in step by its path (SIGN_IN below). The
 * record's "before" is read in preHandler (after the access check and body parsing, before the
 * handler writes), the answer's body is kept in onSend, and the event is written in onResponse
 * from the status code and that body. Nothing of a request body is stored but the NIK or phone a
 * sign-in names and the ids an admin write names: never a password, code or token.
 */

type Body = Record<string, unknown>;

interface RequestAudit {
  before: Map<number, TargetSnapshot | null>;
  payload?: string;
}

const state = new WeakMap<FastifyRequest, RequestAudit>();

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asObject = (value: unknown): Body | undefined => (isObject(value) ? value : undefined);
const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function resultOf(status: number): AuditResult {
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
const actorRows = statementCache<[number], { nik: string; nama: string }>();
const actorByNik = statementCache<[string], { id: number; nik: string; nama: string }>();
const actorByPhone = statementCache<[string, string], { id: number; nik: string; nama: string }>();
const appNames = statementCache<[number], string>((stmt) => stmt.pluck());

function actorById(db: Db, id: number): Actor {
  const row = actorRows(db, 'SELECT nik, nama FROM users WHERE id = ?').get(id);
  return { id, nik: row?.nik ?? null, name: row?.nama ?? null };
}

/** The account a sign-in step names; an unknown NIK is kept as typed (who is guessing which NIK). */
function actorOfNik(db: Db, nik: string | undefined): NewAuditEvent['actor'] {
  if (nik === undefined) return null;
  const row = actorByNik(db, 'SELECT id, nik, nama FROM users WHERE nik = ?').get(nik);
  return row ? { id: row.id, nik: row.nik, name: row.nama } : { id: null, nik: nik.slice(0, 32), name: null };
}

function actorOfPhone(db: Db, phone: string | undefined): NewAuditEvent['actor'] {
  if (phone === undefined) return null;
  const row = actorByPhone(
    db,
    'SELECT id, nik, nama FROM users WHERE phone IN (?, ?) ORDER BY is_active DESC, id LIMIT 1',
  ).get(phone, phone.replace(/^\+?62/, '0'));
  return row ? { id: row.id, nik: row.nik, name: row.nama } : null;
}

type AdminKind = 'create' | 'update' | 'delete';
const KIND: Record<string, AdminKind> = { POST: 'create', PATCH: 'update', PUT: 'update', DELETE: 'delete' };

/**
 * Ids an admin write names: `:id` of the path, or `ids` of a bulk delete's body, or of a bulk
 * change of records with a target type (users/bulk/role: one event per user, before → after).
 */
function idsOf(request: FastifyRequest): number[] {
  const id = asId(asObject(request.params)?.id);
  if (id !== undefined) return [id];
  const row = request.routeOptions.config.adminRoute;
  const bulkChange =
    request.method === 'PATCH' && row !== undefined && auditTargetOf(row.action) !== undefined;
  if (request.method !== 'DELETE' && !bulkChange) return [];
  const ids = asObject(request.body)?.ids;
  return Array.isArray(ids) ? ids.map(asId).filter((v): v is number => v !== undefined) : [];
}

interface SignInStep {
  action: string;
  actor(db: Db, request: FastifyRequest, body: Body | undefined): NewAuditEvent['actor'];
  target?(db: Db, request: FastifyRequest): NewAuditEvent['target'];
}

const byNik: SignInStep['actor'] = (db, request) => actorOfNik(db, asText(asObject(request.body)?.nik));
const byPhone: SignInStep['actor'] = (db, request) => actorOfPhone(db, asText(asObject(request.body)?.phone));
const byBearer: SignInStep['actor'] = (db, request) =>
  request.auth ? actorById(db, request.auth.userId) : null;
const phoneTarget: SignInStep['target'] = (_db, request) => {
  const phone = asText(asObject(request.body)?.phone);
  return phone ? { type: 'phone', id: null, label: maskPhone(phone) } : null;
};

/** The sign-in steps recorded, by route path (spec 4 "Login chain", "Forgot password"). */
const SIGN_IN: ReadonlyMap<string, SignInStep> = new Map<string, SignInStep>([
  [paths.auth.loginNik, { action: AUDIT_ACTION.loginNik, actor: byNik }],
  [paths.auth.loginPhone, { action: AUDIT_ACTION.loginPhone, actor: byPhone, target: phoneTarget }],
  [paths.auth.requestOtp, { action: AUDIT_ACTION.otpSend, actor: byPhone, target: phoneTarget }],
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
      target: (db, request) => {
        const id = asId(asObject(request.body)?.app_id);
        if (id === undefined) return null;
        const name = appNames(db, 'SELECT name FROM applications WHERE id = ?').get(id);
        return { type: 'application', id: String(id), label: name ?? null };
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
export function installAudit(scope: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const base = (request: FastifyRequest, reply: FastifyReply) => ({
    at: ctx.clock(),
    status: reply.statusCode,
    result: resultOf(reply.statusCode),
    ip: request.ip,
    userAgent: asText(request.headers['user-agent']) ?? null,
  });

  scope.addHook('preHandler', async (request) => {
    const row = adminWriteOf(request);
    if (!row) return;
    const target = auditTargetOf(row.action);
    const before = new Map<number, TargetSnapshot | null>();
    if (target) for (const id of idsOf(request)) before.set(id, target.describe(db, id));
    state.set(request, { before });
  });

  scope.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string' && (adminWriteOf(request) || signInStepOf(request))) {
      const audit: RequestAudit = state.get(request) ?? { before: new Map() };
      audit.payload = payload;
      state.set(request, audit);
    }
    return payload;
  });

  /** Admin actions without a record of their own, named like the others (`type.what`) so a filter finds them. */
  const EVENT_ACTION: Readonly<Record<string, string>> = {
    uploadAppLogo: 'application.logo',
    importUsers: 'user.import',
    checkUserImport: 'user.import_check',
  };

  const recordAdmin = (request: FastifyRequest, reply: FastifyReply, row: AdminRoute) => {
    // 401: no session, nobody to name (the access check answered before anything else).
    if (!request.auth) return;
    const audit = state.get(request);
    const body = parsed(audit?.payload);
    const common = base(request, reply);
    const actor = actorById(db, request.auth.userId);
    const target = auditTargetOf(row.action);
    const kind = KIND[row.method];
    const action = target && kind ? `${target.type}.${kind}` : (EVENT_ACTION[row.action] ?? row.action);
    const reason = common.result === 'done' ? null : reasonOf(body);
    const data = asObject(body?.data);
    const ids = idsOf(request);
    if (ids.length === 0 && common.result === 'done' && kind === 'create') {
      const created = asId(data?.id);
      if (created !== undefined) ids.push(created);
    }
    if (ids.length === 0) {
      recordEvent(db, {
        ...common,
        actor,
        action,
        target: target ? { type: target.type, id: null, label: null } : null,
        reason,
        changes: [],
      });
      return;
    }
    // A bulk delete answers the ids it deleted: one event per requested id, each with its result.
    const deleted = Array.isArray(data?.ids) ? new Set(data.ids.map(asId)) : undefined;
    for (const id of ids) {
      const before = audit?.before.has(id) ? (audit.before.get(id) ?? null) : null;
      const after = target ? target.describe(db, id) : null;
      const skipped = common.result === 'done' && deleted !== undefined && !deleted.has(id);
      const done = common.result === 'done' && !skipped;
      recordEvent(db, {
        ...common,
        result: skipped ? 'failed' : common.result,
        actor,
        action,
        target: { type: target?.type ?? null, id: String(id), label: (after ?? before)?.label ?? null },
        reason: skipped ? 'Tidak dihapus' : reason,
        changes: done && target ? changesBetween(kind === 'create' ? null : before, after) : [],
      });
    }
  };

  const recordSignIn = (request: FastifyRequest, reply: FastifyReply, step: SignInStep) => {
    const body = parsed(state.get(request)?.payload);
    const common = base(request, reply);
    const actor = step.actor(db, request, body);
    recordEvent(db, {
      ...common,
      actor,
      action: step.action,
      target: step.target?.(db, request) ?? null,
      reason: common.result === 'done' ? null : reasonOf(body),
      changes: [],
    });
  };

  scope.addHook('onResponse', async (request, reply) => {
    const row = adminWriteOf(request);
    const step = row ? undefined : signInStepOf(request);
    if (!row && !step) return;
    try {
      if (row) recordAdmin(request, reply, row);
      else if (step) recordSignIn(request, reply, step);
    } catch (error) {
      // The answer is sent; a failed record is the operator's problem, not the caller's.
      request.log.error({ err: error }, 'audit: event not recorded');
    } finally {
      state.delete(request);
    }
  });

  const prune = () => {
    try {
      pruneEvents(db, ctx.clock(), ctx.config.auditRetentionDays);
      analyzeEvents(db);
    } catch (error) {
      scope.log.error({ err: error }, 'audit: prune failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  scope.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
  });
  scope.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
