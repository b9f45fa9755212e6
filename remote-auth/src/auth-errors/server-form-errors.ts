import { toApiError } from '@sso/shared/api';

export interface ServerFormErrors<F extends string> {
  /** Messages of the server's field errors, by field. */
  fields: Partial<Record<F, string>>;
  /** The server's message (or a network / unexpected-failure text) when no field error applies. */
  message: string | null;
}

/**
 * Spec 8: "Login and phone errors show the server's field errors (nik, password, phone,
 * new_password) or its message". A network failure reads as a clear Indonesian message.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): ServerFormErrors<F> {
  const apiError = toApiError(error);
  const found: Partial<Record<F, string>> = {};
  let any = false;
  for (const field of fields) {
    const message = apiError.fieldError(field);
    if (message) {
      found[field] = message;
      any = true;
    }
  }
  return { fields: found, message: any ? null : apiError.message };
}
