import { z } from 'zod';
import { envelope } from './envelope';
import { requiredText } from './fields';
import { loginDataSchema, secondProofDataSchema } from './responses';

/**
 * Two-step verification (issue 31, ADR 0021): an authenticator app (TOTP) and recovery codes as a
 * second step after the password or the phone code, required per role.
 */
export const twoStepPaths = {
  /** The second step of a pending sign-in: an authenticator code or a recovery code. */
  verify: '/auth/login/two-step',
  /** A pending sign-in whose role requires a factor the user has not added: a secret to add now. */
  enrolStart: '/auth/login/two-step/enrol',
  /** ... confirmed by one code: the factor is added and the sign-in completes. */
  enrolConfirm: '/auth/login/two-step/enrol/confirm',
  /** Keamanan Akun of the signed-in user (login or access token). */
  account: '/account/two-step',
  accountTotp: '/account/two-step/totp',
  accountTotpConfirm: '/account/two-step/totp/confirm',
  accountFactor: (id: number | string) => `/account/two-step/factors/${id}`,
  accountRecoveryCodes: '/account/two-step/recovery-codes',
  /** Passkeys: options (a challenge) for a new one, then the browser's answer stores it. */
  accountPasskeyOptions: '/account/two-step/passkey/options',
  accountPasskey: '/account/two-step/passkey',
  /** The second step with a passkey: options bound to the pending sign-in, then its answer. */
  passkeyOptions: '/auth/login/two-step/passkey/options',
  passkeyVerify: '/auth/login/two-step/passkey',
  /** "Masuk dengan passkey": a passkey as the first and only step (it is two factors itself). */
  passkeyLoginOptions: '/auth/login/passkey/options',
  passkeyLogin: '/auth/login/passkey',
  /**
   * Detail User: GET the user's factors (never their secrets); DELETE is "Reset verifikasi dua
   * langkah" (every factor and recovery code removed, sessions ended; body `{ reason? }`).
   */
  user: (id: number | string) => `/api/v1/ap/users/${id}/two-step`,
} as const;

export const TWO_STEP_CODE_EMPTY = 'Kode tidak boleh kosong';
export const TOTP_CODE_FORMAT = 'Kode autentikator harus 6 digit angka';
export const RECOVERY_CODE_FORMAT = 'Kode pemulihan terdiri dari 10 huruf dan angka';
export const TWO_STEP_WRONG_CODE = 'Kode salah atau sudah digunakan';
export const TWO_STEP_REQUIRED_MESSAGE = 'Verifikasi dua langkah diperlukan';
export const TWO_STEP_LAST_FACTOR =
  'Role Anda mewajibkan verifikasi dua langkah: tambahkan metode lain sebelum menghapus yang terakhir';
export const TWO_STEP_CONFIRM_WRONG = 'Password atau kode salah';

const challenge = requiredText('challenge', 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.', 64);

/** A code as typed: text of at most 32 characters (the method's format is checked by the api). */
const codeInput = z
  .string({ error: (issue) => (issue.input === undefined ? TWO_STEP_CODE_EMPTY : 'Kode harus berupa teks') })
  .trim()
  .min(1, TWO_STEP_CODE_EMPTY)
  .max(32, 'Kode terlalu panjang');

export const twoStepMethods = ['totp', 'recovery'] as const;
export type TwoStepMethod = (typeof twoStepMethods)[number];

/** A TOTP code is 6 digits; a recovery code 10 letters and digits (spaces and hyphens ignored). */
export function twoStepCodeProblem(method: TwoStepMethod, code: string): string | null {
  if (method === 'totp') return /^\d{6}$/.test(code.replace(/\s/g, '')) ? null : TOTP_CODE_FORMAT;
  return /^[a-z0-9]{10}$/i.test(code.replace(/[\s-]/g, '')) ? null : RECOVERY_CODE_FORMAT;
}

export const twoStepVerifyPayloadSchema = z.object({
  challenge,
  method: z.enum(twoStepMethods, { error: 'Metode verifikasi tidak dikenal' }),
  code: codeInput,
});
export type TwoStepVerifyPayload = z.input<typeof twoStepVerifyPayloadSchema>;

export const twoStepEnrolStartPayloadSchema = z.object({ challenge });
export const twoStepEnrolConfirmPayloadSchema = z.object({ challenge, code: codeInput });

/** What a first step answers (202) when a second one is needed. */
export const twoStepDataSchema = z.object({
  two_step: z.object({
    challenge: z.string().min(1).max(64),
    /** `enrol`: the role requires a factor and the user has none: add one now. */
    enrol: z.boolean(),
    /** `passkey` when the user has one (answered by the passkey routes, not by a code). */
    methods: z.array(z.enum([...twoStepMethods, 'passkey'])),
    expires_in: z.int().positive(),
  }),
});
export type TwoStepData = z.infer<typeof twoStepDataSchema>;

/** A first step: signed in, or the second step it asks for. */
export const loginOrTwoStepResponseSchema = envelope(z.union([loginDataSchema, twoStepDataSchema]));
/** auth/login/nik: signed in, the second proof of an unknown browser (issue 36), or the second step. */
export const loginNikOrTwoStepResponseSchema = envelope(
  z.union([loginDataSchema, secondProofDataSchema, twoStepDataSchema]),
);

export const totpOfferSchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]+=*$/),
  /** otpauth://totp/... for the QR code. */
  uri: z.string().startsWith('otpauth://totp/'),
});
export const totpOfferResponseSchema = envelope(totpOfferSchema);
export type TotpOffer = z.infer<typeof totpOfferSchema>;

export const recoveryCodesSchema = z.array(z.string()).length(10);

/** A forced enrolment completed: the login, and the recovery codes shown once. */
export const twoStepEnrolledResponseSchema = envelope(
  loginDataSchema.extend({ recovery_codes: recoveryCodesSchema }),
);

export const twoStepFactorSchema = z.object({
  id: z.int().positive(),
  kind: z.enum(['totp', 'passkey']),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type TwoStepFactor = z.infer<typeof twoStepFactorSchema>;

export const twoStepStatusSchema = z.object({
  factors: z.array(twoStepFactorSchema),
  recovery_codes_left: z.int().nonnegative(),
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;
export const twoStepStatusResponseSchema = envelope(twoStepStatusSchema);

export const totpLabelSchema = z
  .string({ error: 'Nama perangkat harus berupa teks' })
  .trim()
  .min(1, 'Nama perangkat tidak boleh kosong')
  .max(60, 'Nama perangkat maksimal 60 karakter');

export const accountTotpStartPayloadSchema = z.object({});
export const accountTotpConfirmPayloadSchema = z.object({
  /** The sealed secret the start answered (`enrolment`), the label and one code of it. */
  enrolment: requiredText('enrolment', 'Mulai ulang penambahan aplikasi autentikator', 400),
  label: totpLabelSchema,
  code: codeInput,
});
export const accountTotpStartResponseSchema = envelope(totpOfferSchema.extend({ enrolment: z.string() }));

export const accountTotpConfirmResponseSchema = envelope(
  z.object({ status: twoStepStatusSchema, recovery_codes: recoveryCodesSchema.nullable() }),
);

/** Removing a factor or new recovery codes: the current password, or a code of a factor. */
export const stepUpPayloadSchema = z
  .object({
    password: z.string().max(200).optional(),
    method: z.enum(twoStepMethods).optional(),
    code: z.string().max(32).optional(),
  })
  .refine((v) => (v.password ?? '') !== '' || (v.code ?? '') !== '', {
    message: 'Masukkan password atau kode verifikasi',
    path: ['password'],
  });
export type StepUpPayload = z.input<typeof stepUpPayloadSchema>;

export const recoveryCodesResponseSchema = envelope(z.object({ recovery_codes: recoveryCodesSchema }));
export const twoStepStatusOnlyResponseSchema = twoStepStatusResponseSchema;

/** The WebAuthn JSON of the browser (checked by the api's WebAuthn library, not here). */
const webAuthnJson = z.object({ id: z.string().min(1).max(2048), type: z.literal('public-key') }).loose();
const passkeyLabelSchema = totpLabelSchema;

export const passkeyOptionsPayloadSchema = z.object({ challenge });
export const passkeyLoginOptionsResponseSchema = envelope(
  z.object({ challenge: z.string(), options: z.record(z.string(), z.unknown()) }),
);
export const passkeyVerifyPayloadSchema = z.object({ challenge, response: webAuthnJson });
export const accountPasskeyPayloadSchema = z.object({
  registration: requiredText('registration', 'Mulai ulang penambahan passkey', 600),
  label: passkeyLabelSchema,
  response: webAuthnJson,
});
/** Options for the browser's WebAuthn call (`optionsJSON` of @simplewebauthn/browser). */
export const passkeyOptionsResponseSchema = envelope(
  z.object({ options: z.record(z.string(), z.unknown()) }),
);
export const accountPasskeyOptionsResponseSchema = envelope(
  z.object({ options: z.record(z.string(), z.unknown()), registration: z.string() }),
);

export const userTwoStepResetPayloadSchema = z.object({
  reason: z.string().trim().max(500, 'Alasan maksimal 500 karakter').optional(),
});
