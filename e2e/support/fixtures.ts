import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SESSION_KEY, type Session } from '@sso/shared/session';
import { SsoApi } from './sso-api';
import { DEMO_ADMIN } from './env';
import { createAccount, type NewUser, type TestAccount } from './testbed';
import type { StaticServer } from './test-stack';

export { SESSION_KEY };

/** Stores a session in the browser the way the panel does, on the panel's origin. */
export async function storeSession(page: Page, session: Session, origin?: string): Promise<void> {
  const base = origin ?? 'http://localhost:3000';
  await page.goto(`${base}/config.json`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_KEY,
    JSON.stringify(session),
  ] as const);
}

interface Options {
  /** Which server the apps run behind (the Playwright project's setting): the stacks a test starts follow it. */
  server: StaticServer;
  /**
   * Every test of a describe block signed in as this account before it starts (`test.use({
   * signedInAs: DEMO_ADMIN })`, as `loginAs` signs in); nobody unless set.
   */
  signedInAs: SignInAs | undefined;
}

/** Who signs in: a NIK (with the demo password unless one is given) or a NIK and password. */
export type SignInAs = string | { nik: string; password: string };

interface Fixtures {
  apiClient: SsoApi;
  /**
   * Signs the browser in through the real login chain: as the demo admin, as a demo account
   * (`loginAs(page, DEMO_ACCOUNTS.viewer)`) or as a NIK and password.
   */
  loginAs: (page: Page, who?: SignInAs, password?: string, origin?: string) => Promise<void>;
  /**
   * The opening of most tests: signs the test's page in as `loginAs` does (the demo admin unless an
   * account is given) and opens a screen of the panel, e.g.
   * `await openSignedIn(routes.userManagement, DEMO_ACCOUNTS.viewer)`. Returns the page.
   */
  openSignedIn: (path: string, who?: SignInAs) => Promise<Page>;
  /** axe-core: no serious or critical violation on the current screen. */
  expectNoA11yViolations: (page: Page) => Promise<void>;
  outbox: { latestCode: (to: string, purpose: 'login' | 'reset') => Promise<string> };
  /** A new user who can sign in (the testbed's `createAccount`, through `apiClient` and `outbox`). */
  newAccount: (options?: NewUser) => Promise<TestAccount>;
}

export const test = base.extend<Fixtures & Options>({
  server: ['node', { option: true }],
  signedInAs: [undefined, { option: true }],
  // Every screen of every spec runs under the host's Content-Security-Policy: a violation fails the
  // test. So does an uncaught error or unhandled rejection in the page: bad input, a dead or hung
  // remote, an expired session are all contained, and error monitoring would report any of these.
  page: async ({ page, signedInAs, loginAs }, use) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(`${error.name}: ${error.message} on ${page.url()}`));
    const violations: string[] = [];
    await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (t: string) => void })
          .__reportCspViolation;
        void report(
          `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.href}`,
        );
      });
    });
    if (signedInAs) await loginAs(page, signedInAs);
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    expect(uncaught, 'uncaught errors in the page').toEqual([]);
  },
  apiClient: async ({ request }, use) => {
    await use(new SsoApi(request));
  },
  loginAs: async ({ apiClient }, use) => {
    await use(async (page, who = DEMO_ADMIN, password, origin) => {
      const account = typeof who === 'string' ? { nik: who, password: password ?? DEMO_ADMIN.password } : who;
      const session = await apiClient.sessionFor(account.nik, account.password);
      await storeSession(page, session, origin);
    });
  },
  openSignedIn: async ({ page, loginAs }, use) => {
    await use(async (path, who) => {
      await loginAs(page, who);
      await page.goto(path);
      return page;
    });
  },
  expectNoA11yViolations: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(serious, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
  outbox: async ({ apiClient }, use) => {
    await use({
      latestCode: async (to, purpose) => {
        let code: string | null = null;
        await expect
          .poll(async () => (code = await apiClient.latestCode(to, purpose)), {
            message: `an OTP for ${to} (${purpose}) in the dev outbox`,
          })
          .not.toBeNull();
        return code ?? '';
      },
    });
  },
  newAccount: async ({ apiClient, outbox }, use) => {
    await use((options) => createAccount(apiClient, outbox, options));
  },
});

export { expect };
