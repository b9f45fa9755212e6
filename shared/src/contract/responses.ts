import { z } from 'zod';
import {
  applicationSchema,
  availableAppSchema,
  colorSchema,
  companySchema,
  employeeSchema,
  meRoleSchema,
  meUserSchema,
  menuSchema,
  outboxEntrySchema,
  roleApplicationSchema,
  roleOptionSchema,
  roleDetailSchema,
  roleSchema,
  userDetailSchema,
  userSchema,
  userUnitSchema,
} from './entities';
import { envelope, listEnvelope } from './envelope';
import { idSchema } from './fields';

/** Success bodies of spec section 7: `{ message, data }`; lists add `meta.total`. */

/** POST auth/login/nik and auth/login/phone → `data: { token, apps_id }`. */
export const loginDataSchema = z.object({ token: z.string().min(1), apps_id: idSchema });
export type LoginData = z.infer<typeof loginDataSchema>;
export const loginResponseSchema = envelope(loginDataSchema);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST auth/login/nik from a browser the account does not know while its sign-in budget is used up
 * (issue 36, HTTP 202): a code went to the registered phone if NIK and password were right, and
 * auth/login/second-proof takes it with `challenge`. Right and wrong passwords get the same answer.
 */
export const secondProofDataSchema = z.object({
  second_proof: z.object({
    challenge: z.string().min(1).max(64),
    masked_phone: z.string(),
    expires_in: z.int().positive(),
  }),
});
export type SecondProofData = z.infer<typeof secondProofDataSchema>;
export const secondProofResponseSchema = envelope(secondProofDataSchema);
/** What auth/login/nik answers: a login, or the second proof it asks for. */
export const loginNikResponseSchema = envelope(z.union([loginDataSchema, secondProofDataSchema]));

/** POST auth/request-otp, forgot-password/request-otp and resend-otp → where and for how long. */
export const otpSentDataSchema = z.object({
  masked_phone: z.string(),
  expires_in: z.int().positive(),
  resend_in: z.int().nonnegative(),
});
export type OtpSentData = z.infer<typeof otpSentDataSchema>;
export const otpSentResponseSchema = envelope(otpSentDataSchema);
export type OtpSentResponse = z.infer<typeof otpSentResponseSchema>;

/** GET session/available-apps → the applications the user may open. */
export const availableAppsResponseSchema = envelope(z.array(availableAppSchema));
export type AvailableAppsResponse = z.infer<typeof availableAppsResponseSchema>;

/** POST session/create → tokens of the app session; `expires_at` in unix seconds. */
export const sessionTokensSchema = z.object({
  access_token: z.string().min(1),
  session_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.int().positive(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;
export const createSessionResponseSchema = envelope(sessionTokensSchema);
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

/** POST session/validate → `{ valid: true, app_id, expires_at }` (an invalid session is a 401). */
export const sessionValidationSchema = z.object({
  valid: z.literal(true),
  app_id: idSchema,
  expires_at: z.int().positive(),
});
export type SessionValidation = z.infer<typeof sessionValidationSchema>;
export const validateSessionResponseSchema = envelope(sessionValidationSchema);
export type ValidateSessionResponse = z.infer<typeof validateSessionResponseSchema>;

/** GET api/me → profile, roles, granted menu tree (per application) and units. */
export const meDataSchema = z.object({
  user: meUserSchema,
  roles: z.array(meRoleSchema),
  user_menu: z.array(roleApplicationSchema),
  user_unit: z.array(userUnitSchema),
});
export type MeData = z.infer<typeof meDataSchema>;
export const meResponseSchema = envelope(meDataSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST logout/app → `data.message`. */
export const logoutResponseSchema = envelope(z.object({ message: z.string() }));
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** POST forgot-password → the masked phone the code will go to (first 4, xxxxx, last 3). */
export const forgotPasswordResponseSchema = envelope(z.object({ masked_phone: z.string() }));
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** POST forgot-password/verify-otp → the code is good for the reset call. */
export const verifyResetOtpResponseSchema = envelope(
  z.object({ nik: z.string(), verified: z.literal(true) }),
);
export type VerifyResetOtpResponse = z.infer<typeof verifyResetOtpResponseSchema>;

/** POST forgot-password/reset → message only (data is null). */
export const resetPasswordResponseSchema = envelope(z.null());
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** GET users/list. */
export const userListResponseSchema = listEnvelope(userSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** GET users/{id}, POST users, PATCH users/{id} → the user with its version. */
export const userResponseSchema = envelope(userDetailSchema);
export type UserResponse = z.infer<typeof userResponseSchema>;

/** DELETE users/{id}, users/bulk, role/delete/{id}, role/delete/bulk → the ids removed. */
export const deleteResponseSchema = envelope(
  z.object({ ids: z.array(idSchema), deleted: z.int().nonnegative() }),
);
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;

/** GET role/list. */
export const roleListResponseSchema = listEnvelope(roleSchema);
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

/** GET role/all → every role for selects, sorted by name. */
export const roleOptionsResponseSchema = envelope(z.array(roleOptionSchema));
export type RoleOptionsResponse = z.infer<typeof roleOptionsResponseSchema>;

/** GET role/detail/{id}, POST role/create, PATCH role/update/{id} → the role with its version. */
export const roleResponseSchema = envelope(roleDetailSchema);
export type RoleResponse = z.infer<typeof roleResponseSchema>;

/** GET colors. */
export const colorsResponseSchema = envelope(z.array(colorSchema));
export type ColorsResponse = z.infer<typeof colorsResponseSchema>;

/** GET applications. */
export const applicationsResponseSchema = envelope(z.array(applicationSchema));
export type ApplicationsResponse = z.infer<typeof applicationsResponseSchema>;

/** GET menu/with-child?apps_id= → that application's menus with sub-menus. */
export const menuWithChildResponseSchema = envelope(z.array(menuSchema));
export type MenuWithChildResponse = z.infer<typeof menuWithChildResponseSchema>;

/** GET user-temporary/search → one page of the employee directory. */
export const employeeSearchResponseSchema = listEnvelope(employeeSchema);
export type EmployeeSearchResponse = z.infer<typeof employeeSearchResponseSchema>;

/** GET company/companies-with-branches → the list sits under `data.data` (spec 7). */
export const companiesResponseSchema = envelope(z.object({ data: z.array(companySchema) }));
export type CompaniesResponse = z.infer<typeof companiesResponseSchema>;

/** GET /__dev/outbox (development only, not under the api prefix): a bare array, newest first. */
export const outboxResponseSchema = z.array(outboxEntrySchema);
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
