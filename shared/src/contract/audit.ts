import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './constants';
import { listEnvelope } from './envelope';
import { queryId, queryInt, queryKeywordSchema, sortDirectionSchema } from './fields';

/**
 * Log Aktivitas (DESIGN "Access control"): the api records every administrative write and every
 * sign-in step as an append-only event; the panel reads them. Read-only: no route writes one.
 */
export const auditPaths = {
  list: '/api/v1/ap/audit/list',
  /** The same filters as the list, as CSV (UTF-8 with BOM, at most AUDIT_EXPORT_MAX_ROWS rows). */
  export: '/api/v1/ap/audit/export',
} as const;

/** Largest CSV export; a larger selection is cut at the newest this many rows. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
/** The list counts matches up to this many (an exact count of a million rows costs more than the page). */
export const AUDIT_COUNT_LIMIT = 10_000;

/**
 * Result of an event: `done` (the change or sign-in happened), `refused` (403 no access, 409
 * conflict, 429 throttled: the api said no), `failed` (wrong password or code, invalid input,
 * unknown record).
 */
export const auditResults = ['done', 'refused', 'failed'] as const;
export type AuditResult = (typeof auditResults)[number];

/**
 * Actions the api records. Administrative writes are `<target type>.<create|update|delete>`
 * (a route of another module records `<its PANEL_ACTIONS name>` until it registers a target type);
 * sign-in steps are `auth.*` and `session.*`.
 */
export const AUDIT_ACTION = {
  loginNik: 'auth.login_nik',
  loginPhone: 'auth.login_phone',
  otpSend: 'auth.otp_send',
  resetStart: 'auth.reset_start',
  resetOtpSend: 'auth.reset_otp_send',
  resetOtpVerify: 'auth.reset_otp_verify',
  resetComplete: 'auth.reset_complete',
  sessionCreate: 'session.create',
  logout: 'session.logout',
} as const;

/** One changed field: its value before and after, as text (null: absent). */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEventSchema = z.object({
  id: z.int().positive(),
  /** ISO time of the event. */
  at: z.string(),
  actor_id: z.int().nullable(),
  actor_nik: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  result: z.enum(auditResults),
  /** HTTP status of the answer. */
  status: z.int(),
  /** Why a refused or failed attempt was refused (the api's message), else null. */
  reason: z.string().nullable(),
  changes: z.array(auditChangeSchema),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** GET audit/list → events newest first (by default) and `meta.total`, counted up to AUDIT_COUNT_LIMIT. */
export const auditListResponseSchema = listEnvelope(auditEventSchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `${label} harus berupa teks` })
      .max(max, `${label} maksimal ${max} karakter`)
      .optional(),
  );

/** A calendar date `YYYY-MM-DD` (the client's day; `tz` says how far it is from UTC). */
const queryDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} harus berformat YYYY-MM-DD`)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} tidak valid`)
      .optional(),
  );

/**
 * GET audit/list and audit/export. `keyword` matches the actor's name or NIK and the target's
 * label; `user` keeps events whose actor OR target is that user; `from`/`to` are inclusive days in
 * the client's time zone (`tz`: minutes east of UTC, e.g. 420 for WIB).
 */
export const auditListQuerySchema = z.object({
  page: queryInt('page', { min: 1, max: 1_000_000 }).transform((v) => v ?? FIRST_PAGE),
  perPage: queryInt('perPage', { min: 1, max: MAX_PAGE_SIZE }).transform((v) => v ?? DEFAULT_PAGE_SIZE),
  keyword: queryKeywordSchema,
  sort: sortDirectionSchema,
  actor_id: queryId('actor_id'),
  user: queryId('user'),
  action: optionalText('action', 64),
  target_type: optionalText('target_type', 32),
  target_id: optionalText('target_id', 64),
  result: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(auditResults, { error: 'result tidak dikenal' }).optional(),
  ),
  from: queryDate('from'),
  to: queryDate('to'),
  tz: queryInt('tz', { min: -840, max: 840 }).transform((v) => v ?? 0),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListParams = z.output<typeof auditListQuerySchema>;

/** Hasil as the panel and the CSV show it. */
export const auditResultLabel: Readonly<Record<AuditResult, string>> = {
  done: 'Berhasil',
  refused: 'Ditolak',
  failed: 'Gagal',
};

const SIGN_IN_SENTENCES: Readonly<Record<string, string>> = {
  [AUDIT_ACTION.loginNik]: 'Masuk dengan NIK',
  [AUDIT_ACTION.loginPhone]: 'Masuk dengan nomor HP',
  [AUDIT_ACTION.otpSend]: 'Meminta kode OTP masuk',
  [AUDIT_ACTION.resetStart]: 'Memulai lupa password',
  [AUDIT_ACTION.resetOtpSend]: 'Meminta kode OTP reset password',
  [AUDIT_ACTION.resetOtpVerify]: 'Memverifikasi kode OTP reset password',
  [AUDIT_ACTION.resetComplete]: 'Mengatur ulang password',
  [AUDIT_ACTION.logout]: 'Keluar',
};

/** Admin actions recorded without a record of their own (no before → after). */
const OTHER_SENTENCES: Readonly<Record<string, string>> = {
  'application.logo': 'Mengunggah logo aplikasi',
  'user.import': 'Mengimpor user dari CSV',
  'user.import_check': 'Memeriksa berkas impor user',
};

const VERBS: Readonly<Record<string, string>> = {
  create: 'Menambah',
  update: 'Mengubah',
  delete: 'Menghapus',
};

/** Nouns of target types; a type not listed is shown as it is. */
const NOUNS: Readonly<Record<string, string>> = { user: 'user', role: 'role', application: 'aplikasi' };

/**
 * The event as an Indonesian sentence: "Mengubah user Rina Santoso", "Masuk dengan NIK",
 * "Membuka sesi SSO Admin Panel". An action this version does not know is shown as its code.
 */
export function auditActivity(
  event: Pick<AuditEvent, 'action' | 'target_type' | 'target_id' | 'target_label'>,
): string {
  const target = event.target_label ?? (event.target_id === null ? '' : `#${event.target_id}`);
  if (event.action === AUDIT_ACTION.sessionCreate) return `Membuka sesi ${target}`.trim();
  const signIn = SIGN_IN_SENTENCES[event.action] ?? OTHER_SENTENCES[event.action];
  if (signIn) return signIn;
  const [type, kind] = event.action.split('.');
  const verb = kind === undefined ? undefined : VERBS[kind];
  if (type !== undefined && verb) return `${verb} ${NOUNS[type] ?? type} ${target}`.trim();
  return event.action;
}
