import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { downloadCsv, uniqueDigits } from './support/testbed';
import { DEMO_ACCOUNTS } from './support/env';
import { SsoApi } from './support/sso-api';

/**
 * Users in bulk end to end (issue 33): the template; a file of 50 rows with 3 errors shown per
 * row; the fixed file imported and its users found in the list; the export of a filter
 * re-imported as updates changes nothing; a bulk role change refused for the one user the
 * modifier's role does not cover, nothing written.
 */

const HEADER = 'NIK,Nama,Nomor HP,Email,Role,AP,Kode Unit,Unit,Status,Terakhir Masuk';
const AP = 'PT. Sinar Niaga Sejahtera';
const run = uniqueDigits();
const tag = `Bulk${run}`;

interface Row {
  nik: string;
  nama: string;
  phone: string;
  role: string;
}

/** 50 employees of one onboarding: Admin role, the last one Super Admin (the modifier may not touch it). */
const employees: Row[] = Array.from({ length: 50 }, (_, i) => ({
  nik: `B${run}${String(i + 1).padStart(2, '0')}`,
  nama: `Karyawan ${tag} ${String(i + 1).padStart(2, '0')}`,
  phone: `0857${run}${String(i + 1).padStart(2, '0')}`,
  role: i === 49 ? 'Super Admin' : 'Admin',
}));

const csvOf = (rows: readonly Row[]) =>
  `${HEADER}\n${rows.map((r) => `${r.nik},${r.nama},${r.phone},,${r.role},${AP},,,,`).join('\n')}\n`;

/** The same file with three mistakes: a role that does not exist, a phone with letters, a NIK twice. */
const withErrors = employees.map((row, i) => {
  if (i === 9) return { ...row, role: 'Manajer Gudang' };
  if (i === 19) return { ...row, phone: '08-ABC' };
  if (i === 29) return { ...row, nik: employees[1]?.nik ?? '' };
  return row;
});

async function upload(page: Page, name: string, text: string, updateExisting = false) {
  await page.getByLabel('Berkas CSV', { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  const update = page.getByRole('checkbox', { name: 'Perbarui user yang sudah ada' });
  if ((await update.getAttribute('aria-checked')) !== String(updateExisting)) await update.click();
  await page.getByRole('button', { name: 'Periksa berkas' }).click();
  return page.getByRole('region', { name: 'Hasil pemeriksaan' });
}

const countOf = (preview: ReturnType<Page['getByRole']>, label: string) =>
  preview.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');

test.describe.serial('users in bulk', () => {
  // Other specs count the seeded users (pages of the list): the users this file adds go again.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const apiClient = new SsoApi(request);
    const found = (await apiClient.get(`/api/v1/ap/users/list?keyword=${tag}&perPage=100`)).body as {
      data: Array<{ id: number }>;
    };
    const ids = found.data.map((user) => user.id);
    if (ids.length > 0) expect((await apiClient.delete('/api/v1/ap/users/bulk', { ids })).status).toBe(200);
    await request.dispose();
  });

  test('template, a 50-row file with 3 errors shown per row, the fixed file imported and found in the list', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn(routes.userManagement);
    await page.getByRole('button', { name: 'Impor User' }).click();
    await expect(page).toHaveURL(/\/impor-user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Impor User' })).toBeVisible();

    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh template' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('template-impor-user.csv');
    const templateText = readFileSync((await template.path()) ?? '', 'utf8');
    expect(templateText.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);

    const preview = await upload(page, 'onboarding.csv', csvOf(withErrors));
    await expect(countOf(preview, 'Akan ditambahkan')).toHaveText('47');
    await expect(countOf(preview, 'Bermasalah')).toHaveText('3');
    const table = preview.getByRole('table', { name: 'Baris berkas impor' });
    // The problem rows come first, each with its spreadsheet row number and message.
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row', { name: /^11 / })).toContainText(
      'Role "Manajer Gudang" tidak ditemukan',
    );
    await expect(table.getByRole('row', { name: /^21 / })).toContainText('Nomor HP tidak valid');
    await expect(table.getByRole('row', { name: /^31 / })).toContainText('NIK sama dengan baris 3');
    await expectNoA11yViolations(page);

    const problems = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Unduh baris bermasalah' }).click();
    const problemLines = readFileSync((await (await problems).path()) ?? '', 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(problemLines).toHaveLength(4);
    expect(problemLines[0]).toContain('Baris,NIK,Nama');
    expect(problemLines[0]?.endsWith(',Alasan')).toBe(true);

    // Nothing is written until Impor: the fixed file replaces this one.
    await preview.getByRole('button', { name: 'Pilih berkas lain' }).click();
    const fixed = await upload(page, 'onboarding-fixed.csv', csvOf(employees));
    await expect(countOf(fixed, 'Akan ditambahkan')).toHaveText('50');
    await expect(countOf(fixed, 'Bermasalah')).toHaveText('0');
    await fixed.getByRole('button', { name: 'Impor 50 user' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Impor 50 user?' });
    await dialog.getByRole('button', { name: 'Impor 50 user' }).click();
    await expect(page.getByRole('heading', { name: 'Impor selesai' })).toBeVisible();
    await expect(page.getByText(/50 user ditambahkan, 0 diperbarui/)).toBeVisible();

    await page.getByRole('link', { name: 'Lihat user baru' }).click();
    await expect(page).toHaveURL(/\/user-management\?created_from=/);
    await expect(page.getByText('Menampilkan')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Cari user' }).fill(employees[0]?.nik ?? '');
    await page.getByRole('searchbox', { name: 'Cari user' }).press('Enter');
    await expect(
      page
        .getByRole('table', { name: 'Daftar user' })
        .getByRole('row', { name: new RegExp(employees[0]?.nama ?? '') }),
    ).toBeVisible();
  });

  test('the export of a filter, re-imported as updates, changes nothing', async ({ page, openSignedIn }) => {
    await openSignedIn(`${routes.userManagement}?keyword=${tag}`);
    await expect(
      page.getByRole('table', { name: 'Daftar user' }).getByRole('row', { name: new RegExp(tag) }),
    ).toHaveCount(10);
    const { lines, text } = await downloadCsv(page, /^daftar-user-\d{4}-\d{2}-\d{2}\.csv$/);
    // Every page of the filter, not only the 10 rows shown.
    expect(lines).toHaveLength(51);
    expect(lines.slice(1).every((line) => line.includes(tag) && line.includes(AP))).toBe(true);

    await page.goto(routes.importUsers);
    const preview = await upload(page, 'ekspor.csv', text, true);
    await expect(countOf(preview, 'Tanpa perubahan')).toHaveText('50');
    await expect(countOf(preview, 'Akan diperbarui')).toHaveText('0');
    await expect(countOf(preview, 'Akan ditambahkan')).toHaveText('0');
    await expect(preview.getByRole('button', { name: 'Impor 0 user' })).toBeDisabled();
  });

  test('a bulk role change is refused for the one user the modifier does not cover; nothing is written', async ({
    page,
    openSignedIn,
    apiClient,
  }) => {
    const modifier = DEMO_ACCOUNTS.modifier;
    const superAdmin = employees[49] as Row;
    const admin = employees[48] as Row;
    // The panel offers only what works (issue 37): no row checkbox for a user the modifier may not
    // change, one for a user it covers.
    await openSignedIn(`${routes.userManagement}?keyword=${tag}&sortBy=nik&sort=desc`, modifier);
    const table = page.getByRole('table', { name: 'Daftar user' });
    await expect(table.getByRole('checkbox', { name: `Pilih ${admin.nama}` })).toBeVisible();
    await expect(table.getByRole('checkbox', { name: `Pilih ${superAdmin.nama}` })).toHaveCount(0);

    // A request that names both anyway is refused as a whole, naming only the one not covered.
    const listed = (await apiClient.get(`/api/v1/ap/users/list?keyword=${tag}&perPage=100`)).body as {
      data: Array<{ id: number; nik: string; role_id: number; role_name: string }>;
    };
    const target = (nik: string) => listed.data.find((user) => user.nik === nik);
    const [strong, covered] = [target(superAdmin.nik), target(admin.nik)];
    expect(strong && covered).toBeTruthy();
    const session = await apiClient.sessionFor(modifier.nik, modifier.password);
    const refused = await apiClient.patch(
      '/api/v1/ap/users/bulk/role',
      { ids: [strong?.id, covered?.id], role_id: covered?.role_id },
      session.access_token,
    );
    expect(refused.status).toBe(403);
    const message = (refused.body as { message: string }).message;
    expect(message).toContain(`${superAdmin.nama} (${superAdmin.nik})`);
    expect(message).not.toContain(admin.nama);

    const after = (await apiClient.get(`/api/v1/ap/users/list?keyword=${superAdmin.nik}`)).body as {
      data: Array<{ role_name: string }>;
    };
    expect(after.data.map((u) => u.role_name)).toEqual(['Super Admin']);
  });
});
