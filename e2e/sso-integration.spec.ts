import LZString from 'lz-string';
import type { Page } from '@playwright/test';
import { SESSION_KEY, test, expect } from './support/fixtures';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { API_ORIGIN, DEMO_ACCOUNTS } from './support/env';

/**
 * Issue 30, items 2 and 7, against the real api: an application gets an OpenID Connect client in
 * App Management ("Integrasi SSO": the secret shown once, URIs edited, "Buat ulang secret", a public
 * client), and Home's "Aplikasi Anda" opens the granted applications signed in (an OIDC client at its
 * "URL mulai masuk", another by the spec's handoff).
 */

const APP = '/api/v1/ap/applications';
const NAME = 'Aplikasi Gudang SSO';
const CLIENT_ID = 'aplikasi-gudang-sso';

const section = (page: Page) => page.getByRole('region', { name: 'Integrasi SSO' });
/** A field of that section, by its exact label. */
const field = (page: Page, label: string) => section(page).getByLabel(label, { exact: true });
const appsTable = (page: Page) => page.getByRole('table', { name: 'Daftar aplikasi' });

async function appIdByName(api: SsoApi, name: string): Promise<number | undefined> {
  const { body } = await api.get(`${APP}/list?perPage=100&keyword=${encodeURIComponent(name)}`);
  return (body as { data: { id: number; name: string }[] }).data.find((a) => a.name === name)?.id;
}

async function removeApp(api: SsoApi, name: string): Promise<void> {
  const id = await appIdByName(api, name);
  if (id !== undefined) await api.delete(`${APP}/delete/${id}`);
}

interface Client {
  client_id: string;
  client_type: string;
  redirect_uris: string[];
}
async function clientOf(api: SsoApi, id: number): Promise<{ text: string; sso: Client | null }> {
  const { body } = await api.get(`${APP}/detail/${id}`);
  return { text: JSON.stringify(body), sso: (body as { data: { sso: Client | null } }).data.sso };
}

/** The secret the page shows once (the read-only box of "Client secret baru"). */
async function shownSecret(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Client secret baru' });
  await expect(panel.getByText(/Secret hanya ditampilkan sekali/)).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Client ID' })).toHaveValue(CLIENT_ID);
  const secret = await panel.getByRole('textbox', { name: 'Client secret', exact: true }).inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return secret;
}

test.describe('Integrasi SSO', () => {
  test('an owner adds an application with a confidential client: the secret is shown once; URIs are edited, the secret regenerated, the client made public', async ({
    page,
    openSignedIn,
    apiClient,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(120_000);
    await removeApp(apiClient, NAME);
    try {
      await openSignedIn(routes.addApp);
      await page.getByLabel('Nama Aplikasi').fill(NAME);
      await page.getByLabel('URL Aplikasi').fill('https://gudang.example.com');
      await section(page).getByLabel('Aktifkan Integrasi SSO (OpenID Connect)').check();
      await expect(section(page).getByText('Dibuat otomatis dari nama aplikasi saat disimpan')).toBeVisible();
      await field(page, 'Redirect URI 1').fill('http://gudang.example.com/callback');
      await section(page).getByRole('button', { name: '+ Tambah Redirect URI setelah logout' }).click();
      await field(page, 'Redirect URI setelah logout 1').fill('https://gudang.example.com/');
      await field(page, 'URL mulai masuk').fill('https://gudang.example.com/login#masuk');
      await page.getByRole('button', { name: 'Simpan' }).click();
      // The contract's messages, under each field; nothing saved.
      await expect(field(page, 'Redirect URI 1')).toHaveAccessibleDescription(
        /Redirect URI harus diawali https:\/\/ \(http:\/\/ hanya untuk localhost\)/,
      );
      await expect(field(page, 'URL mulai masuk')).toHaveAccessibleDescription(
        /URL mulai masuk tidak boleh berisi fragmen \(#\)/,
      );
      expect(await appIdByName(apiClient, NAME)).toBeUndefined();
      await expectNoA11yViolations(page);

      await field(page, 'Redirect URI 1').fill('https://gudang.example.com/callback');
      await field(page, 'URL mulai masuk').fill('https://gudang.example.com/login');
      await page.getByRole('button', { name: 'Simpan' }).click();
      const first = await shownSecret(page);
      await expectNoA11yViolations(page);
      const id = await appIdByName(apiClient, NAME);
      if (id === undefined) throw new Error('the application was not saved');
      // The api keeps the client, never the secret (nor answers it again).
      const saved = await clientOf(apiClient, id);
      expect(saved.sso).toMatchObject({ client_id: CLIENT_ID, client_type: 'confidential' });
      expect(saved.text).not.toContain(first);

      await page.getByRole('button', { name: 'Saya sudah menyimpan secret' }).click();
      await expect(page).toHaveURL(routes.appManagement);
      await appsTable(page)
        .getByRole('row', { name: new RegExp(NAME) })
        .click();
      const drawer = page.getByRole('dialog', { name: 'Detail Aplikasi' });
      await expect(drawer.getByRole('textbox', { name: 'Client ID' })).toHaveValue(CLIENT_ID);
      await expect(drawer.getByRole('list', { name: 'Redirect URI', exact: true })).toHaveText(
        'https://gudang.example.com/callback',
      );
      await expect(drawer).not.toContainText(first);

      // Edit the URIs: saved at once, no new secret.
      await drawer.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Aplikasi' })).toBeVisible();
      await expect(section(page).getByRole('textbox', { name: 'Client ID' })).toHaveValue(CLIENT_ID);
      await section(page).getByRole('button', { name: '+ Tambah Redirect URI', exact: true }).click();
      await field(page, 'Redirect URI 2').fill('http://localhost:3999/callback');
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page).toHaveURL(routes.appManagement);
      expect((await clientOf(apiClient, id)).sso?.redirect_uris).toEqual([
        'https://gudang.example.com/callback',
        'http://localhost:3999/callback',
      ]);

      // "Buat ulang secret": asked first, then a new secret shown once.
      await appsTable(page)
        .getByRole('row', { name: new RegExp(NAME) })
        .click();
      await page
        .getByRole('dialog', { name: 'Detail Aplikasi' })
        .getByRole('button', { name: 'Edit' })
        .click();
      await section(page).getByRole('button', { name: 'Buat ulang secret' }).click();
      const question = page.getByRole('alertdialog', { name: 'Buat ulang secret?' });
      await expect(question).toContainText('Secret lama langsung tidak berlaku');
      await question.getByRole('button', { name: 'Buat ulang secret' }).click();
      const second = await shownSecret(page);
      expect(second).not.toBe(first);

      // Made public (PKCE): no secret any more.
      await section(page)
        .getByLabel(/Public \(PKCE\)/)
        .check();
      await expect(section(page).getByRole('button', { name: 'Buat ulang secret' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(page).toHaveURL(routes.appManagement);
      expect((await clientOf(apiClient, id)).sso?.client_type).toBe('public');

      // Log Aktivitas has the client's settings, never a secret.
      const { body } = await apiClient.get(
        `/api/v1/ap/audit/list?target_type=application&target_id=${id}&perPage=50`,
      );
      const log = JSON.stringify(body);
      expect(log).toContain('SSO Redirect URI');
      expect(log).toContain('application.secret');
      for (const secret of [first, second]) expect(log).not.toContain(secret);
      expect(log).not.toContain('sha256$');
    } finally {
      await removeApp(apiClient, NAME);
    }
  });
});

test.describe('Home "Aplikasi Anda"', () => {
  const OIDC_APP = 'Aplikasi SSO Beranda';
  const INITIATE = 'http://localhost:3999/sso/mulai';
  const ISSUER = `${API_ORIGIN}/oidc`;

  test('lists the applications the role grants and opens them signed in (initiate-login URI, or the spec handoff)', async ({
    page,
    openSignedIn,
    apiClient,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(90_000);
    await removeApp(apiClient, OIDC_APP);
    // One menu, so the administrator's role holds the application it adds (ADR 0013).
    const created = await apiClient.post(`${APP}/create`, {
      name: OIDC_APP,
      url: 'http://localhost:3999/',
      menus: [{ name: 'Beranda', children: [] }],
      sso: {
        client_type: 'public',
        redirect_uris: ['http://localhost:3999/callback'],
        initiate_login_uri: INITIATE,
      },
    });
    expect(created.status).toBe(201);
    // Nothing listens there in the test: answer the applications' pages here.
    await page.context().route(/^http:\/\/(localhost:3999|finance\.localhost)\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Aplikasi</title><p>Aplikasi</p>',
      }),
    );
    try {
      await openSignedIn(routes.home);
      const list = page.getByRole('list', { name: 'Aplikasi yang dapat Anda buka' });
      for (const name of ['HRIS', 'Finance', 'Inventory', 'Sales', OIDC_APP]) {
        await expect(
          list
            .getByRole('button', { name: `Buka ${name} (tab baru)` })
            .or(list.getByRole('link', { name: `Buka ${name} (tab baru)` })),
        ).toBeVisible();
      }
      await expect(list.getByText('SSO Admin Panel')).toHaveCount(0);
      await expectNoA11yViolations(page);

      // An OIDC client: its "URL mulai masuk", in a new tab.
      const [oidcTab] = await Promise.all([
        page.context().waitForEvent('page'),
        list.getByRole('link', { name: `Buka ${OIDC_APP} (tab baru)` }).click(),
      ]);
      await expect(oidcTab).toHaveURL(`${INITIATE}?iss=${encodeURIComponent(ISSUER)}`);
      await oidcTab.close();

      // HRIS is a seeded OpenID Connect client: a link to its sample application's sign-in.
      await expect(list.getByRole('link', { name: 'Buka HRIS (tab baru)' })).toHaveAttribute(
        'href',
        `http://localhost:3101/login?iss=${encodeURIComponent(ISSUER)}`,
      );

      // Finance (no client): a fresh app session for app 3, as the `/` route's compressed `data`.
      const [financeTab] = await Promise.all([
        page.context().waitForEvent('page'),
        list.getByRole('button', { name: 'Buka Finance (tab baru)' }).click(),
      ]);
      await expect(financeTab).toHaveURL(/^http:\/\/finance\.localhost\/\?data=/);
      const data = new URL(financeTab.url()).searchParams.get('data') ?? '';
      const handed = JSON.parse(LZString.decompressFromEncodedURIComponent(data)) as {
        app_id: number;
        access_token: string;
        session_token: string;
        token: string | null;
      };
      expect(handed).toMatchObject({ app_id: 3, token: null });
      const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
      const panel = JSON.parse(stored ?? '{}') as { access_token?: string };
      expect(handed.access_token).not.toBe(panel.access_token);
      const validation = await apiClient.post(
        '/session/validate',
        { session_token: handed.session_token },
        handed.access_token,
      );
      expect(validation.status).toBe(200);
      expect((validation.body as { data: { app_id: number } }).data.app_id).toBe(3);
      await financeTab.close();
    } finally {
      await removeApp(apiClient, OIDC_APP);
    }
  });

  test('another role sees exactly the applications its role grants', async ({
    page,
    openSignedIn,
    apiClient,
  }) => {
    // NIK 100005, role "Admin User": its grants, read from Role Management.
    const { body: roles } = await apiClient.get('/api/v1/ap/role/list?perPage=100&keyword=Admin%20User');
    const role = (roles as { data: { id: number; name: string }[] }).data.find(
      (r) => r.name === 'Admin User',
    );
    if (!role) throw new Error('no Admin User role');
    const { body: detail } = await apiClient.get(`/api/v1/ap/role/detail/${role.id}`);
    const granted = (
      detail as { data: { applications: { apps_id: number; apps_name: string }[] } }
    ).data.applications
      .filter((app) => app.apps_id !== 1)
      .map((app) => app.apps_name);
    expect(granted.length).toBeGreaterThan(0);

    await openSignedIn(routes.home, DEMO_ACCOUNTS.modifier2);
    const list = page.getByRole('list', { name: 'Aplikasi yang dapat Anda buka' });
    await expect(list.getByRole('listitem')).toHaveCount(granted.length);
    for (const name of granted) await expect(list.getByText(name, { exact: true })).toBeVisible();
  });
});
