import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as indonesianDictionary } from '@zxcvbn-ts/language-id';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

/**
 * Password strength (ASVS V6.2, issue 36): zxcvbn-ts with its common dictionaries (breached
 * passwords, English words and names, keyboard patterns) and its Indonesian one (words, names,
 * Wikipedia terms, numbers, days and months), plus what the user is known by (NIK, name, phone,
 * e-mail) and this product's own words. Loaded once, on the api only: the panel shows the api's
 * message, so /login's first load carries none of these dictionaries.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...indonesianDictionary },
  graphs: adjacencyGraphs,
});

/**
 * zxcvbn's score 2: at least 10^6 guesses. With the sign-in throttle (5 tries per 15 minutes per
 * account for unknown browsers, about 480 a day) that is years of online guessing; score 3
 * (10^8) would refuse most passwords that still meet the spec's minimum of 6.
 */
export const MIN_SCORE = 2;

/** Words every user of this panel shares: as easy to guess as the user's own data. */
const PRODUCT_WORDS = ['sso', 'admin', 'administrator', 'panel', 'login', 'masuk', 'password', 'sandi'];

export const WEAK_PASSWORD_MESSAGE =
  'Password terlalu mudah ditebak. Gunakan gabungan beberapa kata yang tidak umum, angka atau simbol.';
export const PERSONAL_PASSWORD_MESSAGE =
  'Password tidak boleh memuat NIK, nama, nomor HP atau e-mail Anda. Gunakan password lain.';

/** What the user is known by: their NIK, name (and each part of it), phone and e-mail (and its name). */
export interface PasswordOwner {
  nik: string;
  name: string;
  phone: string;
  email: string | null;
}

function ownWords(owner: PasswordOwner): string[] {
  const words = [owner.nik, owner.name, owner.phone, owner.phone.replace(/^0/, '62')];
  words.push(...owner.name.split(/\s+/).filter((part) => part.length >= 3));
  if (owner.email) words.push(owner.email, owner.email.split('@')[0] ?? '');
  return words.filter((word) => word !== '').map((word) => word.toLowerCase());
}

/** Why `password` is refused for `owner` (an Indonesian message), or null when it is strong enough. */
export function passwordWeakness(password: string, owner: PasswordOwner): string | null {
  const typed = password.trim();
  if (isCommonPassword(typed) && !ownWords(owner).includes(typed.toLowerCase()))
    return COMMON_PASSWORD_MESSAGE;
  const own = ownWords(owner);
  const result = zxcvbn.check(typed, [...own, ...PRODUCT_WORDS]);
  if (result.score >= MIN_SCORE) return null;
  const personal = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      match.dictionaryName === 'userInputs' &&
      own.includes(String(match.matchedWord).toLowerCase()),
  );
  if (personal) return PERSONAL_PASSWORD_MESSAGE;
  return isCommonPassword(typed) ? COMMON_PASSWORD_MESSAGE : WEAK_PASSWORD_MESSAGE;
}
