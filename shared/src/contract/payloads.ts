import { z } from 'zod';
import { DEFAULT_ACCESS_LEVEL, PASSWORD_MIN_LENGTH, isPasswordLongEnough } from './constants';
import { accessLevelSchema } from './entities';
import { nameSchema } from './names';
import { versionField } from './versions';
import { adminScopeSchema } from './admin-scope';
import {
  idSchema,
  nikSchema,
  optionalEmailSchema,
  otpInputSchema,
  phoneSchema,
  requiredId,
  requiredPassword,
  requiredText,
} from './fields';

/** Request bodies of spec section 7. The api validates with these; forms may reuse them. */

/** POST auth/login/nik. `url` is the panel's origin (becomes the url of app 1 in available-apps). */
export const loginNikPayloadSchema = z.object({
  nik: requiredText('NIK', 'NIK tidak boleh kosong', 32),
  password: requiredPassword('Password tidak boleh kosong'),
  url: z.string().max(2048).optional(),
});
export type LoginNikPayload = z.input<typeof loginNikPayloadSchema>;

/** POST auth/request-otp: sends a login code to this phone. */
export const requestOtpPayloadSchema = z.object({ phone: phoneSchema });
export type RequestOtpPayload = z.input<typeof requestOtpPayloadSchema>;

/** POST auth/login/phone. `otp` is a number (an empty code is sent as 0 → 400). */
export const loginPhonePayloadSchema = z.object({ phone: phoneSchema, otp: otpInputSchema });
export type LoginPhonePayload = z.input<typeof loginPhonePayloadSchema>;

/** POST auth/login/second-proof (ours, issue 36): the challenge auth/login/nik answered, and the code. */
export const loginSecondProofPayloadSchema = z.object({
  challenge: requiredText('challenge', 'Sesi verifikasi tidak berlaku. Silakan masuk lagi.', 64),
  otp: otpInputSchema,
});
export type LoginSecondProofPayload = z.input<typeof loginSecondProofPayloadSchema>;

/** POST session/create (bearer): opens a session of one application. */
export const createSessionPayloadSchema = z.object({
  app_id: requiredId('app_id', 'app_id tidak boleh kosong'),
});
export type CreateSessionPayload = z.input<typeof createSessionPayloadSchema>;

/** POST session/validate (bearer). */
export const validateSessionPayloadSchema = z.object({
  session_token: requiredText('session_token', 'session_token tidak boleh kosong', 4096),
});
export type ValidateSessionPayload = z.input<typeof validateSessionPayloadSchema>;

/**
 * POST logout/app (bearer). Both fields may be missing or null: the bearer alone says which session
 * ends (an access token: its app session; the login token: the login and its app sessions).
 */
export const logoutPayloadSchema = z.object({
  session_token: z.string().max(4096).nullish(),
  app_id: idSchema.nullish(),
});
export type LogoutPayload = z.input<typeof logoutPayloadSchema>;

/**
 * POST forgot-password, forgot-password/request-otp and forgot-password/resend-otp: `{ nik }`.
 * (Spec 7 does not show the resend payload; this api takes the same `{ nik }`.)
 */
export const forgotPasswordPayloadSchema = z.object({
  nik: requiredText('NIK', 'NIK tidak boleh kosong', 32),
});
export type ForgotPasswordPayload = z.input<typeof forgotPasswordPayloadSchema>;

/** POST forgot-password/verify-otp. An empty `otp` ('' ) → 400. */
export const verifyResetOtpPayloadSchema = z.object({
  nik: requiredText('NIK', 'NIK tidak boleh kosong', 32),
  otp: otpInputSchema,
});
export type VerifyResetOtpPayload = z.input<typeof verifyResetOtpPayloadSchema>;

const PASSWORD_TOO_SHORT = `Password minimal ${PASSWORD_MIN_LENGTH} karakter`;

/**
 * New password rule (spec 5): at least 6 characters, not counting white space at either end (six
 * spaces are no password). The value is kept as typed: inner and outer spaces stay part of it.
 * The api validates reset bodies with it; the panel's form can use the same schema.
 */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .max(128, 'Password maksimal 128 karakter')
  .refine(isPasswordLongEnough, PASSWORD_TOO_SHORT);

/** POST forgot-password/reset: needs the code verified by verify-otp. */
export const resetPasswordPayloadSchema = z.object({
  nik: requiredText('NIK', 'NIK tidak boleh kosong', 32),
  otp: otpInputSchema,
  new_password: newPasswordSchema,
});
export type ResetPasswordPayload = z.input<typeof resetPasswordPayloadSchema>;

/** A unit chosen for a user; `cabang_name` is informative (the api trusts ids only). */
export const userBranchPayloadSchema = z.object({
  cabang_id: idSchema,
  cabang_name: z.string().max(255).optional(),
});

/** An AP chosen for a user with its units (may be empty). */
export const userCompanyPayloadSchema = z.object({
  perusahaan_id: idSchema,
  perusahaan_name: z.string().max(255).optional(),
  cabang: z.array(userBranchPayloadSchema).max(500).default([]),
});
export type UserCompanyPayload = z.input<typeof userCompanyPayloadSchema>;

/** POST users / PATCH users/{id} (spec 3 "User create/edit payload"). `role_ids` holds one id. */
export const userPayloadSchema = z.object({
  nama: nameSchema('Nama', 'Nama tidak boleh kosong', 150),
  nik: nikSchema,
  phone: phoneSchema,
  email: optionalEmailSchema,
  role_ids: z
    .array(idSchema, { error: 'Role harus dipilih' })
    .min(1, 'Role harus dipilih')
    .max(1, 'Pilih satu role saja'),
  perusahaan: z
    .array(userCompanyPayloadSchema, { error: 'Minimal pilih 1 AP' })
    .min(1, 'Minimal pilih 1 AP')
    .max(200, 'Terlalu banyak AP'),
});
export type UserPayload = z.input<typeof userPayloadSchema>;

/**
 * PATCH users/{id}: the same fields, each optional (the panel sends those it changed), and the
 * `version` it read (versions.ts): a stale one is 409.
 */
export const userUpdatePayloadSchema = userPayloadSchema.partial().extend(versionField);
export type UserUpdatePayload = z.input<typeof userUpdatePayloadSchema>;

/** A granted sub-menu in a role payload; access level defaults to viewer (3). */
export const roleMenuChildPayloadSchema = z.object({
  id: idSchema,
  access_level: accessLevelSchema.default(DEFAULT_ACCESS_LEVEL),
});

/** A granted menu with its granted sub-menus. */
export const roleMenuPayloadSchema = z.object({
  id: idSchema,
  access_level: accessLevelSchema.default(DEFAULT_ACCESS_LEVEL),
  children: z.array(roleMenuChildPayloadSchema).max(500).default([]),
});

/** A granted application with its menu grants. */
export const roleApplicationPayloadSchema = z.object({
  apps_id: idSchema,
  menus: z.array(roleMenuPayloadSchema).max(500).default([]),
});

/** POST role/create / PATCH role/update/{id} (spec 3 "Role payload"). `descriptions` is null. */
export const rolePayloadSchema = z.object({
  name: nameSchema('Nama role', 'Nama role tidak boleh kosong', 100),
  descriptions: z.string().max(1000).nullable().optional(),
  color_id: requiredId('Warna', 'Warna harus dipilih'),
  applications: z
    .array(roleApplicationPayloadSchema, { error: 'Minimal pilih 1 aplikasi' })
    .min(1, 'Minimal pilih 1 aplikasi')
    .max(100, 'Terlalu banyak aplikasi'),
  /** "Cakupan administrasi" (admin-scope.ts); a new role without it is "Seluruh grup". */
  admin_scope: adminScopeSchema.optional(),
  /** "Wajib verifikasi dua langkah" (issue 31); absent: unchanged (false for a new role). */
  requires_two_step: z.boolean({ error: 'Wajib verifikasi dua langkah harus ya atau tidak' }).optional(),
});
export type RolePayload = z.input<typeof rolePayloadSchema>;
export type RoleMenuPayload = z.input<typeof roleMenuPayloadSchema>;

/**
 * PATCH role/update/{id}: the same fields, each optional (the panel sends those it changed), and
 * the `version` it read (versions.ts): a stale one is 409.
 */
export const roleUpdatePayloadSchema = rolePayloadSchema.partial().extend(versionField);
export type RoleUpdatePayload = z.input<typeof roleUpdatePayloadSchema>;

/** DELETE users/bulk and role/delete/bulk: `{ ids: [...] }`; all or nothing. */
export const bulkDeletePayloadSchema = z.object({
  ids: z
    .array(idSchema, { error: 'ids harus berupa daftar id' })
    .min(1, 'Pilih minimal 1 data')
    .max(100_000, 'Terlalu banyak data'),
});
export type BulkDeletePayload = z.input<typeof bulkDeletePayloadSchema>;
