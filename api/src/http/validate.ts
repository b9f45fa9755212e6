import type { z } from 'zod';
import { HttpError } from './errors';

/** Indonesian fallback for issues whose schema carries no message of its own. */
function fallbackMessage(issue: { code: string; path?: PropertyKey[] }): string {
  const field = issue.path?.map(String).join('.') ?? '';
  const subject = field === '' ? 'Data' : field;
  switch (issue.code) {
    case 'invalid_type':
      return `${subject} tidak boleh kosong atau tipenya salah`;
    case 'too_big':
      return `${subject} terlalu panjang atau terlalu besar`;
    case 'too_small':
      return `${subject} terlalu pendek atau terlalu kecil`;
    case 'unrecognized_keys':
      return `${subject} berisi kolom yang tidak dikenal`;
    default:
      return `${subject} tidak valid`;
  }
}

export interface ValidateOptions {
  /** Status when every failing field is one of these (the OTP flows answer 400 for a bad code). */
  badRequestFields?: readonly string[];
}

/**
 * Parses `input` with a contract schema or throws the envelope: 422 with one message per field
 * (`errors.nik`, `errors['perusahaan.0.perusahaan_id']`, ...) and the first message as `message`.
 * A missing body counts as `{}` so each required field reports itself.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  const result = schema.safeParse(input ?? {}, { error: fallbackMessage });
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length === 0 ? '_' : issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Data tidak valid';
  const fields = Object.keys(errors);
  const onlyBadRequestFields =
    options.badRequestFields !== undefined &&
    fields.every((field) => options.badRequestFields?.includes(field));
  if (errors._ !== undefined) {
    return fail(422, 'Data permintaan harus berupa objek JSON', undefined);
  }
  return fail(onlyBadRequestFields ? 400 : 422, first, errors);
}

function fail(statusCode: number, message: string, errors: Record<string, string> | undefined): never {
  throw new HttpError(statusCode, errors ? { message, errors } : { message });
}

/**
 * `validate` for a query string, remembering successful answers by the raw request URL (the same
 * text always parses to the same value), so a repeated list query skips the schema. Failures are
 * not remembered (they throw as `validate` does). Answers are frozen: requests share them.
 */
export function queryValidator<S extends z.ZodType>(
  schema: S,
  size = 500,
): (query: unknown, url: string) => Readonly<z.output<S>> {
  const known = new Map<string, Readonly<z.output<S>>>();
  return (query, url) => {
    const hit = known.get(url);
    if (hit !== undefined) return hit;
    const value = Object.freeze(validate(schema, query));
    if (known.size >= size) known.clear();
    known.set(url, value);
    return value;
  };
}
