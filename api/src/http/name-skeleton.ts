import unhomoglyph from 'unhomoglyph';
import { foldName } from '@sso/shared/contract';

/**
 * Look-alike names across scripts (issue 36, finding 7): the confusable skeleton of Unicode UTS #39
 * (`skeleton(X) = NFD(map(NFD(X)))`, the map being confusables.txt as the `unhomoglyph` package
 * ships it). Role and application names are unique by their fold (case, width, spacing: `foldName`)
 * and by this skeleton, so "Supеr Admin" (Cyrillic е), "НRIS" (Cyrillic Н), "HRІS" (Cyrillic І)
 * or "ΗRIS" (Greek Eta) count as the name they imitate. A skeleton is for comparing only: never
 * shown, never stored.
 */

const FORMAT = /[\p{Cf}\u115f\u1160\u3164\uffa0]/gu;
const SPACES = /[\s\p{Zs}]+/gu;

const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * The skeleton of a name, case-insensitive: taken of the upper-case form (capital look-alikes such
 * as Cyrillic Н meet their Latin letter), lower-cased, then taken again (small ones such as
 * Cyrillic е meet theirs), so a name in capitals and the same in small letters still meet.
 */
export function nameSkeleton(name: string): string {
  const plain = name.replace(FORMAT, '').normalize('NFKC').replace(SPACES, ' ').trim();
  return skeleton(skeleton(plain.toUpperCase()).toLowerCase());
}

/** Whether two names are the same name to a reader: same fold, or same confusable skeleton. */
export function looksLikeName(a: string, b: string): boolean {
  return foldName(a) === foldName(b) || nameSkeleton(a) === nameSkeleton(b);
}
