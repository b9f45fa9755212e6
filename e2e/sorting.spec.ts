import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { DEMO_ADMIN } from './support/env';
import { routes } from './support/routes';

/**
 * Sorting (spec 7: `sort` and `sortBy` on both lists): a button in the column header, `aria-sort`
 * on the header, the order the api answers, the sort in the URL with the other list state, back to
 * page 1 on a change, kept by a reload.
 */

type Compare = (a: string, b: string) => number;
/** SQLite's `COLLATE NOCASE` for the seed's ASCII names. */
const byText: Compare = (a, b) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
const byNumber: Compare = (a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, ''));

/**
 * The column's cells on screen are in this order (several rows, each next to its successor).
 * Checked on the page itself, not against a second api answer, so users and roles that other specs
 * add meanwhile cannot make it flaky.
 */
async function expectSorted(cells: Locator, compare: Compare, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  await expect
    .poll(async () => {
      const texts = (await cells.allTextContents()).map((text) => text.trim());
      return (
        texts.length > 1 && texts.every((text, i) => i === 0 || sign * compare(texts[i - 1] ?? '', text) <= 0)
      );
    })
    .toBe(true);
}

/** The body cells of one column (0 = the row checkbox column of an owner). */
const column = (table: Locator, index: number) => table.locator(`tbody tr td:nth-child(${index + 1})`);

const header = (table: Locator, name: string) => table.getByRole('columnheader', { name });

async function openList(page: Page, path: string, heading: string, query = ''): Promise<void> {
  await page.goto(`${path}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('sorting', () => {
  test.use({ signedInAs: DEMO_ADMIN });

  test('users: by name both ways, by NIK from the keyboard, in the URL, page 1, kept by a reload; axe', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await openList(page, routes.userManagement, 'User Management', '?page=2');
    const table = page.getByRole('table', { name: 'Daftar user' });
    const names = column(table, 1);
    const niks = column(table, 2);
    const name = header(table, 'Nama');
    await expect(name).toHaveAttribute('aria-sort', 'none');

    await name.getByRole('button').click();
    await expect(page).toHaveURL(/\?sortBy=nama&sort=asc$/);
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expectSorted(names, byText, 'asc');

    await name.getByRole('button').click();
    await expect(page).toHaveURL(/\?sortBy=nama&sort=desc$/);
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expectSorted(names, byText, 'desc');
    await expectNoA11yViolations(page);

    // Keyboard: another column's button, from a later page, goes back to page 1.
    await page.getByRole('button', { name: 'Halaman 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await header(table, 'NIK').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?sortBy=nik&sort=asc$/);
    await expect(header(table, 'NIK')).toHaveAttribute('aria-sort', 'ascending');
    await expect(name).toHaveAttribute('aria-sort', 'none');
    await expectSorted(niks, byText, 'asc');

    await page.reload();
    await expect(header(table, 'NIK')).toHaveAttribute('aria-sort', 'ascending');
    await expectSorted(niks, byText, 'asc');
  });

  test('roles: by member count both ways, then by name', async ({ page }) => {
    await openList(page, routes.roleManagement, 'Role Management');
    const table = page.getByRole('table', { name: 'Daftar role' });
    const names = column(table, 1);
    const counts = column(table, 2);
    const members = header(table, 'Jumlah User');

    await members.getByRole('button').click();
    await expect(page).toHaveURL(/\?sortBy=member_count&sort=asc$/);
    await expect(members).toHaveAttribute('aria-sort', 'ascending');
    await expectSorted(counts, byNumber, 'asc');

    await members.getByRole('button').click();
    await expect(members).toHaveAttribute('aria-sort', 'descending');
    await expectSorted(counts, byNumber, 'desc');

    await header(table, 'Nama Role').getByRole('button').click();
    await expect(page).toHaveURL(/\?sortBy=name&sort=asc$/);
    await expect(members).toHaveAttribute('aria-sort', 'none');
    await expectSorted(names, byText, 'asc');
  });
});
