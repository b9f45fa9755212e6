import type { ApiErrorBody } from '@sso/shared/contract';
import { OTP_RATE_LIMIT_CODE, SESSION_INVALID_MESSAGE } from '@sso/shared/contract';

/** A failure with its status and the envelope body the client receives. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ApiErrorBody;

  constructor(statusCode: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.body = body;
  }
}

type FieldErrors = Record<string, string>;

export const badRequest = (message: string, errors?: FieldErrors) =>
  new HttpError(400, errors ? { message, errors } : { message });

export const unauthorized = (message = SESSION_INVALID_MESSAGE) => new HttpError(401, { message });

export const forbidden = (message: string) => new HttpError(403, { message });

export const notFound = (message: string) => new HttpError(404, { message });

export const conflict = (message: string, errors?: FieldErrors) =>
  new HttpError(409, errors ? { message, errors } : { message });

export const unprocessable = (message: string, errors?: FieldErrors) =>
  new HttpError(422, errors ? { message, errors } : { message });

/** A single field error: the message doubles as the field's text. */
export const fieldError = (field: string, message: string, statusCode = 422) =>
  new HttpError(statusCode, { message, errors: { [field]: message } });

export const otpRateLimited = (windowSeconds: number) =>
  new HttpError(429, {
    message: `Terlalu sering meminta kode OTP. Coba lagi dalam ${windowSeconds} detik.`,
    code: OTP_RATE_LIMIT_CODE,
    window_seconds: windowSeconds,
  });
