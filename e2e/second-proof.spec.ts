import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { signInThroughForm, signInToHome } from './support/testbed';

/**
 * Issue 36, findings 3 and 4: nobody can keep anyone out. Every browser here reaches the api from
 * one address (127.0.0.1), as an office behind NAT does. A browser that signed in to the account
 * before (its HttpOnly device cookie) still signs in after wrong passwords from another browser at
 * that address; an unknown browser with the right password gets the second proof (a code to the
 * registered phone), not 429, and is known after it.
 */

const WRONG = 'NIK atau password salah';

/** Signs the panel out locally (the stored session only): the device cookie stays, as after "Keluar". */
async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.clear());
}

test('one address: a known browser still signs in, an unknown one with the right password proves the phone', async ({
  page: known,
  browser,
  apiClient,
  outbox,
  newAccount,
  expectNoA11yViolations,
}) => {
  // Eleven sign-ins at production scrypt cost, three browsers.
  test.setTimeout(150_000);
  const account = await newAccount({ label: 'Perangkat', phonePrefix: '085' });
  const guesserContext = await browser.newContext();
  const newcomerContext = await browser.newContext();
  try {
    // The owner's browser signs in once: the api sets its device cookie (HttpOnly: not readable here).
    await signInToHome(known, account);
    const cookies = await known.context().cookies('http://localhost:4000/api/v1/sso/auth/login/nik');
    expect(cookies.find((c) => c.name === 'sso_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    await forgetSession(known);

    // Someone else at the same address types five wrong passwords for the account.
    const guesser = await guesserContext.newPage();
    for (let i = 0; i < 5; i += 1) {
      await signInThroughForm(guesser, { nik: account.nik, password: `tebakan-${i}` });
      await expect(guesser.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(WRONG);
    }

    // The known browser still signs in.
    await signInToHome(known, account);

    // An unknown browser at that address, right password: not 429 but the second proof.
    const newcomer = await newcomerContext.newPage();
    await signInThroughForm(newcomer, account);
    await expect(newcomer).toHaveURL(/\/verifikasi-masuk$/);
    await expect(newcomer.getByRole('heading', { level: 1, name: 'Verifikasi Masuk' })).toBeVisible();
    await expect(newcomer.getByText(/Browser ini belum pernah dipakai masuk ke akun ini/)).toBeVisible();
    const masked = `${account.phone.slice(0, 4)}xxxxx${account.phone.slice(-3)}`;
    await expect(newcomer.getByText(masked, { exact: true })).toBeVisible();
    await expect(newcomer.getByText(/Terlalu banyak percobaan/)).toHaveCount(0);
    await expectNoA11yViolations(newcomer);

    // A wrong code is refused under the boxes; the code sent to the phone signs in.
    const code = await outbox.latestCode(account.phone, 'login');
    await newcomer.getByRole('textbox', { name: 'Digit 1 dari 6' }).click();
    await newcomer.keyboard.type(code === '111111' ? '222222' : '111111');
    await newcomer.keyboard.press('Enter');
    await expect(newcomer.getByText('Kode OTP tidak sesuai, silakan periksa kembali')).toBeVisible();
    await newcomer.getByRole('textbox', { name: 'Digit 1 dari 6' }).click();
    await newcomer.keyboard.type(code);
    await newcomer.keyboard.press('Enter');
    await expect(newcomer).toHaveURL(/\/home$/);

    // From now on that browser is known too: it signs in with the password alone.
    await forgetSession(newcomer);
    await signInToHome(newcomer, account);

    // The guesser, with a wrong password, gets the same screen and no code is sent.
    const before = await apiClient.latestCode(account.phone, 'login');
    await signInThroughForm(guesser, { nik: account.nik, password: 'tebakan-lagi' });
    await expect(guesser).toHaveURL(/\/verifikasi-masuk$/);
    await expect(guesser.getByText(masked, { exact: true })).toBeVisible();
    expect(await apiClient.latestCode(account.phone, 'login')).toBe(before);
  } finally {
    await guesserContext.close();
    await newcomerContext.close();
    await apiClient.delete(`/api/v1/ap/users/${account.id}`);
  }
});

test('a direct visit of /verifikasi-masuk goes to /login', async ({ page }) => {
  await page.goto(routes.secondProof);
  await expect(page).toHaveURL(/\/login$/);
});
