import { isAxiosError, isCancel } from 'axios';
import { apiErrorBodySchema, type ApiErrorBody } from '@sso/shared/contract';

export type ApiErrorKind = 'http' | 'network' | 'canceled' | 'invalid-response';

/**
 * The one error type the api client rejects with. UI-free: screens decide what to show
 * (STYLE "The api client stays UI-free").
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(kind: ApiErrorKind, message: string, status?: number, body?: ApiErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }

  /** Field error of the server, from `errors` or `data.errors` (first message when it sent a list). */
  fieldError(field: string): string | undefined {
    return this.fieldErrors()[field];
  }

  /** Every field error of the server by key, `errors` over `data.errors`, first message of a list. */
  fieldErrors(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const source of [this.body?.data?.errors, this.body?.errors]) {
      for (const [key, value] of Object.entries(source ?? {})) {
        const message = Array.isArray(value) ? value[0] : value;
        if (message) found[key] = message;
      }
    }
    return found;
  }

  get code(): number | undefined {
    return this.body?.code;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) return new ApiError('canceled', 'Permintaan dibatalkan');
  if (isAxiosError(error)) {
    if (!error.response) {
      return new ApiError('network', 'Tidak dapat terhubung ke server. Periksa koneksi Anda.');
    }
    const parsed = apiErrorBodySchema.safeParse(error.response.data);
    const body = parsed.success ? parsed.data : undefined;
    return new ApiError(
      'http',
      body?.message ?? `Terjadi kesalahan pada server (${error.response.status})`,
      error.response.status,
      body,
    );
  }
  // A response or stored value that does not match its schema (zod, or valibot on the first screen).
  if (error instanceof Error && (error.name === 'ZodError' || error.name === 'ValiError')) {
    return new ApiError('invalid-response', 'Data dari server tidak dikenali');
  }
  return new ApiError('network', error instanceof Error ? error.message : 'Terjadi kesalahan');
}

/** Retry policy: transient failures only (network, 5xx, 408, 429 without an OTP code). */
export function isRetryable(error: unknown): boolean {
  const e = toApiError(error);
  if (e.kind === 'network') return true;
  if (e.kind !== 'http' || e.status === undefined) return false;
  return e.status >= 500 || e.status === 408;
}
