// One place for what every headless-Chromium script of the project needs: Debian's Chromium with
// the flags every run uses, and a real demo-admin session built through the api's login
// chain. Used by e2e/support/env.ts (Playwright), e2e/support/shot.mjs and scripts/bench.mjs.
import { chromium } from '@playwright/test';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
}

async function json(response, what) {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The session object the panel keeps under localStorage `sso.session`, obtained like the panel does:
 * login/nik → session/available-apps → session/create → api/me.
 */
export async function demoAdminSession(apiBase, hostOrigin, nik = '100001', password = 'admin123') {
  const post = (path, body, token) =>
    fetch(apiBase + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => json(r, path));
  const get = (path, token) =>
    fetch(apiBase + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => json(r, path));

  const login = await post('/auth/login/nik', { nik, password, url: hostOrigin });
  const token = login.data.token;
  const apps = await get('/session/available-apps', token);
  const app = apps.data.find((a) => String(a.id) === String(login.data.apps_id));
  if (!app)
    throw new Error(`login of ${nik} named app ${login.data.apps_id}, which available-apps does not list`);
  const created = await post('/session/create', { app_id: app.id }, token);
  const me = await get('/api/me', token);
  return {
    ...me.data.user,
    token,
    app_id: app.id,
    app_name: app.name,
    ...created.data,
    user: me.data.user,
    user_menu: me.data.user_menu ?? [],
    user_unit: me.data.user_unit ?? [],
  };
}
