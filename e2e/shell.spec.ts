import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;
import { test, expect, storeSession, SESSION_KEY } from './support/fixtures';
import { protectedRoutes, publicOnlyRoutes, routes } from './support/routes';

const storedSession = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);

test.describe('shell', () => {
  test('handoff: a valid session in `data` is stored, the parameter leaves the URL, /home after 1.5 s', async ({
    page,
    apiClient,
  }) => {
    const session = await apiClient.sessionFor();
    const data = compressToEncodedURIComponent(JSON.stringify(session));
    const started = Date.now();
    await page.goto(`/?data=${data}`);
    await expect(page.getByRole('status')).toContainText('Mengalihkan');
    expect(page.url()).not.toContain('data=');
    await expect(page).toHaveURL(/\/home$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(JSON.parse((await storedSession(page)) ?? '{}')).toMatchObject({
      session_token: session.session_token,
    });
    // The handoff parameter is not in the history either.
    await page.goBack();
    expect(page.url()).not.toContain('data=');
  });

  test.describe('handoff with bad data goes to /login without a crash', () => {
    const cases: [string, string][] = [
      ['no parameter', '/'],
      ['not lz-string', '/?data=%25%25%25'],
      ['not JSON', `/?data=${compressToEncodedURIComponent('{nope')}`],
      ['wrong shape', `/?data=${compressToEncodedURIComponent(JSON.stringify({ access_token: 'a' }))}`],
      ['script injection', `/?data=${compressToEncodedURIComponent('<script>alert(1)</script>')}`],
      ['huge', `/?data=${'Q'.repeat(30_000)}`],
    ];
    for (const [label, url] of cases) {
      test(label, async ({ page }) => {
        await page.goto(url);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('#root')).not.toBeEmpty();
        expect(await storedSession(page)).toBeNull();
      });
    }
  });

  test('guards: protected routes send a visitor to / (then /login) and clear a corrupted session', async ({
    page,
  }) => {
    await page.goto('/config.json');
    await page.evaluate((key) => window.localStorage.setItem(key, '{"corrupted":'), SESSION_KEY);
    for (const route of protectedRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
    }
    expect(await storedSession(page)).toBeNull();
  });

  test('guards: a logged-in user on a public-only route goes to /home', async ({ page, loginAs }) => {
    await loginAs(page);
    for (const route of publicOnlyRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/home$/);
    }
  });

  test('layout: sidebar Panel with its items from data, selection follows the path, initial and name', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.home);
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByRole('heading', { name: 'Panel' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link')).toHaveText([
      'Home',
      'User Management',
      'Role Management',
      'App Management',
      'Log Aktivitas',
      'Peta Akses',
      'Settings',
    ]);
    await expect(sidebar.getByText('Administrator')).toBeVisible();
    await expect(sidebar.getByText('A', { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('©');
    await expectNoA11yViolations(page);

    for (const [link, heading] of [
      ['App Management', 'App Management'],
      ['Settings', 'Settings'],
      ['Home', 'Home'],
    ]) {
      // The sidebar's links (Home's cards link to the lists too: "Buka App Management").
      const item = page
        .getByRole('navigation', { name: 'Menu utama' })
        .getByRole('link', { name: link, exact: true });
      await item.click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(item).toHaveAttribute('aria-current', 'page');
      await expectNoA11yViolations(page);
    }
    // A nested path selects its list.
    await page.goto(routes.addUser);
    await expect(page.getByRole('link', { name: 'User Management', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('narrow screen: the sidebar collapses behind a menu button', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openSignedIn(routes.home);
    const settings = page.getByRole('link', { name: 'Settings' });
    await expect(settings).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Buka menu' });
    await menuButton.click();
    // A real modal dialog: named, focus inside, Escape closes it and focus returns to the button.
    const dialog = page.getByRole('dialog', { name: 'Panel' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await expect(settings).toBeVisible();
    await settings.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(settings).toBeHidden();
    await expect(page).toHaveTitle('Settings · SSO Admin Panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expectNoA11yViolations(page);
  });

  test('logout: the server is told, the session cleared, the message shown, back to / then /login', async ({
    page,
    openSignedIn,
    apiClient,
  }) => {
    await openSignedIn(routes.home);
    const session = JSON.parse((await storedSession(page)) ?? '{}');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: /logout/i })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The token no longer works on the server.
    const me = await apiClient.get('/api/me', session.access_token);
    expect(me.status).toBe(401);
    expect((await apiClient.get('/api/me', session.access_token)).status).toBe(401);
  });

  test('expiry: a session that expires while a page is open is cleared and the user goes to /', async ({
    page,
    apiClient,
  }) => {
    const session = await apiClient.sessionFor();
    await storeSession(page, { ...session, expires_at: Math.floor(Date.now() / 1000) + 2 });
    await page.goto(routes.home);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
    expect(await storedSession(page)).toBeNull();
  });

  test('cross-tab: logging out in one tab logs out every open tab', async ({
    page,
    context,
    openSignedIn,
  }) => {
    await openSignedIn(routes.home);
    const other = await context.newPage();
    await other.goto(routes.settings);
    await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(other).toHaveURL(/\/login$/);
  });

  test('an unknown path shows a clear message, not a blank page', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn('/tidak-ada');
    await expect(page.getByText('Halaman tidak ditemukan')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
