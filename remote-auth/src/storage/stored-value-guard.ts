import type { StoredValueSchema } from '@sso/shared/session';

/**
 * A stored-value schema from a type guard. remote-auth validates its few localStorage values and
 * its two form fields by hand instead of bundling zod: zod cannot be shared with the host without
 * losing tree-shaking, and a private copy cost /login 27 KB (ADR 0006).
 *
 * Both faces are implemented: Standard Schema `validate` (what `localValue` calls) and zod's
 * `safeParse` (what a host built before Standard Schema support calls), so the remote deploys alone.
 */
export function storedValueGuard<T>(
  accepts: (value: unknown) => value is T,
): StoredValueSchema<T> & { safeParse(value: unknown): { success: true; data: T } | { success: false } } {
  return {
    '~standard': {
      validate: (value) => (accepts(value) ? { value } : { issues: [{ message: 'invalid stored value' }] }),
    },
    safeParse: (value) => (accepts(value) ? { success: true, data: value } : { success: false }),
  };
}

/** A string of 1 to `max` characters (after trimming, when `trim`). */
export const textOf = (max: number, { trim = false } = {}) =>
  storedValueGuard((value): value is string => {
    if (typeof value !== 'string') return false;
    const length = (trim ? value.trim() : value).length;
    return length >= 1 && value.length <= max;
  });

/** 1 to `max` digits. */
export const digitsOf = (max: number) =>
  storedValueGuard(
    (value): value is string => typeof value === 'string' && new RegExp(`^[0-9]{1,${max}}$`).test(value),
  );
