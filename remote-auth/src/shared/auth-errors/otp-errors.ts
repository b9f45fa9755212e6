import { toApiError } from '@sso/shared/api';
import { OTP_RATE_LIMIT_CODE, OTP_UNKNOWN_ERROR_MESSAGE } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';

/**
 * Spec 8 "OTP errors": the server's `Unknown error.` becomes "Kode OTP tidak sesuai, silakan
 * periksa kembali"; a request error (400) becomes "Kode OTP tidak boleh kosong"; an otp field
 * error shows the server's message. Anything else shows the server's (or the network) message.
 */
export function otpErrorMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.kind !== 'http') return apiError.message;
  if (apiError.body?.message === OTP_UNKNOWN_ERROR_MESSAGE) return t.auth.otpMismatch;
  if (apiError.status === 400) return t.auth.otpEmpty;
  return apiError.fieldError('otp') ?? apiError.message;
}

/** Spec 8: "On resend, an error with code 6 carries window_seconds that sets the next wait." */
export function rateLimitWindow(error: unknown): number | null {
  const apiError = toApiError(error);
  if (apiError.code !== OTP_RATE_LIMIT_CODE) return null;
  return apiError.body?.window_seconds ?? null;
}
