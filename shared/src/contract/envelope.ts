import { z } from 'zod';
import { SESSION_END_REASONS } from './constants';

/**
 * The one error envelope every api failure carries (DESIGN: "Pin the envelope once").
 * `errors` holds field messages (spec 7 also names `data.errors`: a backend that nests them there is
 * read the same); `code: 6` with `window_seconds` is the OTP resend rate limit.
 */
export const fieldErrorKeys = ['nik', 'password', 'new_password', 'phone', 'otp'] as const;
export type FieldErrorKey = (typeof fieldErrorKeys)[number];

const fieldErrorsSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const apiErrorBodySchema = z.object({
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
  // Any other `data` is not field errors: ignored, not a reason to distrust the body.
  data: z.object({ errors: fieldErrorsSchema.optional() }).optional().catch(undefined),
  code: z.number().int().optional(),
  window_seconds: z.number().int().nonnegative().optional(),
  /** Of a 401: why the session ended (SESSION_END_REASONS); an unknown one reads as none. */
  reason: z.enum(SESSION_END_REASONS).optional().catch(undefined),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Rate-limit code of spec section 8: "an error with code 6 carries window_seconds". */
export const OTP_RATE_LIMIT_CODE = 6;

/** Every success body carries a message shown as a toast (spec section 7). */
export const messageSchema = z.object({ message: z.string() });

/** `{ message, data }` success envelope. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** List response: data[] and meta.total (spec section 3). */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    message: z.string().optional(),
    data: z.array(item),
    meta: z.object({ total: z.number().int().nonnegative() }),
  });
