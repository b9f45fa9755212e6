/**
 * Business constants and fixed server texts of the SSO api (spec sections 8 and 9).
 * Both sides import them, so a text the panel maps can never drift from the text the api sends.
 */

import { ACCESS_LEVEL } from '@sso/shared/access';

/** Access level a new menu grant starts at (spec 4 "Role editing"): viewer. */
export const DEFAULT_ACCESS_LEVEL = ACCESS_LEVEL.viewer;

/** OTP length in digits (spec 9). */
export const OTP_LENGTH = 6;

/** Minimum password length (spec 5). */
export const PASSWORD_MIN_LENGTH = 6;

/** The new-password rule of the screen and the api alike: white space at either end does not count. */
export const isPasswordLongEnough = (value: string): boolean => value.trim().length >= PASSWORD_MIN_LENGTH;

/** Default page size and first page of every list (spec 9). */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** Largest page size the api accepts: page-size options may reach the total count (spec 4). */
export const MAX_PAGE_SIZE = 100_000;

/** Message of a wrong OTP code; the panel shows its own text for it (spec 8). */
export const OTP_UNKNOWN_ERROR_MESSAGE = 'Unknown error.';

/** Message of every 401: missing, malformed, expired or revoked bearer. */
export const SESSION_INVALID_MESSAGE = 'Sesi tidak valid atau telah berakhir';

/**
 * Why a session that was live stopped working, as the 401 body's `reason` (issue 37): the panel
 * shows the sentence on the login screen. A token merely expired or never valid has no reason.
 */
export const SESSION_END_REASONS = [
  'ended_by_admin',
  'account_deactivated',
  'access_changed',
  'password_reset',
  'two_step_reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const SESSION_END_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  ended_by_admin: 'Sesi Anda telah diakhiri oleh administrator.',
  account_deactivated:
    'Sesi Anda telah diakhiri oleh administrator: akun Anda dinonaktifkan. Hubungi administrator.',
  access_changed:
    'Sesi Anda telah diakhiri oleh administrator: role atau data masuk Anda diubah. Silakan masuk kembali.',
  password_reset: 'Sesi Anda berakhir karena password akun Anda diatur ulang. Silakan masuk kembali.',
  two_step_reset:
    'Sesi Anda telah diakhiri oleh administrator: verifikasi dua langkah Anda diatur ulang. Silakan masuk kembali.',
};

/**
 * Message of a 429 from the guessing throttle (too many wrong passwords or codes, or too many code
 * requests from one address). `retryAfterSeconds` is the `Retry-After` of the same answer; the text
 * names whole minutes, rounded up.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Terlalu banyak percobaan. Silakan coba lagi dalam ${minutes} menit.`;
}
