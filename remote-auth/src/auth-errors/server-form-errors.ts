import type { ApiError } from '@sso/shared/api';

export interface ServerFormErrors<F extends string> {
  /** Messages of the server's field errors, by field. */
  fields: Partial<Record<F, string>>;
  /** The server's message (or a network / unexpected-failure text) when no field error applies. */
  message: string | null;
}

/**
 * The api client rejects with its ApiError. Recognised by shape rather than `instanceof`, so the
 * login form does not load the api client to paint (ADR 0006).
 */
function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    'fieldError' in error &&
    typeof error.fieldError === 'function'
  );
}

/**
 * Spec 8: "Login and phone errors show the server's field errors (nik, password, phone,
 * new_password) or its message". A network failure reads as a clear Indonesian message.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): ServerFormErrors<F> {
  if (!isApiError(error)) {
    return { fields: {}, message: error instanceof Error ? error.message : 'Terjadi kesalahan' };
  }
  const found: Partial<Record<F, string>> = {};
  let any = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      found[field] = message;
      any = true;
    }
  }
  return { fields: found, message: any ? null : error.message };
}
