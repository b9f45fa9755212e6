// Screenshot helper for engineers: node e2e/support/shot.mjs <url> <out.png> [--login] [--narrow]
// Headless Debian Chromium with the project's flags; --login stores a real demo-admin session first.
import { chromium } from '@playwright/test';

const [url, out, ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node e2e/support/shot.mjs <url> <out.png> [--login] [--narrow]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const narrow = flags.includes('--narrow');
const page = await browser.newPage({
  viewport: narrow ? { width: 390, height: 844 } : { width: 1280, height: 800 },
});
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
if (flags.includes('--login')) {
  const api = 'http://localhost:4000/api/v1/sso';
  const post = (p, body, token) =>
    fetch(api + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const get = (p, token) =>
    fetch(api + p, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  const login = await post('/auth/login/nik', {
    nik: '100001',
    password: 'admin123',
    url: 'http://localhost:3000',
  });
  const token = login.data.token;
  const apps = await get('/session/available-apps', token);
  const app = apps.data.find((a) => String(a.id) === String(login.data.apps_id));
  const created = await post('/session/create', { app_id: app.id }, token);
  const me = await get('/api/me', token);
  const session = {
    ...me.data.user,
    token,
    app_id: app.id,
    app_name: app.name,
    ...created.data,
    user: me.data.user,
    user_menu: [],
    user_unit: [],
  };
  await page.goto(new URL(url).origin + '/config.json');
  await page.evaluate((s) => localStorage.setItem('sso.session', JSON.stringify(s)), session);
}
await page.goto(url);
await page.waitForLoadState('networkidle');
console.log('at', page.url());
await page.screenshot({ path: out, fullPage: true });
await browser.close();
