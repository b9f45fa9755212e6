import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import { downloadCsv, shotAtWidths } from './support/testbed';

/**
 * Peta Akses (issue 32, ADR 0025) end to end: by place (an application's sub-menu, a level filter,
 * the CSV of exactly the filtered rows), by person (a user's applications and menus), the scoped
 * administrator 100006 seeing only their company's users, and a phone width without sideways scroll.
 */

const SCOPED = { nik: '100006', password: 'password123' } as const;
const ARTA = 'PT Arta Boga Cemerlang';
const PAGE = routes.accessMap;

async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const table = (page: Page) => page.getByRole('table');

/** The filters fold behind "Filter" on a narrow screen only. */
async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filter' });
  if (await toggle.isVisible()) await toggle.click();
}

test.describe('Peta Akses', () => {
  test('by place: a sub-menu, a level filter and the CSV of exactly those rows; axe', async ({
    page,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    await openSignedIn('/');
    await page.getByRole('link', { name: 'Peta Akses' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Peta Akses' })).toBeVisible();
    await expect(page.getByText('Pilih aplikasi (dan bila perlu menu atau sub-menu)')).toBeVisible();
    await shotAtWidths(page, 'peta-akses-start');

    await choose(page, 'Aplikasi', 'HRIS');
    await choose(page, 'Menu atau sub-menu', 'Karyawan › Data Karyawan');
    await expect(table(page)).toBeVisible();
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    await openFilters(page);
    await choose(page, 'Filter Level', 'Owner');
    await expect.poll(() => new URL(page.url()).searchParams.get('level')).toBe('1');
    const url = new URL(page.url());
    expect(url.searchParams.get('app')).toBe('2');
    expect(url.searchParams.get('menu')).not.toBeNull();
    await expect(table(page).getByRole('row').filter({ hasText: 'Modifier' })).toHaveCount(0);
    await expect(table(page).getByRole('row').filter({ hasText: 'Owner' }).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await shotAtWidths(page, 'peta-akses-tempat');

    // The URL holds the view: a reload shows the same rows.
    await page.reload();
    await expect(table(page).getByRole('row').filter({ hasText: 'Owner' }).first()).toBeVisible();

    const { lines } = await downloadCsv(page, /^peta-akses-tempat-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toBe('NIK,Nama,Status,AP,Role,Level,Tempat');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',Owner,HRIS › Karyawan › Data Karyawan');
  });

  test('by person: a user picked by NIK shows their applications, menus, levels and role', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(PAGE);
    await page.getByRole('button', { name: 'Per Orang' }).click();
    await page.getByRole('searchbox', { name: 'Cari user' }).fill('100004');
    await page.getByRole('button', { name: /100004/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).not.toBeNull();
    await expect(page.getByText(/100004 · Admin/)).toBeVisible();
    await choose(page, 'Aplikasi', 'SSO Admin Panel');
    await expect.poll(() => new URL(page.url()).searchParams.get('app')).toBe('1');
    await page.goto(`${page.url()}&perPage=20`);
    const rows = table(page).getByRole('row');
    await expect(rows.filter({ hasText: 'Peta Akses' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Peta Akses' })).toContainText('Viewer');
    await expect(rows.filter({ hasText: 'Log Aktivitas' })).toContainText('Viewer');
    await expect(rows.filter({ hasText: 'HRIS' })).toHaveCount(0);
    await shotAtWidths(page, 'peta-akses-orang');
  });

  test('the scoped admin 100006 sees only users of their company, and a phone width scrolls only vertically', async ({
    page,
    apiClient,
    openSignedIn,
  }) => {
    await openSignedIn(`${PAGE}?app=2`, SCOPED);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    const aps = await table(page)
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
    expect(aps.length).toBeGreaterThan(0);
    for (const text of aps) expect(text).toContain(ARTA);
    // Only their AP among the filters; another AP by URL is an empty answer, not an error.
    await openFilters(page);
    await page.getByRole('combobox', { name: 'Filter AP' }).click();
    const options = page.getByRole('listbox').getByRole('option').filter({ hasNotText: 'Semua AP' });
    await expect(options).toHaveText([ARTA]);
    await page.keyboard.press('Escape');
    const other = (await apiClient.get('/company/companies-with-branches')).body as {
      data: { data: Array<{ id: number; nama: string }> };
    };
    const outside = other.data.data.find((c) => c.nama !== ARTA);
    await page.goto(`${PAGE}?app=2&perusahaan_id=${outside?.id ?? 1}`);
    await expect(page.getByText('Tidak ada user yang cocok dengan pencarian atau filter ini.')).toBeVisible();
    await shotAtWidths(page, 'peta-akses-other-ap');
    // Someone of another company by person: "User tidak ditemukan".
    const users = (await apiClient.get('/api/v1/ap/users/list?perPage=100000')).body as {
      data: Array<{ id: number; perusahaan: Array<{ perusahaan_id: number }> }>;
    };
    const stranger = users.data.find((u) => u.perusahaan.some((c) => c.perusahaan_id === outside?.id));
    await page.goto(`${PAGE}?view=orang&user=${stranger?.id ?? 1}`);
    await expect(page.getByText('User tidak ditemukan')).toBeVisible();
    await shotAtWidths(page, 'peta-akses-not-found');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of [`${PAGE}?app=2`, `${PAGE}?view=orang`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Peta Akses' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
    await page.goto(`${PAGE}?app=2`);
    await shotAtWidths(page, 'peta-akses-scoped');
  });
});
