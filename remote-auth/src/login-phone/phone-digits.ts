/**
 * Spec 2 "Login by phone": the phone field accepts only digits and editing keys, typed or pasted.
 */

/** Keys that edit or move inside a field, or leave it. */
const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Whether a key press may reach the phone field. Shortcuts (copy, paste, select all) pass. */
export function isAllowedPhoneKey(event: KeyLike): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (EDITING_KEYS.has(event.key)) return true;
  return /^[0-9]$/.test(event.key);
}

/** The digits of a text, in order (a pasted "+62 812-3456" becomes "628123456"). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Longest phone the api accepts (contract `phoneSchema`: 8–15 digits). */
export const PHONE_MAX_DIGITS = 15;

/**
 * The field's value after pasting `pasted` over the selection [start, end) of `current`:
 * only its digits go in, and the result stays within PHONE_MAX_DIGITS.
 */
export function pasteDigits(
  current: string,
  pasted: string,
  start: number,
  end: number,
): { value: string; caret: number } {
  const room = PHONE_MAX_DIGITS - (current.length - (end - start));
  const inserted = digitsOnly(pasted).slice(0, Math.max(0, room));
  const value = current.slice(0, start) + inserted + current.slice(end);
  return { value, caret: start + inserted.length };
}
