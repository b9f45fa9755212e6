import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AUDIT_ACTION, maskPhone } from '@sso/shared/contract';
import type { Q, Store } from '../db/store';
import { stripFormatControls } from '../http/format-controls';
import type { NewAuditEvent } from './audit-store';
import { asId, asObject, asText, type Body } from './request-readers';

/*
 * The sign-in steps Log Aktivitas records (spec 4 "Login chain", "Forgot password"): each route
 * declares its step (`audit: signInStep(SIGN_IN_STEP.loginNik)`), with who it names and what.
 */

type Actor = NonNullable<NewAuditEvent['actor']>;
/** The account a second-proof challenge names (auth/second-proof.ts), or null for an unknown NIK. */
async function challengeOwner(q: Q, challenge: string): Promise<number | null> {
  const { rows } = await sql<{
    user_id: number | null;
  }>`SELECT user_id FROM sign_in_challenges WHERE id = ${challenge}`.execute(q);
  return rows[0]?.user_id ?? null;
}

export async function actorById(q: Q, id: number): Promise<Actor> {
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

export interface SignInStep {
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

const byChallenge: SignInStep['actor'] = async (store, request) => {
  const challenge = asText(asObject(request.body)?.challenge);
  const id = challenge ? await challengeOwner(store.db, challenge) : null;
  return id === null ? null : actorById(store.db, id);
};

const applicationTarget: SignInStep['target'] = async (store, request) => {
  const id = asId(asObject(request.body)?.app_id);
  if (id === undefined) return null;
  const app = await store.db
    .selectFrom('applications')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return { type: 'application', id: String(id), label: app?.name ?? null };
};

/** The steps the sign-in routes declare (each route names its own: `signInStep(SIGN_IN_STEP.…)`). */
export const SIGN_IN_STEP = {
  loginNik: { action: AUDIT_ACTION.loginNik, actor: byNik },
  loginPhone: { action: AUDIT_ACTION.loginPhone, actor: byPhone, target: phoneTarget },
  otpSend: { action: AUDIT_ACTION.otpSend, actor: byPhone, target: phoneTarget },
  loginSecondProof: { action: AUDIT_ACTION.loginSecondProof, actor: byChallenge },
  resetStart: { action: AUDIT_ACTION.resetStart, actor: byNik },
  resetOtpSend: { action: AUDIT_ACTION.resetOtpSend, actor: byNik },
  resetOtpVerify: { action: AUDIT_ACTION.resetOtpVerify, actor: byNik },
  resetComplete: { action: AUDIT_ACTION.resetComplete, actor: byNik },
  sessionCreate: { action: AUDIT_ACTION.sessionCreate, actor: byBearer, target: applicationTarget },
  logout: { action: AUDIT_ACTION.logout, actor: byBearer },
} as const satisfies Record<string, SignInStep>;
