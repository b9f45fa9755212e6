import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { SsoApi } from './support/sso-api';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import {
  createRole,
  openUserDrawer,
  signInThroughForm,
  signInToHome,
  uniqueName,
  type NewUser,
} from './support/testbed';

/**
 * Issue 31: two-step verification in Chromium against the real api. Codes are computed here, with
 * `otpauth`, from the secret the page shows (as a tester would with the demo account's secret).
 */

const TWO_STEP = routes.twoStep;
const ACCOUNT_SECURITY = routes.accountSecurity;

/** A code of `secret` one period ahead: a code the page just used (same period) is refused as a replay. */
const nextCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
const currentCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** A panel user of this spec (role 2 unless given), for the `newAccount` fixture. */
const twoStepUser = (roleId?: number): NewUser => ({ label: 'Dua Langkah', roleId });

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Keamanan Akun: adds an authenticator app; returns its secret and the recovery codes shown once. */
async function addAuthenticator(page: Page, label: string): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('link', { name: 'Keamanan Akun' }).click();
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT_SECURITY}$`));
  await expect(page.getByRole('heading', { name: 'Keamanan Akun', level: 1 })).toBeVisible();
  await expect(page.getByText('Tidak aktif')).toBeVisible();
  await page.getByRole('button', { name: 'Tambah aplikasi autentikator' }).click();
  await expect(page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Nama perangkat' }).fill(label);
  // A wrong code first: refused, nothing added.
  await page.getByRole('textbox', { name: 'Kode dari aplikasi' }).fill('000000');
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  await expect(page.getByText('Kode salah atau sudah digunakan')).toBeVisible();
  await page.getByRole('textbox', { name: 'Kode dari aplikasi' }).fill(currentCode(secret));
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  const shown = page.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
  await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Aktif', { exact: true })).toBeVisible();
  await expect(page.getByText('Tersisa 10 dari 10 kode', { exact: false })).toBeVisible();
  return { secret, codes };
}

test('enrol an authenticator app, sign in with it and with a recovery code; a used code is refused', async ({
  page,
  newAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(twoStepUser());
  await signInToHome(page, account);
  const { secret, codes } = await addAuthenticator(page, 'Ponsel kantor');
  await expectNoA11yViolations(page);

  // The password alone no longer signs in: the second step asks for the app's code.
  await logout(page);
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`));
  await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible();
  // No session exists before the step passes: a protected page goes back to the login.
  expect(await page.evaluate(() => Object.keys(window.localStorage).some((k) => k.includes('session')))).toBe(
    false,
  );
  const field = page.getByRole('textbox', { name: 'Kode autentikator' });
  await field.fill('12ab');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByText('Kode autentikator harus 6 digit angka')).toBeVisible();
  await expectNoA11yViolations(page);
  await field.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // A recovery code instead, once.
  await logout(page);
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`));
  await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).click();
  await page.getByRole('textbox', { name: 'Kode pemulihan' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Keamanan Akun' }).click();
  await expect(page.getByText('Tersisa 9 dari 10 kode', { exact: false })).toBeVisible();

  await logout(page);
  await signInThroughForm(page, account);
  await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).click();
  await page.getByRole('textbox', { name: 'Kode pemulihan' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page.getByRole('alert')).toHaveText('Kode salah atau sudah digunakan');
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`));
});

test('the demo account 100007 signs in with the secret listed in the README', async ({ page }) => {
  await signInThroughForm(page, { nik: '100007', password: 'password123' });
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`));
  await page
    .getByRole('textbox', { name: 'Kode autentikator' })
    .fill(nextCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
  await page.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

/** A role like Admin (role 2: the panel's menus) that requires two-step verification. */
async function roleRequiringTwoStep(apiClient: SsoApi): Promise<number> {
  const detail = await apiClient.get('/api/v1/ap/role/detail/2');
  expect(detail.status).toBe(200);
  type Listed = {
    apps_id: number;
    menus: { id: number; acces_level: number; children: { id: number; acces_level: number }[] }[];
  };
  const role = (detail.body as { data: { applications: Listed[] } }).data;
  const applications = role.applications.map((app) => ({
    apps_id: app.apps_id,
    menus: app.menus.map((m) => ({
      id: m.id,
      access_level: m.acces_level,
      children: m.children.map((c) => ({ id: c.id, access_level: c.acces_level })),
    })),
  }));
  return (await createRole(apiClient, uniqueName('Wajib 2FA'), applications, { requiresTwoStep: true })).id;
}

test('a role that requires it takes its member to enrol right after the password; then an administrator resets it', async ({
  page,
  browser,
  apiClient,
  newAccount,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(150_000);
  const roleId = await roleRequiringTwoStep(apiClient);
  const account = await newAccount(twoStepUser(roleId));
  const member = await browser.newContext();
  const theirs = await member.newPage();
  try {
    await signInThroughForm(theirs, account);
    await expect(theirs).toHaveURL(new RegExp(`${TWO_STEP}$`));
    await expect(theirs.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible();
    // No way around it by URL: nothing is signed in yet.
    await theirs.goto(routes.home);
    await expect(theirs).toHaveURL(/\/login/);
    await signInThroughForm(theirs, account);
    await expect(theirs.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' })).toBeVisible();
    await expectNoA11yViolations(theirs);
    const secret = (await theirs.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await theirs.getByRole('textbox', { name: 'Kode autentikator' }).fill(currentCode(secret));
    await theirs.getByRole('button', { name: 'Aktifkan' }).click();
    await expect(theirs.getByRole('heading', { name: 'Simpan Kode Pemulihan' })).toBeVisible();
    await expect(theirs.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem')).toHaveCount(10);
    await theirs.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
    await expect(theirs).toHaveURL(/\/home$/);

    // Keamanan Akun: the last factor of a role that requires it cannot be removed.
    await theirs.getByRole('link', { name: 'Keamanan Akun' }).click();
    await expect(theirs.getByText(/^Role Anda mewajibkan verifikasi dua langkah/)).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Hapus' })).toBeDisabled();

    // The administrator resets it in Detail User (with a reason); the member's session ends.
    await loginAs(page);
    const drawer = await openUserDrawer(page, account);
    const section = drawer.getByRole('region', { name: 'Verifikasi dua langkah' });
    await expect(section.getByText('Aplikasi autentikator', { exact: true })).toBeVisible();
    await expect(section).not.toContainText(secret);
    await section.getByRole('button', { name: 'Reset verifikasi dua langkah' }).click();
    const question = section.getByRole('group', { name: `Reset verifikasi dua langkah ${account.nama}?` });
    await expect(question).toContainText('Semua aplikasi autentikator dan kode pemulihan user ini dihapus');
    await question.getByRole('textbox', { name: 'Alasan (opsional)' }).fill('Ponsel hilang');
    await expectNoA11yViolations(page);
    await question.getByRole('button', { name: 'Reset verifikasi dua langkah' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Verifikasi dua langkah user diatur ulang' }),
    ).toBeVisible();
    await expect(section.getByText('Tidak aktif', { exact: false })).toBeVisible();

    await theirs.reload();
    await expect(theirs).toHaveURL(/\/login/);
    await expect(theirs.getByText(/verifikasi dua langkah Anda diatur ulang/)).toBeVisible();
    // The next sign-in asks to enrol again.
    await signInThroughForm(theirs, account);
    await expect(theirs.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible();

    // Log Aktivitas has the reset with its reason.
    const events = await apiClient.get(`/api/v1/ap/audit/list?action=user.two_step_reset&user=${account.id}`);
    expect(JSON.stringify(events.body)).toContain('Ponsel hilang');
  } finally {
    await member.close();
  }
});

/** A role granting HRIS (app 2) only: enough to sign in there through the SSO. */
async function hrisRole(apiClient: SsoApi): Promise<number> {
  const menus = await apiClient.get('/api/v1/ap/menu/with-child?apps_id=2');
  expect(menus.status).toBe(200);
  type MenuNode = { id: number; menu?: MenuNode[] };
  const hris = {
    apps_id: 2,
    menus: (menus.body as { data: MenuNode[] }).data.map((m) => ({
      id: m.id,
      access_level: 3,
      children: (m.menu ?? []).map((c) => ({ id: c.id, access_level: 3 })),
    })),
  };
  return (await createRole(apiClient, uniqueName('HRIS 2FA'), [hris])).id;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

test('an application asking for two-step verification (acr_values) gets it: enrolment on the way, amr otp + mfa in the ID token', async ({
  page,
  request,
  apiClient,
  newAccount,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount(twoStepUser(await hrisRole(apiClient)));
  const issuer = 'http://localhost:4000/oidc';
  const discovery = (await (await request.get(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
    acr_values_supported: string[];
  };
  expect(discovery.acr_values_supported).toContain('urn:sso:acr:mfa');
  const { createHash, randomBytes } = await import('node:crypto');
  const verifier = base64url(randomBytes(32));
  const redirectUri = 'http://localhost:3101/callback';
  const authorize = new URL(discovery.authorization_endpoint);
  for (const [key, value] of Object.entries({
    client_id: 'hris',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile',
    state: 'state-e2e',
    nonce: 'nonce-e2e',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    acr_values: 'urn:sso:acr:mfa',
  }))
    authorize.searchParams.set(key, value);

  // The redirect to the application's callback is caught before it leaves (DevTools Fetch: it
  // pauses redirect hops too), so this test holds the code, not the sample application.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${redirectUri}*` }] });
  const callback = new Promise<string>((resolve) => {
    cdp.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
      resolve(event.request.url);
      void cdp.send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'content-type', value: 'text/plain' }],
        body: Buffer.from('ok').toString('base64'),
      });
    });
  });

  await page.goto(authorize.href);
  await expect(page).toHaveURL(/\/login\?sso=/);
  await page.getByRole('textbox', { name: 'NIK' }).fill(account.nik);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  // The password alone is not enough for this application: add an authenticator app first.
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}\\?sso=`));
  await expect(page.getByRole('heading', { name: 'Aktifkan Verifikasi Dua Langkah' })).toBeVisible();
  // The secret shows once the api offered it (a placeholder until then).
  await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{32}$/);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByRole('textbox', { name: 'Kode autentikator' }).fill(currentCode(secret));
  await page.getByRole('button', { name: 'Aktifkan' }).click();
  await page.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();

  const back = new URL(await callback);
  expect(back.searchParams.get('state')).toBe('state-e2e');
  const code = back.searchParams.get('code') ?? '';
  const exchanged = await request.post(discovery.token_endpoint, {
    headers: { authorization: `Basic ${Buffer.from('hris:hris-demo-secret').toString('base64')}` },
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
  });
  expect(exchanged.status(), await exchanged.text()).toBe(200);
  const { id_token: idToken } = (await exchanged.json()) as { id_token: string };
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    amr?: string[];
    acr?: string;
    preferred_username?: string;
  };
  expect(claims).toMatchObject({
    acr: 'urn:sso:acr:mfa',
    amr: ['pwd', 'otp', 'mfa'],
    preferred_username: account.nik,
  });
});

test('a passkey (Chromium virtual authenticator): added in Keamanan Akun, then the second step with one touch', async ({
  page,
  apiClient,
  newAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const account = await newAccount(twoStepUser());
  await signInToHome(page, account);
  await page.getByRole('link', { name: 'Keamanan Akun' }).click();
  await page.getByRole('button', { name: 'Tambah passkey' }).click();
  await page.getByRole('textbox', { name: 'Nama perangkat' }).fill('Laptop kantor');
  await page.getByRole('button', { name: 'Buat passkey' }).click();
  // The first factor: its recovery codes, shown once.
  await expect(page.getByRole('list', { name: 'Kode pemulihan' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Saya sudah menyimpan kode ini' }).click();
  await expect(page.getByText('Laptop kantor', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Passkey · ditambahkan/)).toBeVisible();
  await expectNoA11yViolations(page);

  await logout(page);
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`));
  await page.getByRole('button', { name: 'Gunakan passkey' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const events = await apiClient.get(`/api/v1/ap/audit/list?action=auth.two_step&user=${account.id}`);
  expect(JSON.stringify(events.body)).toContain('Passkey');

  // "Masuk dengan passkey": the passkey is the first and only step (no NIK, no password).
  await logout(page);
  await page.getByRole('button', { name: 'Masuk dengan passkey' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const signIns = await apiClient.get(`/api/v1/ap/audit/list?action=auth.login_passkey&user=${account.id}`);
  expect((signIns.body as { meta: { total: number } }).meta.total).toBe(1);
});
