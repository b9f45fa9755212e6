/**
 * `@sso/shared/form-errors`: server errors onto a form's fields. Reads the api client's ApiError by
 * its shape (`message`, `fieldErrors()`), not by importing it, so a first screen such as /login can
 * place errors without loading the api client (ADR 0006).
 */

interface ApiErrorLike {
  message: string;
  fieldErrors: () => Record<string, string>;
}

function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return error instanceof Error && 'fieldErrors' in error && typeof error.fieldErrors === 'function';
}

/** What a form reads of any failure: an ApiError as it is, anything else as its message alone. */
function readError(error: unknown): ApiErrorLike {
  if (isApiErrorLike(error)) return error;
  const message = error instanceof Error && error.message ? error.message : 'Terjadi kesalahan';
  return { message, fieldErrors: () => ({}) };
}

export interface ServerFieldErrors<F extends string> {
  /** The server's field messages, by form field. */
  fields: Partial<Record<F, string>>;
  /** The server's message (or a network / unexpected-failure text). */
  message: string;
  /** `message` when no field took an error, else null: what a form shows besides its fields. */
  unplaced: string | null;
}

export interface ServerFieldOptions<F extends string> {
  /**
   * A message without field errors that names one field (and only one) goes under it, e.g.
   * `{ nik: /\bNIK\b/i, password: /\bpassword\b/i }` (spec 8: "or its message under the field").
   */
  namedBy?: Partial<Record<F, RegExp>>;
}

/**
 * Server errors onto a form's fields (spec 5 and 8): `fields` lists the form's fields named as the
 * api names them, or maps api keys to form fields (`{ role_ids: 'roleId' }`). A key such as
 * `perusahaan.0.cabang` belongs to its head (`perusahaan`). Reads `errors` and `data.errors`.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[] | Readonly<Record<string, F>>,
  options: ServerFieldOptions<F> = {},
): ServerFieldErrors<F> {
  const apiError = readError(error);
  const fieldOf = (key: string): F | undefined => {
    const head = key.split('.')[0] ?? key;
    return isList(fields) ? fields.find((field) => field === head) : fields[head];
  };
  const found: Partial<Record<F, string>> = {};
  for (const [key, message] of Object.entries(apiError.fieldErrors())) {
    const field = fieldOf(key);
    if (field !== undefined && found[field] === undefined) found[field] = message;
  }
  if (Object.keys(found).length === 0 && options.namedBy) {
    const all = isList(fields) ? fields : Object.values(fields);
    const named = all.filter((field) => options.namedBy?.[field]?.test(apiError.message));
    const [field] = named;
    if (named.length === 1 && field !== undefined) found[field] = apiError.message;
  }
  const placed = Object.keys(found).length > 0;
  return { fields: found, message: apiError.message, unplaced: placed ? null : apiError.message };
}

function isList<F extends string>(
  fields: readonly F[] | Readonly<Record<string, F>>,
): fields is readonly F[] {
  return Array.isArray(fields);
}
