/**
 * Format and control characters (issue 36, finding 12): bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), zero-width characters, the BOM, other Cf characters,
 * C0 and C1 controls other than tab, line feed and carriage return, and the line and paragraph
 * separators. In a stored field they reorder or hide what a reader sees; names refuse them already
 * (`nameSchema`), every other stored text is refused here (admin writes) or stripped (what the
 * sign-in steps record: a typed NIK, a browser's name).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const FORMAT_CONTROL = /[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/u;
const FORMAT_CONTROLS = new RegExp(FORMAT_CONTROL.source, 'gu');

export const FORMAT_CONTROL_MESSAGE = 'Teks tidak boleh berisi karakter kontrol atau karakter tak terlihat';

export const hasFormatControl = (text: string): boolean => FORMAT_CONTROL.test(text);

/** The text without any of them. */
export const stripFormatControls = (text: string): string => text.replace(FORMAT_CONTROLS, '');

/**
 * Names (`name`, `nama`, at any depth) are left to their schema (`nameSchema`), which refuses the
 * same characters with a message naming the field ("Nama role tidak boleh berisi …").
 */
const NAME_KEYS = new Set(['name', 'nama']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The path (`descriptions`, `menus.0.children.1.x`) of the first string in `value` holding one, or null. */
export function formatControlPath(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') {
    const key = path.at(-1);
    if (typeof key === 'string' && NAME_KEYS.has(key)) return null;
    return hasFormatControl(value) ? path.join('.') || 'body' : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = formatControlPath(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  // Only what JSON parses to: a body read as a stream (a CSV upload checks its own cells) or any
  // other object is not walked (its inner references may be circular).
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const found = hasFormatControl(key)
        ? [...path, key].join('.')
        : formatControlPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
