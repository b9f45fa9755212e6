/**
 * Small validators for the first screen: the runtime config, the remotes' manifests and descriptors,
 * and the stored session, checked before the login form paints without loading zod (ADR 0006).
 * The full zod contract loads later, with the api client and the pages that need it.
 *
 * Each schema reads like zod where it is used (`parse`, `safeParse`, `.optional()`, `.nullish()`)
 * and speaks Standard Schema (`~standard`), so `localValue` and any Standard Schema consumer take it.
 * Objects drop unknown keys, as zod's do, unless built `loose`.
 */

export interface Issue {
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

export class SchemaError extends Error {
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    const first = issues[0];
    super(first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid value');
    this.name = 'SchemaError';
    this.issues = issues;
  }
}

type SafeParseResult<T> = { success: true; data: T } | { success: false; error: SchemaError };

export interface Schema<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): SafeParseResult<T>;
  optional(): Schema<T | undefined>;
  nullish(): Schema<T | null | undefined>;
  /** `undefined` reads as `value`. */
  default(value: Exclude<T, undefined>): Schema<Exclude<T, undefined>>;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'sso';
    validate(value: unknown): { value: T; issues?: undefined } | { issues: readonly Issue[] };
  };
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** Thrown inside a check with the path of the offending value; turned into a SchemaError. */
class Failure {
  constructor(
    readonly message: string,
    readonly path: readonly PropertyKey[],
  ) {}
}

type Check<T> = (value: unknown, path: readonly PropertyKey[]) => T;

function fail(message: string, path: readonly PropertyKey[]): never {
  throw new Failure(message, path);
}

const isDefined = <T>(value: T): value is Exclude<T, undefined> => value !== undefined;

/** A schema from a check function that returns the accepted (possibly transformed) value or fails. */
export function schema<T>(check: Check<T>): Schema<T> {
  const run = (value: unknown): { value: T } | { issues: Issue[] } => {
    try {
      return { value: check(value, []) };
    } catch (error) {
      if (error instanceof Failure) return { issues: [{ message: error.message, path: error.path }] };
      throw error;
    }
  };
  return {
    parse(value) {
      const result = run(value);
      if ('issues' in result) throw new SchemaError(result.issues);
      return result.value;
    },
    safeParse(value) {
      const result = run(value);
      return 'issues' in result
        ? { success: false, error: new SchemaError(result.issues) }
        : { success: true, data: result.value };
    },
    optional: () => schema((value, path) => (value === undefined ? undefined : check(value, path))),
    nullish: () =>
      schema((value, path) => (value === undefined || value === null ? value : check(value, path))),
    default: (fallback) =>
      schema((value, path): Exclude<T, undefined> => {
        if (value === undefined) return fallback;
        const result = check(value, path);
        return isDefined(result) ? result : fallback;
      }),
    '~standard': { version: 1, vendor: 'sso', validate: run },
  };
}

/** Runs a schema inside another one's check, its issues placed under `path`. */
const checkOf =
  <T>(s: Schema<T>): Check<T> =>
  (value, path) => {
    const result = s['~standard'].validate(value);
    if (result.issues) {
      const issue = result.issues[0];
      return fail(issue?.message ?? 'invalid value', [...path, ...(issue?.path ?? [])]);
    }
    return result.value;
  };

export interface StringRules {
  min?: number;
  max?: number;
  pattern?: RegExp;
  message?: string;
}

export function string({ min = 0, max = Infinity, pattern, message }: StringRules = {}): Schema<string> {
  return schema((value, path) => {
    if (typeof value !== 'string') fail('expected a string', path);
    if (value.length < min) fail(message ?? `at least ${min} characters`, path);
    if (value.length > max) fail(message ?? `at most ${max} characters`, path);
    if (pattern && !pattern.test(value)) fail(message ?? `does not match ${String(pattern)}`, path);
    return value;
  });
}

/** An absolute URL whose scheme matches `protocol` (e.g. /^https?$/). */
export function url({ protocol }: { protocol: RegExp }): Schema<string> {
  return schema((value, path) => {
    if (typeof value !== 'string') fail('expected a URL', path);
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return fail('expected a URL', path);
    }
    if (!protocol.test(parsed.protocol.replace(/:$/, ''))) fail('URL scheme not allowed', path);
    return value;
  });
}

export interface NumberRules {
  int?: boolean;
  min?: number;
  max?: number;
  /** Number(value) first, as zod's `coerce`. */
  coerce?: boolean;
}

export function number({ int = false, min = -Infinity, max = Infinity, coerce = false }: NumberRules = {}) {
  return schema((input, path): number => {
    const value = coerce ? Number(input) : input;
    if (typeof value !== 'number' || !Number.isFinite(value)) fail('expected a finite number', path);
    if (int && !Number.isInteger(value)) fail('expected an integer', path);
    if (value < min || value > max) fail(`expected ${min}..${max}`, path);
    return value;
  });
}

export function boolean(): Schema<boolean> {
  return schema((value, path) => (typeof value === 'boolean' ? value : fail('expected a boolean', path)));
}

export function unknown(): Schema<unknown> {
  return schema((value) => value);
}

export function enumOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  return schema((value, path) => {
    const found = values.find((v) => v === value);
    return found ?? fail(`expected one of ${values.join(', ')}`, path);
  });
}

export function union<A, B>(a: Schema<A>, b: Schema<B>): Schema<A | B> {
  const [checkA, checkB] = [checkOf(a), checkOf(b)];
  return schema((value, path): A | B => {
    try {
      return checkA(value, path);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      return checkB(value, path);
    }
  });
}

export function array<T>(item: Schema<T>, { max = Infinity }: { max?: number } = {}): Schema<T[]> {
  const checkItem = checkOf(item);
  return schema((value, path) => {
    if (!Array.isArray(value)) fail('expected an array', path);
    if (value.length > max) fail(`at most ${max} items`, path);
    return value.map((entry, index) => checkItem(entry, [...path, index]));
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plain object whose values all match `item`. */
export function record<T>(item: Schema<T>): Schema<Record<string, T>> {
  const checkItem = checkOf(item);
  return schema((value, path) => {
    if (!isRecord(value)) fail('expected an object', path);
    const out: Record<string, T> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = checkItem(entry, [...path, key]);
    return out;
  });
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Infer<S[K]> ? K : never;
}[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };
export type ObjectOf<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

/** An object with these keys; unknown keys are dropped, or kept when `loose`. */
export function object<S extends Shape>(
  shape: S,
  { loose = false }: { loose?: boolean } = {},
): Schema<ObjectOf<S>> {
  const checks = Object.entries(shape).map(([key, s]) => [key, checkOf(s)] as const);
  return schema((value, path) => {
    if (!isRecord(value)) fail('expected an object', path);
    const out: Record<string, unknown> = loose ? { ...value } : {};
    for (const [key, check] of checks) {
      const result = check(value[key], [...path, key]);
      if (result !== undefined || key in value) out[key] = result;
    }
    // Every key of the shape was checked above: this is the one place the kit asserts a type.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    return out as ObjectOf<S>;
  });
}
