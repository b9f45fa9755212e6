import type { ApiErrorBody } from '@sso/shared/contract';
import {
  OTP_RATE_LIMIT_CODE,
  SESSION_END_MESSAGES,
  SESSION_INVALID_MESSAGE,
  tooManyAttemptsMessage,
  type SessionEndReason,
} from '@sso/shared/contract';

/** A failure with its status, the envelope body the client receives and any headers of the answer. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ApiErrorBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, body: ApiErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * A wrong guess: a wrong password, an unknown NIK or phone at login, a wrong code. The guessing
 * throttle counts these (auth/throttle.ts); every other failure gives the try back.
 */
export class CredentialError extends HttpError {
  constructor(statusCode: number, body: ApiErrorBody) {
    super(statusCode, body);
    this.name = 'CredentialError';
  }
}

/** A wrong guess reported under one field (the message doubles as the field's text). */
export const credentialError = (field: string, message: string) =>
  new CredentialError(422, { message, errors: { [field]: message } });

type FieldErrors = Record<string, string>;

export const badRequest = (message: string, errors?: FieldErrors) =>
  new HttpError(400, errors ? { message, errors } : { message });

export const unauthorized = (message = SESSION_INVALID_MESSAGE) => new HttpError(401, { message });

/** The 401 of a session ended for a reason: its sentence and its code. */
export const sessionEnded = (reason: SessionEndReason) =>
  new HttpError(401, { message: SESSION_END_MESSAGES[reason], reason });

export const forbidden = (message: string) => new HttpError(403, { message });

export const notFound = (message: string) => new HttpError(404, { message });

/**
 * The 404 of a request naming several rows (`subject`: "User", "Role") when some were not found:
 * for one id `<subject> tidak ditemukan`, else the first 20 missing ids; null when all were found.
 */
export function notFoundAmong(
  requested: readonly number[],
  found: ReadonlySet<number>,
  subject: string,
): HttpError | null {
  const missing = requested.filter((id) => !found.has(id));
  if (missing.length === 0) return null;
  return notFound(
    requested.length === 1
      ? `${subject} tidak ditemukan`
      : `${subject} tidak ditemukan: ${missing.slice(0, 20).join(', ')}`,
  );
}

export const conflict = (message: string, errors?: FieldErrors) =>
  new HttpError(409, errors ? { message, errors } : { message });

export const unprocessable = (message: string, errors?: FieldErrors) =>
  new HttpError(422, errors ? { message, errors } : { message });

/** A single field error: the message doubles as the field's text. */
export const fieldError = (field: string, message: string, statusCode = 422) =>
  new HttpError(statusCode, { message, errors: { [field]: message } });

/** Per phone: the next code may be sent in `windowSeconds` (spec 8: code 6 with window_seconds). */
export const otpRateLimited = (windowSeconds: number) =>
  new HttpError(
    429,
    {
      message: `Terlalu sering meminta kode OTP. Coba lagi dalam ${windowSeconds} detik.`,
      code: OTP_RATE_LIMIT_CODE,
      window_seconds: windowSeconds,
    },
    { 'retry-after': String(windowSeconds) },
  );

/**
 * The throttle's 429: too many wrong guesses (or code requests) until `retryAfterSeconds` pass.
 * A refused code request also carries code 6 and window_seconds, so the panel's resend countdown
 * waits exactly that long (spec 4 "OTP resend cooldown").
 */
export const tooManyAttempts = (retryAfterSeconds: number, otpSend: boolean) =>
  new HttpError(
    429,
    {
      message: tooManyAttemptsMessage(retryAfterSeconds),
      ...(otpSend ? { code: OTP_RATE_LIMIT_CODE, window_seconds: retryAfterSeconds } : {}),
    },
    { 'retry-after': String(retryAfterSeconds) },
  );
