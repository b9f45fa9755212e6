import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords of public breach lists, as zxcvbn-ts ships them (MIT, 49,233 of
 * them), compared in lower case: a new password that is one of them (whatever its letter case)
 * is refused (ASVS V6.2). Loaded once, a Set of about 3 MB.
 */
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export const COMMON_PASSWORD_COUNT = COMMON.size;

export const COMMON_PASSWORD_MESSAGE = 'Password terlalu umum dan mudah ditebak. Gunakan password lain.';

/** The password as typed (white space at either end aside), in any letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
