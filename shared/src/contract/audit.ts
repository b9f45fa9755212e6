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
  loginSecondProof: 'auth.login_second_proof',
  otpSend: 'auth.otp_send',
  resetStart: 'auth.reset_start',
  resetOtpSend: 'auth.reset_otp_send',
  resetOtpVerify: 'auth.reset_otp_verify',
  resetComplete: 'auth.reset_complete',
  sessionCreate: 'session.create',
  logout: 'session.logout',
  /** A sign-in to an application through the OpenID Connect provider (target: the application). */
  ssoSignIn: 'sso.sign_in',
  /** "Buat ulang secret" of an application's SSO client (the secret itself is never recorded). */
  clientSecret: 'application.secret',
  /** Two-step verification (issue 31): the second step of a sign-in, done or failed. */
  twoStepVerify: 'auth.two_step',
  twoStepRecoveryUse: 'auth.recovery_code_use',
  twoStepEnrol: 'auth.two_step_enrol',
  twoStepRemove: 'auth.two_step_remove',
  twoStepRecoveryNew: 'auth.recovery_codes_new',
  passkeyLogin: 'auth.login_passkey',
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
  [AUDIT_ACTION.loginSecondProof]: 'Verifikasi masuk (kode ke nomor HP)',
  [AUDIT_ACTION.otpSend]: 'Meminta kode OTP masuk',
  [AUDIT_ACTION.resetStart]: 'Memulai lupa password',
  [AUDIT_ACTION.resetOtpSend]: 'Meminta kode OTP reset password',
  [AUDIT_ACTION.resetOtpVerify]: 'Memverifikasi kode OTP reset password',
  [AUDIT_ACTION.resetComplete]: 'Mengatur ulang password',
  [AUDIT_ACTION.logout]: 'Keluar',
  [AUDIT_ACTION.twoStepVerify]: 'Verifikasi dua langkah saat masuk',
  [AUDIT_ACTION.twoStepRecoveryUse]: 'Memakai kode pemulihan',
  [AUDIT_ACTION.twoStepEnrol]: 'Menambah metode verifikasi dua langkah',
  [AUDIT_ACTION.twoStepRemove]: 'Menghapus metode verifikasi dua langkah',
  [AUDIT_ACTION.twoStepRecoveryNew]: 'Membuat kode pemulihan baru',
  [AUDIT_ACTION.passkeyLogin]: 'Masuk dengan passkey',
};

/**
 * Administrative actions that are not a plain create, update or delete (api audit/admin-actions.ts):
 * the verb and noun before the target's name.
 */
const SPECIAL_SENTENCES: Readonly<Record<string, string>> = {
  'user.deactivate': 'Menonaktifkan user',
  'user.activate': 'Mengaktifkan kembali user',
  'user.sessions_end': 'Mengakhiri semua sesi user',
  'user.session_end': 'Mengakhiri satu sesi user',
  'user.unlock': 'Membuka blokir masuk user',
  'user.two_step_reset': 'Mengatur ulang verifikasi dua langkah user',
  'application.logo': 'Mengunggah logo aplikasi',
  'user.import': 'Mengimpor user dari CSV',
  'user.import_check': 'Memeriksa berkas impor user',
  // Recorded by route name before these had actions of their own (issue 37): still read as words.
  changeUserStatus: 'Mengubah status user',
  endUserSessions: 'Mengakhiri sesi user',
  unlockUser: 'Membuka blokir masuk user',
};

const VERBS: Readonly<Record<string, string>> = {
  create: 'Menambah',
  update: 'Mengubah',
  delete: 'Menghapus',
};

/** Nouns of target types; a type not listed is shown as it is. */
const NOUNS: Readonly<Record<string, string>> = { user: 'user', role: 'role', application: 'aplikasi' };

/**
 * The choices of "Jenis aktivitas": every kind (a prefix: all of its actions) and every action the
 * api records, each with its label. A filter of a kind (`user`) matches all `user.*` actions.
 */
export const auditActionKinds: readonly { value: string; label: string }[] = [
  { value: 'auth', label: 'Masuk dan pemulihan akun' },
  { value: 'session', label: 'Sesi aplikasi dan keluar' },
  { value: 'sso', label: 'Masuk ke aplikasi melalui SSO' },
  { value: 'user', label: 'Semua perubahan user' },
  { value: 'user.create', label: 'Menambah user' },
  { value: 'user.update', label: 'Mengubah user' },
  { value: 'user.delete', label: 'Menghapus user' },
  { value: 'user.deactivate', label: 'Menonaktifkan user' },
  { value: 'user.activate', label: 'Mengaktifkan kembali user' },
  { value: 'user.sessions_end', label: 'Mengakhiri semua sesi user' },
  { value: 'user.session_end', label: 'Mengakhiri satu sesi user' },
  { value: 'user.unlock', label: 'Membuka blokir masuk user' },
  { value: 'user.two_step_reset', label: 'Mengatur ulang verifikasi dua langkah user' },
  { value: 'user.import', label: 'Mengimpor user dari CSV' },
  { value: 'user.import_check', label: 'Memeriksa berkas impor user' },
  { value: 'role', label: 'Semua perubahan role' },
  { value: 'role.create', label: 'Menambah role' },
  { value: 'role.update', label: 'Mengubah role' },
  { value: 'role.delete', label: 'Menghapus role' },
  { value: 'application', label: 'Semua perubahan aplikasi' },
  { value: 'application.create', label: 'Menambah aplikasi' },
  { value: 'application.update', label: 'Mengubah aplikasi' },
  { value: 'application.delete', label: 'Menghapus aplikasi' },
  { value: 'application.logo', label: 'Mengunggah logo aplikasi' },
  { value: 'application.secret', label: 'Membuat ulang secret SSO aplikasi' },
];

/** Fields of the status, the reason typed and the sessions an action ended (api audit-targets.ts). */
const STATUS_FIELD = 'Status';
const REASON_FIELD = 'Alasan';
const SESSIONS_FIELD = 'Sesi diakhiri';
const SHORT_VALUE = 40;

type SentenceEvent = Pick<AuditEvent, 'action' | 'target_type' | 'target_id' | 'target_label'> &
  Partial<Pick<AuditEvent, 'changes'>>;

/** What changed, after the target: "Aktif → Nonaktif, alasan “Resign”; 2 sesi diakhiri: …". */
function changeSummary(event: SentenceEvent): string {
  const changes = event.changes ?? [];
  const parts: string[] = [];
  const status = changes.find((c) => c.field === STATUS_FIELD);
  const reason = changes.find((c) => c.field === REASON_FIELD)?.after;
  const sessions = changes.find((c) => c.field === SESSIONS_FIELD)?.after;
  const special = event.action in SPECIAL_SENTENCES;
  if (status && special) parts.push(`status ${status.before ?? '-'} → ${status.after ?? '-'}`);
  if (reason) parts.push(`alasan “${reason}”`);
  if (sessions) {
    const [count, list] = [
      sessions.slice(0, sessions.indexOf(':')),
      sessions.slice(sessions.indexOf(':') + 2),
    ];
    parts.push(event.action.startsWith('user.session') ? `${count}: ${list}` : `${count} diakhiri: ${list}`);
  }
  const fields = changes.filter((c) => c.field !== SESSIONS_FIELD && c.field !== REASON_FIELD);
  if (!special && event.action.endsWith('.update') && fields.length > 0) {
    // A few short values read in full ("Role: Admin → Viewer"); more, or long ones (menu trees),
    // by their field names (the drawer shows them in full).
    const short = (v: string | null) => (v ?? '-').length <= SHORT_VALUE;
    if (fields.length <= 3 && fields.every((c) => short(c.before) && short(c.after))) {
      parts.unshift(...fields.map((c) => `${c.field}: ${c.before ?? '-'} → ${c.after ?? '-'}`));
    } else {
      parts.unshift(`${fields.map((c) => c.field).join(', ')} diubah`);
    }
  }
  return parts.join('; ');
}

/**
 * The event as an Indonesian phrase, without its actor: "Menonaktifkan user Adi Anggraini (status
 * Aktif → Nonaktif; alasan “Resign”)", "Masuk dengan NIK", "Membuka sesi SSO Admin Panel". The
 * target is named as it was when the event was recorded. An action this version does not know is
 * shown as its code (every action the api records has a phrase: a test goes over the route table).
 */
/** Actions whose event names no single record (a logo upload, an import as a whole). */
const UNTARGETED: ReadonlySet<string> = new Set(['application.logo', 'user.import', 'user.import_check']);

export function auditActivity(event: SentenceEvent): string {
  const target = event.target_label ?? (event.target_id === null ? '' : `#${event.target_id}`);
  if (event.action === AUDIT_ACTION.sessionCreate) return `Membuka sesi ${target}`.trim();
  if (event.action === AUDIT_ACTION.ssoSignIn) return `Masuk ke ${target} melalui SSO`;
  if (event.action === AUDIT_ACTION.clientSecret) return `Membuat ulang secret SSO aplikasi ${target}`.trim();
  const signIn = SIGN_IN_SENTENCES[event.action];
  if (signIn) return signIn;
  const [type, kind] = event.action.split('.');
  const verb = kind === undefined ? undefined : VERBS[kind];
  const head =
    SPECIAL_SENTENCES[event.action] ??
    (type !== undefined && verb ? `${verb} ${NOUNS[type] ?? type}` : undefined);
  if (head === undefined) return event.action;
  const what = UNTARGETED.has(event.action) ? '' : target;
  const summary = changeSummary(event);
  return `${`${head} ${what}`.trim()}${summary ? ` (${summary})` : ''}`;
}

/** Who did it, as a sentence's subject: the name, else the NIK typed, else "Seseorang". */
function subjectOf(event: Pick<AuditEvent, 'actor_name' | 'actor_nik'>): string {
  if (event.actor_name) return event.actor_name;
  if (event.actor_nik) return `NIK ${event.actor_nik}`;
  return 'Seseorang';
}

/**
 * The whole sentence: actor, what, target by name and what changed, and for an attempt that did
 * not happen, why: "Rina Santoso menonaktifkan user Adi Anggraini (status Aktif → Nonaktif;
 * alasan “Resign”).", "NIK 123456 gagal masuk dengan NIK: Password salah."
 */
export function auditSentence(
  event: SentenceEvent & Pick<AuditEvent, 'actor_name' | 'actor_nik' | 'result' | 'reason'>,
): string {
  const activity = auditActivity(event);
  const phrase =
    activity === event.action ? `melakukan ${activity}` : activity[0]?.toLowerCase() + activity.slice(1);
  const subject = subjectOf(event);
  if (event.result === 'done') return `${subject} ${phrase}.`;
  const outcome = event.result === 'refused' ? 'ditolak' : 'gagal';
  return `${subject} mencoba ${phrase}, ${outcome}${event.reason ? `: ${event.reason}` : ''}.`;
}
