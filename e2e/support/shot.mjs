// Screenshot helper for engineers: node e2e/support/shot.mjs <url> <out.png> [--login] [--narrow]
// Headless Debian Chromium with the project's flags; --login stores a real demo-admin session first.
import { addSessionInitScript, demoAdminSession, launchChromium } from '../../scripts/lib/browser-kit.mjs';

const [url, out, ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node e2e/support/shot.mjs <url> <out.png> [--login] [--narrow]');
  process.exit(2);
}
const browser = await launchChromium();
const narrow = flags.includes('--narrow');
const page = await browser.newPage({
  viewport: narrow ? { width: 390, height: 844 } : { width: 1280, height: 800 },
});
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
if (flags.includes('--login')) {
  const session = await demoAdminSession('http://localhost:4000/api/v1/sso', 'http://localhost:3000');
  await addSessionInitScript(page, session);
}
await page.goto(url);
await page.waitForLoadState('networkidle');
console.log('at', page.url());
await page.screenshot({ path: out, fullPage: true });
await browser.close();
