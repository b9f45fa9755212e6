import { z } from 'zod';
import { envelope } from './envelope';
import { idSchema } from './fields';
import { bulkDeletePayloadSchema } from './payloads';

/**
 * Account lifecycle (ours, beside spec 7): an account's status (active or deactivated, with who,
 * when and why), its open sessions, its last sign-in and the sign-in lock of the guessing throttle.
 */

/** Longest reason an administrator may give for a status change. */
export const STATUS_REASON_MAX = 500;

/** Shown at login (NIK, phone OTP) and recovery when the account is deactivated. */
export const INACTIVE_ACCOUNT_MESSAGE = 'Akun Anda tidak aktif. Hubungi administrator.';

/** One open sign-in of a user: where and with what it was made, when it was last used. */
export const userSessionSchema = z.object({
  id: idSchema,
  application: z.string(),
  /** ISO 8601. */
  signed_in_at: z.string(),
  /** ISO 8601; null when not used since the sign-in. */
  last_active_at: z.string().nullable(),
  address: z.string().nullable(),
  /** The browser and system in words ("Chrome 126 di Windows"); null when not sent. */
  browser: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** The throttle holding the account's sign-ins back, until `until` (ISO 8601). */
export const accountLockSchema = z.object({
  until: z.string(),
  failures: z.int().nonnegative(),
});
export type AccountLock = z.infer<typeof accountLockSchema>;

/** Who changed a status last. */
export const statusActorSchema = z.object({ id: idSchema, nama: z.string() });

/** GET users/{id}/account: what the drawer shows an editor of users. */
export const userAccountSchema = z.object({
  id: idSchema,
  is_active: z.boolean(),
  status_reason: z.string().nullable(),
  /** ISO 8601 of the last status change; null when never changed. */
  status_changed_at: z.string().nullable(),
  /** Null when never changed or when that administrator was deleted since. */
  status_changed_by: statusActorSchema.nullable(),
  last_login_at: z.string().nullable(),
  lock: accountLockSchema.nullable(),
  sessions: z.array(userSessionSchema),
});
export type UserAccount = z.infer<typeof userAccountSchema>;
export const userAccountResponseSchema = envelope(userAccountSchema);

const reasonSchema = z
  .string({ error: 'Alasan harus berupa teks' })
  .trim()
  .max(STATUS_REASON_MAX, `Alasan maksimal ${STATUS_REASON_MAX} karakter`)
  .nullish()
  .transform((value) => (value ? value : null));

const isActiveSchema = z.boolean({ error: 'is_active harus true atau false' });

/** PATCH users/{id}/status: activate or deactivate, with an optional reason. */
export const userStatusPayloadSchema = z.object({ is_active: isActiveSchema, reason: reasonSchema });
export type UserStatusPayload = z.input<typeof userStatusPayloadSchema>;

/** PATCH users/bulk/status: the same for several users; all or nothing. */
export const bulkUserStatusPayloadSchema = bulkDeletePayloadSchema.extend({
  is_active: isActiveSchema,
  reason: reasonSchema,
});
export type BulkUserStatusPayload = z.input<typeof bulkUserStatusPayloadSchema>;

/** Bulk status answer: the users changed. */
export const bulkUserStatusResponseSchema = envelope(
  z.object({ ids: z.array(idSchema), changed: z.int().nonnegative() }),
);

/** Ending sessions and lifting a lock answer how many ended (0 or more). */
export const endedResponseSchema = envelope(z.object({ ended: z.int().nonnegative() }));
export type EndedResponse = z.infer<typeof endedResponseSchema>;
