/**
 * Indonesian mobile prefixes after the leading 08 (Telkomsel, Indosat, XL, Smartfren, Tri): the
 * numbers people here have. The seed draws its phones from them, and a decoy recovery (a NIK with no
 * account) shows a masked phone starting with one, so it cannot be told from a real one.
 */
export const PHONE_PREFIXES = [
  '11',
  '12',
  '13',
  '21',
  '22',
  '52',
  '53',
  '55',
  '56',
  '57',
  '58',
  '77',
  '78',
  '95',
  '96',
] as const;
