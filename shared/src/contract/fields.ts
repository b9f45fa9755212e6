import { z } from 'zod';
import { OTP_LENGTH } from './constants';

/**
 * Field building blocks shared by the entity, payload and query schemas.
 * Messages are Indonesian because the panel shows them under its fields.
 */

/** Positive safe integer id. */
export const idSchema = z.int().positive();

/** A required id in a body: a missing value gets `emptyMessage`. */
export function requiredId(label: string, emptyMessage: string) {
  return z
    .int({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? emptyMessage : `${label} harus berupa angka`,
    })
    .positive(`${label} tidak valid`);
}

/** `#rrggbb` colour; nothing else may reach a style attribute (DESIGN "Security"). */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Warna harus berformat #rrggbb');

/** Absolute http(s) URL; logo and app URLs allow no other scheme (DESIGN "Security"). */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'URL harus http atau https' });

/** Text that must be present: a missing, null or blank value gets `emptyMessage`. */
export function requiredText(label: string, emptyMessage: string, max = 255) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? emptyMessage : `${label} harus berupa teks`,
    })
    .trim()
    .min(1, emptyMessage)
    .max(max, `${label} maksimal ${max} karakter`);
}

/** A password as typed: not trimmed (spaces count), never logged. */
export function requiredPassword(emptyMessage: string, max = 128) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? emptyMessage : 'Password harus berupa teks',
    })
    .min(1, emptyMessage)
    .max(max, `Password maksimal ${max} karakter`);
}

/** Indonesian mobile number as the panel sends it: digits only (an optional leading +), 8–15 long. */
export const phoneSchema = requiredText('Nomor HP', 'Nomor HP tidak boleh kosong', 20).regex(
  /^\+?[0-9]{8,15}$/,
  'Nomor HP tidak valid',
);

/** Employee number (NIK): letters, digits and dashes. */
export const nikSchema = requiredText('NIK', 'NIK tidak boleh kosong', 32).regex(
  /^[0-9A-Za-z-]+$/,
  'NIK hanya boleh berisi huruf, angka dan tanda hubung',
);

/**
 * An OTP code as sent by the panel: a number on the phone flow (an empty code is sent as 0) and a
 * string on the reset flow (an empty code is sent as ''). Both normalise to a 6-character string;
 * an empty code becomes '' (the api answers 400 "Kode OTP tidak boleh kosong" for it).
 * Leading zeros lost by the number form are restored.
 */
export const otpInputSchema = z
  .union(
    [
      z.int().nonnegative().max(999_999_999),
      z
        .string()
        .trim()
        .regex(/^[0-9]{0,10}$/, 'Kode OTP hanya boleh berisi angka'),
    ],
    { error: 'Kode OTP harus berupa angka' },
  )
  .nullish()
  .transform((value) => {
    if (value === undefined || value === null || value === 0 || value === '') return '';
    return String(value).padStart(OTP_LENGTH, '0');
  });

/** Optional e-mail: '' or null means none (normalised to ''). */
export const optionalEmailSchema = z
  .string({ error: 'Email harus berupa teks' })
  .trim()
  .max(254, 'Email maksimal 254 karakter')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Email tidak valid')
  .nullish()
  .transform((value) => value ?? '');

/** Query-string helpers: '' counts as absent; numbers arrive as text and are coerced. */
function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/**
 * A whole number in a query string has one spelling: plain decimal digits, no sign, no leading zero,
 * no `0x`, no exponent, no spaces (`role_id=0x1` would read role 1 under another name).
 */
const PLAIN_DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

export function queryInt(label: string, options: { min: number; max: number }) {
  return z.preprocess(
    (value) => {
      const present = emptyToUndefined(value);
      // Anything but plain digits is not a number here: NaN fails the number check below.
      return typeof present === 'string' && !PLAIN_DECIMAL.test(present) ? Number.NaN : present;
    },
    z.coerce
      .number({ error: `${label} harus berupa angka` })
      .int(`${label} harus berupa bilangan bulat`)
      .min(options.min, `${label} minimal ${options.min}`)
      .max(options.max, `${label} maksimal ${options.max}`)
      .optional(),
  );
}

/** Optional id filter in a query string (`?role_id=3`). */
export function queryId(label: string) {
  return queryInt(label, { min: 1, max: Number.MAX_SAFE_INTEGER });
}

/** Required id in a query string (`?apps_id=2`). */
export function queryRequiredId(label: string) {
  return queryId(label).transform((value, ctx) => {
    if (value !== undefined) return value;
    ctx.issues.push({ code: 'custom', message: `${label} tidak boleh kosong`, input: value });
    return z.NEVER;
  });
}

/** Optional trimmed keyword; blank means no filter. */
export const queryKeywordSchema = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: 'keyword harus berupa teks' })
    .trim()
    .max(100, 'keyword maksimal 100 karakter')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
);

/** Sort direction, case-insensitive. */
export const sortDirectionSchema = z.preprocess(
  (value) => (typeof value === 'string' ? emptyToUndefined(value.toLowerCase()) : value),
  z.enum(['asc', 'desc'], { error: 'sort harus asc atau desc' }).optional(),
);
export type SortDirection = 'asc' | 'desc';
