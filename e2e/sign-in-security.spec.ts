import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { createUser, roleIdsByName } from './support/testbed';

/**
 * Issue 23, passwords: the reset refuses a common password with a message under the field, keeps
 * the code for a better one, and the user then signs in with it.
 */

const COMMON_PASSWORD_MESSAGE = 'Password terlalu umum dan mudah ditebak. Gunakan password lain.';
const nikField = (page: Page) => page.getByRole('textbox', { name: 'NIK' });

test('a common new password is refused under the field; the same code then takes a strong one', async ({
  page,
  apiClient,
  outbox,
  expectNoA11yViolations,
}) => {
  // In the demo administrator's role, with its own phone.
  const roleId = (await roleIdsByName(apiClient)).get('Super Admin');
  const user = await createUser(apiClient, { label: 'Sandi', roleId, phonePrefix: '086' });

  try {
    await page.goto(routes.forgotPassword);
    await nikField(page).fill(user.nik);
    await page.getByRole('button', { name: 'Kirim OTP' }).click();
    await expect(page).toHaveURL(/\/validate-otp$/);
    const code = await outbox.latestCode(user.phone, 'reset');
    await page.getByRole('textbox', { name: 'Digit 1 dari 6' }).click();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/new-password$/);

    const newPassword = page.getByLabel('Password baru', { exact: true });
    const confirm = page.getByLabel('Konfirmasi password baru');
    await newPassword.fill('Password123');
    await confirm.fill('Password123');
    await page.getByRole('button', { name: 'Ganti Password' }).click();
    await expect(newPassword).toHaveAccessibleDescription(new RegExp(COMMON_PASSWORD_MESSAGE));
    // The spec's hint stays beside it.
    await expect(page.getByText('Password minimal 6 karakter')).toBeVisible();
    await expect(page).toHaveURL(/\/new-password$/);
    await expectNoA11yViolations(page);

    await newPassword.fill('Kuda-Lari-Senja-42');
    await confirm.fill('Kuda-Lari-Senja-42');
    await page.getByRole('button', { name: 'Ganti Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password berhasil diubah' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await nikField(page).fill(user.nik);
    await page.getByLabel('Password', { exact: true }).fill('Kuda-Lari-Senja-42');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    await apiClient.delete(`/api/v1/ap/users/${user.id}`);
  }
});
