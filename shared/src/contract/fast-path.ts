import type { z } from 'zod';
import { userListResponseSchema, type UserListResponse } from './responses';

/**
 * A contract schema with a fast path for large answers. In the browser zod runs without its
 * compiled parsers (no `eval` under the page's CSP, see no-eval.ts), and a 1,000-user page took it
 * tens of milliseconds of main thread and as much again in garbage collection.
 *
 * `isExact(input)` is a strict check built once (below): true only when the schema would accept
 * `input` and return an equal value, so `input` is the answer as it is (nothing to strip, trim or
 * copy). Anything else, whether wrong, unusual or merely unfamiliar, goes to the schema itself,
 * which gives the verdict and the error. So the fast path can only be stricter than the schema.
 */
export function withFastPath<T>(
  schema: z.ZodType<T>,
  isExact: (input: unknown, scratch: Scratch) => input is T,
): { safeParse(input: unknown): z.ZodSafeParseResult<T> } {
  return {
    safeParse(input) {
      if (isExact(input, { urls: new Map() })) return { success: true, data: input };
      return schema.safeParse(input);
    },
  };
}

/** Per-parse memory of the checks: URL verdicts (a page repeats the same few logos). */
export interface Scratch {
  urls: Map<string, boolean>;
}

/** A check of one value; true only when the schema's part returns it unchanged. */
export type Check = (value: unknown, scratch: Scratch) => boolean;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `z.string()`. */
export const isText: Check = (value) => typeof value === 'string';

/** `idSchema`: `z.int().positive()`. */
export const isId: Check = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** `z.number().int().nonnegative()`. */
export const isCount: Check = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** `hexColorSchema`: the same pattern. */
export const isHexColor: Check = (value) => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/**
 * `httpUrlSchema` (`z.url({ protocol: /^https?$/ })`), stricter: a lower-case `http://` or
 * `https://` and printable ASCII with no space, so zod has nothing to trim or strip and returns
 * the text as it is; then the same URL parser (a `javascript:` or unparsable text never passes).
 */
export const isHttpUrl: Check = (value, scratch) => {
  if (typeof value !== 'string') return false;
  const known = scratch.urls.get(value);
  if (known !== undefined) return known;
  const ok = /^https?:\/\/[\x21-\x7e]+$/.test(value) && canParseUrl(value);
  scratch.urls.set(value, ok);
  return ok;
};

function canParseUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** An array of `item`s (`z.array(item)`). */
export function arrayOf(item: Check): Check {
  return (value, scratch) => {
    if (!Array.isArray(value)) return false;
    for (const element of value) if (!item(element, scratch)) return false;
    return true;
  };
}

/** A `z.object(shape)` value with exactly these keys (an unknown key is zod's to strip). */
export interface ExactObjectCheck extends Check {
  /** The keys it knows: the schema's shape (a test holds them equal). */
  keys: readonly string[];
}

export function exactObject(
  required: Record<string, Check>,
  optional: Record<string, Check> = {},
): ExactObjectCheck {
  const requiredEntries = Object.entries(required);
  const optionalEntries = Object.entries(optional);
  const check: Check = (value, scratch) => {
    if (!isPlainObject(value)) return false;
    let seen = 0;
    for (const [key, field] of requiredEntries) {
      if (!Object.hasOwn(value, key) || !field(value[key], scratch)) return false;
      seen += 1;
    }
    for (const [key, field] of optionalEntries) {
      if (!Object.hasOwn(value, key)) continue;
      if (!field(value[key], scratch)) return false;
      seen += 1;
    }
    return Object.keys(value).length === seen;
  };
  return Object.assign(check, { keys: [...Object.keys(required), ...Object.keys(optional)] });
}

// The users list (`userListResponseSchema`), field by field as entities.ts and envelope.ts have it.
export const userBranchCheck = exactObject({ cabang_id: isId, cabang_name: isText, cabang_kode: isText });
export const userCompanyCheck = exactObject({
  perusahaan_id: isId,
  perusahaan_name: isText,
  perusahaan_logo_url: isHttpUrl,
  cabang: arrayOf(userBranchCheck),
});
/** `z.boolean()`. */
export const isBoolean: Check = (value) => typeof value === 'boolean';

/** `z.string().nullable()`. */
export const isTextOrNull: Check = (value) => value === null || typeof value === 'string';

export const userCheck = exactObject(
  {
    id: isId,
    nama: isText,
    nik: isText,
    phone: isText,
    email: isText,
    role_id: isId,
    role_name: isText,
    color_hex_code: isHexColor,
    perusahaan: arrayOf(userCompanyCheck),
  },
  { is_active: isBoolean, last_login_at: isTextOrNull },
);
export const userListMetaCheck = exactObject({ total: isCount });
export const userListResponseCheck = exactObject(
  { data: arrayOf(userCheck), meta: userListMetaCheck },
  { message: isText },
);

/**
 * GET users/list as `api.get` takes it: a 1,000-user page checked in a few milliseconds, every
 * logo URL and colour included (DESIGN "Security"); any other answer parsed by the schema.
 */
export const userListResponseParser = withFastPath(
  userListResponseSchema,
  (input, scratch): input is UserListResponse => userListResponseCheck(input, scratch),
);
