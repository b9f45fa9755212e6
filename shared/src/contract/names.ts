import { z } from 'zod';

/**
 * Names people give things (users, roles; later applications and menus): stored NFC-normalised
 * and trimmed, free of control and invisible characters, and compared for uniqueness in a folded
 * form so that a look-alike of an existing name (`Super\u00a0Admin`, `SUPER  admin`) counts as the
 * same name. One place for the api's checks and the panel's forms.
 */

/**
 * Characters a name may not hold: controls (Cc: NUL, ESC, tab, new line…), format characters (Cf:
 * zero-width space and joiners, bidi embeddings, overrides and isolates, soft hyphen, BOM), line
 * and paragraph separators, surrogates and private-use code points, and the Hangul fillers that
 * render as nothing. Each can make two different names look the same or reorder what is shown.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

/** Zero-width and other format characters, dropped by the fold. */
const FORMAT = /[\p{Cf}\u115f\u1160\u3164\uffa0]/gu;

/** Any run of white space, no-break and ideographic spaces included. */
const SPACES = /[\s\p{Zs}]+/gu;

/** A name as stored: NFC, no white space at either end (no-break spaces included). */
export function normalizeName(name: string): string {
  return name.normalize('NFC').replace(/^[\s\p{Zs}]+|[\s\p{Zs}]+$/gu, '');
}

/** Whether `name` holds a character a name may not hold (see FORBIDDEN). */
export function hasForbiddenNameCharacter(name: string): boolean {
  return FORBIDDEN.test(name);
}

/**
 * The form two names are compared in: format characters removed, NFKC (compatibility forms such as
 * full-width letters and ligatures become plain ones), case-folded (upper then lower case, so `ß`
 * and `SS` meet), inner white space collapsed to one space, trimmed.
 */
export function foldName(name: string): string {
  return name
    .replace(FORMAT, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(SPACES, ' ')
    .trim();
}

/**
 * A required name in a payload: a missing, null or blank value gets `emptyMessage`; otherwise it
 * is normalised (`normalizeName`) and refused when it holds a control or invisible character.
 */
export function nameSchema(label: string, emptyMessage: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? emptyMessage : `${label} harus berupa teks`,
    })
    .transform(normalizeName)
    .pipe(
      z
        .string()
        .min(1, emptyMessage)
        .max(max, `${label} maksimal ${max} karakter`)
        .refine(
          (value) => !hasForbiddenNameCharacter(value),
          `${label} tidak boleh berisi karakter kontrol atau karakter tak terlihat`,
        ),
    );
}
