import * as v from 'valibot';

/**
 * Schemas of the few values remote-auth keeps in localStorage, for `localValue` (which speaks
 * Standard Schema). valibot, not the zod contract: a private copy of zod cost /login 27 KB, these
 * cost a few hundred bytes (ADR 0006).
 */

/** A string of 1 to `max` characters (after trimming, when `trim`). */
export const textOf = (max: number, { trim = false } = {}) =>
  v.pipe(
    v.string(),
    v.maxLength(max),
    v.check((value) => (trim ? value.trim() : value).length >= 1),
  );

/** 1 to `max` digits. */
export const digitsOf = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^[0-9]{1,${max}}$`)));
