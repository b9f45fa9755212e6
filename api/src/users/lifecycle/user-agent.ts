/**
 * A user agent in words for the session list ("Chrome 126 di Windows"): the browser family and
 * major version, and the system. Simple on purpose: the list helps an administrator recognise a
 * device, it is not a fingerprint. Null when none was sent.
 */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent?.trim()) return null;
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (!browser && !system) return 'Peramban tidak dikenal';
  if (!browser) return `Peramban tidak dikenal di ${system}`;
  return system ? `${browser} di ${system}` : browser;
}

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function browserOf(ua: string): string | null {
  const headless = /HeadlessChrome\/(\d+)/.exec(ua);
  if (headless) return `Chrome Headless ${headless[1] ?? ''}`.trim();
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1] ?? ''}`.trim();
  }
  return null;
}

function systemOf(ua: string): string | null {
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}
