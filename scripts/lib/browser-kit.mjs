// One place for what every headless-Chromium script of the project needs: Debian's Chromium with
// the flags every run uses, and a real demo-admin session built through the panel's login chain
// (sso-session.mts). Used by e2e/support/env.ts (Playwright), e2e/support/shot.mjs and scripts/bench.mjs.
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';

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

let sessionKit;
/** sso-session.mts (the panel's login chain and session key), compiled on first use by tsx. */
function loadSessionKit() {
  sessionKit ??= tsImport('./sso-session.mts', import.meta.url);
  return sessionKit;
}

/**
 * The session the panel keeps under its session key (`SESSION_KEY` of `@sso/shared/session`),
 * obtained through the panel's own login chain.
 */
export async function demoAdminSession(apiBase, hostOrigin, nik = '100001', password = 'admin123') {
  const { signIn } = await loadSessionKit();
  return signIn(apiBase, hostOrigin, nik, password);
}

/** Makes every page load of `page` start signed in with `session` (before the panel's code runs). */
export async function addSessionInitScript(page, session) {
  const { SESSION_KEY } = await loadSessionKit();
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify(session)],
  );
}
