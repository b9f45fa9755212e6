const PALETTE = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#8e24aa',
  '#fb8c00',
  '#00897b',
  '#3949ab',
  '#6d4c41',
] as const;

/** Legal-form prefixes carry no identity: "PT. Sinar Niaga" → "SN". */
const SKIP = new Set(['pt', 'cv', 'tbk', 'ud']);

export function initialsOf(name: string): string {
  const words = name.split(/[\s.]+/).filter((word) => word !== '' && !SKIP.has(word.toLowerCase()));
  const letters = words.slice(0, 2).map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A coloured rounded square with the name's initials. */
export function logoSvg(name: string, seed: number): string {
  const fill = PALETTE[seed % PALETTE.length] ?? PALETTE[0];
  const label = escapeXml(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="64" height="64" rx="14" fill="${fill}"/>`,
    `<text x="32" y="41" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(initialsOf(name))}</text>`,
    '</svg>',
  ].join('');
}
