import { z } from 'zod';

/**
 * Names people type and others read (applications, menus): NFC, trimmed, free of control and
 * invisible characters (a name that looks the same must be the same), unique by a folded form.
 */

/** Control characters, format characters (zero-width, bidi overrides, BOM) and other invisibles. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029\u115F\u1160\u3164\uFFA0]/u;

/** A required name: NFC and trimmed; blank gets `emptyMessage`; control or invisible characters are refused. */
export function nameSchema(label: string, emptyMessage: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? emptyMessage : `${label} harus berupa teks`,
    })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, emptyMessage)
        .max(max, `${label} maksimal ${max} karakter`)
        .refine(
          (value) => !INVISIBLE.test(value),
          `${label} tidak boleh berisi karakter kontrol atau tak terlihat`,
        ),
    );
}

/** The form two names are compared in: compatibility-normalised, case-folded, spaces collapsed. */
export function foldName(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('id-ID').replace(/\s+/gu, ' ').trim();
}
