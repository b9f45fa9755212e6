import type { Page } from '@playwright/test';
import { test as base, expect, SESSION_KEY } from './support/fixtures';
import { routes } from './support/routes';
import { API_BASE, DEMO_ADMIN, HOST_ORIGIN } from './support/env';
import { createUser, deleteUser, roleIdsByName, type TestUser } from './support/testbed';

/**
 * remote-auth end to end (issue 5): NIK login, phone + OTP login, password recovery, against the
 * real api. OTP flows use a user each test creates with its own phone, so the demo admin's phone
 * never hits the OTP rate limit and its password never changes (other specs log in as it).
 */

/** Each OTP or recovery test gets its own user, removed again afterwards whatever the outcome. */
const test = base.extend<{ freshUser: TestUser }>({
  freshUser: async ({ apiClient }, use) => {
    // In the demo administrator's role, with its own phone (no rate limit shared with other specs).
    const roleId = (await roleIdsByName(apiClient)).get('Super Admin');
    const user = await createUser(apiClient, { label: 'Auth', roleId });
    await use(user);
    await deleteUser(apiClient, user);
  },
});

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const authKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('sso.auth.')));

const nikField = (page: Page) => page.getByRole('textbox', { name: 'NIK' });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const phoneField = (page: Page) => page.getByRole('textbox', { name: 'Nomor HP' });
const firstBox = (page: Page) => page.getByRole('textbox', { name: 'Digit 1 dari 6' });
const resendButton = (page: Page) => page.getByRole('button', { name: /Kirim ulang OTP/ });
const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A real paste event carrying `text` (what the browser fires on Ctrl+V), on the focused element. */
/** Asks for a reset code by NIK: the page goes on to the code step. */
async function requestResetCode(page: Page, nik: string): Promise<void> {
  await page.goto(routes.forgotPassword);
  await nikField(page).fill(nik);
  await page.getByRole('button', { name: 'Kirim OTP' }).click();
  await expect(page).toHaveURL(/\/validate-otp$/);
}

async function pasteInto(page: Page, locator: ReturnType<Page['getByRole']>, text: string): Promise<void> {
  await locator.focus();
  await locator.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function typeCode(page: Page, code: string): Promise<void> {
  await firstBox(page).click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test.describe('login by NIK', () => {
  test('signs in through the whole chain, says "Login successfully" and lands on /home', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto(routes.login);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
    await nikField(page).fill(DEMO_ADMIN.nik);
    await passwordField(page).fill(DEMO_ADMIN.password);
    // show/hide password
    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');

    const loginRequest = page.waitForRequest(`${API_BASE}/auth/login/nik`);
    const chain = ['/session/available-apps', '/session/create', '/session/validate', '/api/me'].map((path) =>
      page.waitForResponse((r) => r.url() === `${API_BASE}${path}` && r.request().method() !== 'OPTIONS'),
    );
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    expect((await loginRequest).postDataJSON()).toEqual({
      nik: DEMO_ADMIN.nik,
      password: DEMO_ADMIN.password,
      url: HOST_ORIGIN,
    });
    for (const response of await Promise.all(chain)) expect(response.ok()).toBe(true);
    await expect(page).toHaveURL(/\/home$/);
    await expect(toastWith(page, 'Login successfully')).toBeVisible();
    const session = JSON.parse((await storage(page, SESSION_KEY)) ?? '{}');
    expect(session).toMatchObject({ nik: DEMO_ADMIN.nik, app_id: 1 });
    expect(session.access_token).toBeTruthy();
    expect(session.session_token).toBeTruthy();
  });

  test('requires NIK and password before any request', async ({ page, expectNoA11yViolations }) => {
    const requests: string[] = [];
    page.on('request', (r) => r.url().startsWith(API_BASE) && requests.push(r.url()));
    await page.goto(routes.login);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByText('NIK tidak boleh kosong')).toBeVisible();
    await expect(page.getByText('Password tidak boleh kosong')).toBeVisible();
    await expect(nikField(page)).toBeFocused();
    await expectNoA11yViolations(page);
    await nikField(page).fill(DEMO_ADMIN.nik);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByText('NIK tidak boleh kosong')).toBeHidden();
    await expect(page.getByText('Password tidak boleh kosong')).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('shows the server field errors under their fields and stores nothing', async ({
    page,
    freshUser: user,
  }) => {
    await page.goto(routes.login);
    // Issue 36: an unknown NIK, a wrong password and a NIK without a password (a user created
    // through the api) get one answer, under the password field: nothing tells who exists.
    for (const [nik, password] of [
      ['E2E-NOBODY', 'whatever'],
      [DEMO_ADMIN.nik, 'not-the-password'],
      [user.nik, 'anything'],
    ] as const) {
      await nikField(page).fill(nik);
      await passwordField(page).fill(password);
      await page.getByRole('button', { name: 'Masuk', exact: true }).click();
      await expect(passwordField(page)).toHaveAccessibleDescription('NIK atau password salah');
      await expect(nikField(page)).not.toHaveAccessibleDescription(/.+/);
    }

    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, SESSION_KEY)).toBeNull();
  });

  test('a failing step of the chain leaves the user on the form with a message and no session', async ({
    page,
  }) => {
    await page.route(`${API_BASE}/session/create`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Gagal membuat sesi aplikasi' } }),
    );
    await page.goto(routes.login);
    await nikField(page).fill(DEMO_ADMIN.nik);
    await passwordField(page).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Gagal membuat sesi aplikasi');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, SESSION_KEY)).toBeNull();
  });

  test('a network failure reads as a clear Indonesian message', async ({ page }) => {
    await page.route(`${API_BASE}/auth/login/nik`, (route) => route.abort('connectionrefused'));
    await page.goto(routes.login);
    await nikField(page).fill(DEMO_ADMIN.nik);
    await passwordField(page).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Tidak dapat terhubung ke server. Periksa koneksi Anda.',
    );
  });

  test('links to forgot password and to the phone login', async ({ page }) => {
    await page.goto(routes.login);
    await page.getByRole('link', { name: 'Lupa Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto(routes.login);
    await page.getByRole('link', { name: 'Masuk dengan Nomor HP' }).click();
    await expect(page).toHaveURL(/\/login-by-phone$/);
    await page.getByRole('link', { name: 'Masuk dengan NIK' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('login by phone', () => {
  test('the phone field takes only digits, typed or pasted; an unknown phone is refused under it', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto(routes.loginByPhone);
    await expectNoA11yViolations(page);
    await phoneField(page).pressSequentially('08a1b2-3 4e+');
    await expect(phoneField(page)).toHaveValue('081234');
    await phoneField(page).fill('');
    await pasteInto(page, phoneField(page), '+62 870-0000-0001');
    await expect(phoneField(page)).toHaveValue('6287000000001');

    await phoneField(page).fill('0870000000001');
    await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
    await expect(phoneField(page)).toHaveAccessibleDescription('Nomor HP tidak terdaftar');
    await expect(page).toHaveURL(/\/login-by-phone$/);
    await expectNoA11yViolations(page);
  });

  test('code from the outbox signs in; wrong, empty and reused codes are refused', async ({
    page,
    outbox,
    expectNoA11yViolations,
    freshUser: user,
  }) => {
    await page.goto(routes.loginByPhone);
    await phoneField(page).fill(user.phone);
    const requested = page.waitForRequest(`${API_BASE}/auth/request-otp`);
    await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
    expect((await requested).postDataJSON()).toEqual({ phone: user.phone });
    await expect(page).toHaveURL(/\/verifikasi-otp$/);
    const masked = `${user.phone.slice(0, 4)}xxxxx${user.phone.slice(-3)}`;
    await expect(page.getByText(masked)).toBeVisible();
    await expect(resendButton(page)).toBeDisabled();
    await expect(resendButton(page)).toHaveText(/0[01]:\d\d/);
    await expectNoA11yViolations(page);

    // Empty code: sent as 0, a request error.
    const empty = page.waitForRequest(`${API_BASE}/auth/login/phone`);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    expect((await empty).postDataJSON()).toEqual({ phone: user.phone, otp: 0 });
    await expect(page.getByRole('alert')).toHaveText('Kode OTP tidak boleh kosong');

    const code = await outbox.latestCode(user.phone, 'login');
    const wrong = code === '111111' ? '222222' : '111111';
    await typeCode(page, wrong);
    await expect(page.getByRole('alert')).toHaveText('Kode OTP tidak sesuai, silakan periksa kembali');
    await expectNoA11yViolations(page);

    // Paste the whole code, as a number on the wire.
    const sent = page.waitForRequest(`${API_BASE}/auth/login/phone`);
    await pasteInto(page, page.getByRole('textbox', { name: 'Digit 3 dari 6' }), code);
    await expect(page.getByRole('textbox', { name: 'Digit 1 dari 6' })).toHaveValue(code.charAt(0));
    await expect(page.getByRole('textbox', { name: 'Digit 6 dari 6' })).toHaveValue(code.charAt(5));
    await expect(page.getByRole('textbox', { name: 'Digit 6 dari 6' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toEqual({ phone: user.phone, otp: Number(code) });
    await expect(page).toHaveURL(/\/home$/);
    await expect(toastWith(page, 'Login successfully')).toBeVisible();
    const session = JSON.parse((await storage(page, SESSION_KEY)) ?? '{}');
    expect(session).toMatchObject({ nik: user.nik, phone: user.phone });
    expect(await authKeys(page)).toEqual([]);

    // The same code again (after a logout): single use.
    await page.evaluate(
      ([sessionKey, phone]) => {
        window.localStorage.removeItem(sessionKey);
        window.localStorage.setItem('sso.auth.login.phone', JSON.stringify(phone));
      },
      [SESSION_KEY, user.phone] as const,
    );
    await page.goto(routes.verifyLoginOtp);
    await typeCode(page, code);
    await expect(page.getByRole('alert')).toHaveText(/Kode OTP sudah digunakan/);
    await expect(page).toHaveURL(/\/verifikasi-otp$/);
    expect(await storage(page, SESSION_KEY)).toBeNull();
  });

  test('a too-early resend shows the server message (code 6) and waits its window; back clears the flow', async ({
    page,
    freshUser: user,
  }) => {
    await page.goto(routes.loginByPhone);
    await phoneField(page).fill(user.phone);
    await page.getByRole('button', { name: 'Kirim Kode OTP' }).click();
    await expect(page).toHaveURL(/\/verifikasi-otp$/);

    // The countdown survives a reload.
    await page.reload();
    await expect(resendButton(page)).toBeDisabled();
    await expect(resendButton(page)).toHaveText(/0[01]:\d\d/);

    // Without the local cooldown the button is available, but the server still says too early.
    await page.evaluate(() => window.localStorage.removeItem('sso.auth.login.otp-cooldown'));
    await page.reload();
    await expect(resendButton(page)).toBeEnabled();
    await expect(resendButton(page)).toHaveText('Kirim ulang OTP');
    const answer = page.waitForResponse(`${API_BASE}/auth/request-otp`);
    await resendButton(page).click();
    const body = await (await answer).json();
    expect(body).toMatchObject({ code: 6 });
    await expect(page.getByRole('alert')).toHaveText(body.message);
    await expect(resendButton(page)).toBeDisabled();
    await expect(resendButton(page)).toHaveText(/00:[0-5]\d|01:00/);
    const cooldown = JSON.parse((await storage(page, 'sso.auth.login.otp-cooldown')) ?? '{}');
    expect(cooldown).toMatchObject({ count: 0, windowSeconds: body.window_seconds });

    await page.getByRole('button', { name: 'Kembali' }).click();
    await expect(page).toHaveURL(/\/login-by-phone$/);
    expect(await authKeys(page)).toEqual([]);
  });
});

test.describe('password recovery', () => {
  test('NIK → code → new password; the user signs in with it; every stored value is cleared', async ({
    page,
    outbox,
    expectNoA11yViolations,
    freshUser: user,
  }) => {
    await page.goto(routes.forgotPassword);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Kirim OTP' }).click();
    await expect(nikField(page)).toHaveAccessibleDescription('NIK tidak boleh kosong');
    // Issue 36: an unknown NIK goes on like a known one, to a masked phone; no code is sent.
    await nikField(page).fill('E2E-NOBODY');
    await page.getByRole('button', { name: 'Kirim OTP' }).click();
    await expect(page).toHaveURL(/\/validate-otp$/);
    await expect(page.getByText(/^08\d{2}xxxxx\d{3}$/)).toBeVisible();
    await requestResetCode(page, user.nik);
    // Spec 7: both success messages (the account check, the code sent) as toasts.
    await expect(toastWith(page, 'NIK ditemukan')).toBeVisible();
    await expect(toastWith(page, 'Kode OTP berhasil dikirim')).toBeVisible();
    const masked = `${user.phone.slice(0, 4)}xxxxx${user.phone.slice(-3)}`;
    await expect(page.getByText(masked)).toBeVisible();
    expect(JSON.parse((await storage(page, 'sso.auth.reset.nik')) ?? 'null')).toBe(user.nik);
    expect(JSON.parse((await storage(page, 'sso.auth.reset.phone')) ?? 'null')).toBe(masked);
    await expectNoA11yViolations(page);

    // Empty code: sent as an empty value.
    const empty = page.waitForRequest(`${API_BASE}/forgot-password/verify-otp`);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    expect((await empty).postDataJSON()).toEqual({ nik: user.nik, otp: '' });
    await expect(page.getByRole('alert')).toHaveText('Kode OTP tidak boleh kosong');

    const code = await outbox.latestCode(user.phone, 'reset');
    await typeCode(page, code === '111111' ? '222222' : '111111');
    await expect(page.getByRole('alert')).toHaveText('Kode OTP tidak sesuai, silakan periksa kembali');

    await typeCode(page, code);
    await expect(page).toHaveURL(/\/new-password$/);
    await expect(toastWith(page, 'Kode OTP valid')).toBeVisible();
    expect(JSON.parse((await storage(page, 'sso.auth.reset.otp')) ?? 'null')).toBe(code);
    await expectNoA11yViolations(page);

    // Back clears the code and returns to the OTP step; the same (verified) code passes again.
    await page.getByRole('button', { name: 'Kembali' }).click();
    await expect(page).toHaveURL(/\/validate-otp$/);
    expect(await storage(page, 'sso.auth.reset.otp')).toBeNull();
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/new-password$/);

    const newPassword = page.getByLabel('Password baru', { exact: true });
    const confirm = page.getByLabel('Konfirmasi password baru');
    const hint = page.getByText('Password minimal 6 karakter');
    await expect(hint).toHaveCSS('color', 'rgb(91, 100, 117)');
    await newPassword.fill('abc');
    await expect(hint).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expectNoA11yViolations(page);

    // Different confirmation: "Password tidak sesuai", and the request carries an empty password.
    await newPassword.fill('rahasia-baru');
    await expect(hint).toHaveCSS('color', 'rgb(91, 100, 117)');
    await confirm.fill('rahasia-lain');
    const mismatched = page.waitForRequest(`${API_BASE}/forgot-password/reset`);
    await page.getByRole('button', { name: 'Ganti Password' }).click();
    expect((await mismatched).postDataJSON()).toEqual({ nik: user.nik, otp: code, new_password: '' });
    await expect(confirm).toHaveAccessibleDescription('Password tidak sesuai');
    await expect(page).toHaveURL(/\/new-password$/);

    await confirm.fill('rahasia-baru');
    await page.getByRole('button', { name: 'Ganti Password' }).click();
    await expect(toastWith(page, 'Password berhasil diubah')).toBeVisible();
    // '/' without handoff data goes on to /login.
    await expect(page).toHaveURL(/\/login$/);
    expect(await authKeys(page)).toEqual([]);

    // The code is spent; the new password works.
    await nikField(page).fill(user.nik);
    await passwordField(page).fill('rahasia-baru');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the back arrow of the OTP step clears the flow and returns to /forgot-password', async ({
    page,
    freshUser: user,
  }) => {
    await requestResetCode(page, user.nik);
    await page.getByRole('button', { name: 'Kembali' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect(await authKeys(page)).toEqual([]);
  });
});

test.describe('steps visited without their stored data start the flow over', () => {
  const cases: [string, RegExp][] = [
    [routes.verifyLoginOtp, /\/login-by-phone$/],
    [routes.validateResetOtp, /\/forgot-password$/],
    [routes.newPassword, /\/forgot-password$/],
  ];
  for (const [route, target] of cases) {
    test(route, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(target);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('a tampered stored value counts as absent', async ({ page }) => {
    await page.goto(routes.login);
    await page.evaluate(() => window.localStorage.setItem('sso.auth.login.phone', '"<script>"'));
    await page.goto(routes.verifyLoginOtp);
    await expect(page).toHaveURL(/\/login-by-phone$/);
  });
});

test('auth screens fit a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const route of [routes.login, routes.loginByPhone, routes.forgotPassword]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
  }
});
