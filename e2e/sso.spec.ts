import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { DEMO_ACCOUNTS, HOST_ORIGIN, SAMPLE_APPS } from './support/env';
import type { SsoApi } from './support/sso-api';
import { uniqueName, type NewUser, type TestAccount as Account } from './support/testbed';

/**
 * Single sign-on for the group's applications (issue 30), in Chromium with the two sample
 * applications of examples/ (HRIS, a confidential client, and Inventory, a public one): sign in at
 * HRIS through the panel's login screen, open Inventory without signing in again, the menus in the
 * claims equal the role's grants, a grant changed by an owner shows after a reload, a role that
 * grants nothing in Inventory is refused (access_denied), a deactivation and a logout end the
 * sessions of both. Each test creates its own role and user through the api.
 */

const HRIS_APP_ID = 2;
const INVENTORY_APP_ID = 4;
const LEVEL_NAME = { 1: 'Owner', 2: 'Modifier', 3: 'Viewer' } as const;

interface MenuNode {
  id: number;
  name: string;
  menu?: MenuNode[];
}

async function menusOf(apiClient: SsoApi, appId: number): Promise<MenuNode[]> {
  const answer = await apiClient.get(`/api/v1/ap/menu/with-child?apps_id=${appId}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: MenuNode[] }).data;
}

/** Grants of every menu of the application at `level` (the first menu at `firstLevel`). */
function grantsOf(appId: number, menus: MenuNode[], level: 1 | 2 | 3, firstLevel = level) {
  return {
    apps_id: appId,
    menus: menus.map((menu, index) => ({
      id: menu.id,
      access_level: index === 0 ? firstLevel : level,
      children: (menu.menu ?? []).map((child) => ({ id: child.id, access_level: level })),
    })),
  };
}

/** A role of its own granting HRIS (and Inventory unless `inventory` is false). */
async function createRole(apiClient: SsoApi, tag: string, { inventory = true } = {}) {
  const [hris, inv] = await Promise.all([
    menusOf(apiClient, HRIS_APP_ID),
    menusOf(apiClient, INVENTORY_APP_ID),
  ]);
  const payload = (firstLevel: 1 | 2 | 3) => ({
    name: uniqueName(`SSO ${tag}`),
    descriptions: null,
    color_id: 1,
    applications: [
      grantsOf(HRIS_APP_ID, hris, 3, firstLevel),
      ...(inventory ? [grantsOf(INVENTORY_APP_ID, inv, 2)] : []),
    ],
  });
  const first = payload(3);
  const created = await apiClient.post('/api/v1/ap/role/create', first);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { data: { id: number } }).data.id;
  return {
    id,
    hris,
    /** The owner raises the first HRIS menu to Owner (1). */
    raiseFirstHrisMenu: async () => {
      const updated = await apiClient.patch(`/api/v1/ap/role/update/${id}`, {
        ...payload(1),
        name: first.name,
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    },
  };
}

/** A user of `roleId` with an email, for the `newAccount` fixture. */
const ssoUser = (roleId: number): NewUser => ({ label: 'SSO', roleId, phonePrefix: '086', withEmail: true });

/** Signs in at HRIS through the panel's login screen ("Masuk ke HRIS"). */
async function signInAtHris(page: Page, account: Account) {
  await page.goto(SAMPLE_APPS.hris);
  await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HOST_ORIGIN}/login\\?sso=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke HRIS' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo HRIS' })).toBeVisible();
  await page.getByLabel('NIK').fill(account.nik);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(`${SAMPLE_APPS.hris}/`);
  await expect(page.getByTestId('user-name')).toHaveText(account.nama);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('single sign-on with the sample applications', () => {
  test('HRIS through the panel login, Inventory without a second login, menus as granted, a grant change after a reload, logout ends both', async ({
    page,
    apiClient,
    newAccount,
    expectNoA11yViolations,
  }) => {
    const role = await createRole(apiClient, 'A');
    const account = await newAccount(ssoUser(role.id));

    const panelPages: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith(HOST_ORIGIN)) panelPages.push(frame.url());
    });
    await signInAtHris(page, account);
    await expect(page.getByTestId('user-role')).toHaveText(/^E2E SSO A /);
    // The menus of HRIS only, each at the level the role grants.
    const list = page.getByRole('list', { name: 'Menu HRIS' });
    for (const [index, menu] of role.hris.entries()) {
      const item = list.locator(':scope > li').nth(index);
      await expect(item).toContainText(`${menu.name} — ${LEVEL_NAME[3]} (3)`);
      for (const child of menu.menu ?? []) await expect(item).toContainText(`${child.name} — Viewer (3)`);
    }
    await expect(list.locator(':scope > li')).toHaveCount(role.hris.length);
    await expectNoA11yViolations(page);

    // Inventory: single sign-on, no login screen on the way.
    const loginsBefore = panelPages.length;
    await page.goto(SAMPLE_APPS.inventory);
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await expect(page).toHaveURL(`${SAMPLE_APPS.inventory}/`);
    await expect(page.getByTestId('user-name')).toHaveText(account.nama);
    await expect(page.getByRole('list', { name: 'Menu Inventory' })).toContainText('Modifier (2)');
    expect(panelPages.length).toBe(loginsBefore);

    // The owner changes a grant: HRIS shows it at the next reload (userinfo reads it fresh).
    await role.raiseFirstHrisMenu();
    await page.goto(SAMPLE_APPS.hris);
    const first = page.getByRole('list', { name: 'Menu HRIS' }).locator(':scope > li').first();
    await expect(first).toContainText(`${role.hris[0]?.name} — Owner (1)`);

    // Logout from HRIS ends the SSO session: Inventory is signed out by back-channel logout, and
    // the next sign-in asks for the password again.
    await page.getByRole('link', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(`${SAMPLE_APPS.hris}/`);
    await expect(page.getByRole('link', { name: 'Masuk dengan SSO' })).toBeVisible();
    await page.goto(SAMPLE_APPS.inventory);
    await expect(page.getByRole('link', { name: 'Masuk dengan SSO' })).toBeVisible();
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Inventory' })).toBeVisible();
  });

  test('a user signed in to the panel is not asked again by an application', async ({ page, loginAs }) => {
    await loginAs(page);
    await page.goto(SAMPLE_APPS.hris);
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await expect(page).toHaveURL(`${SAMPLE_APPS.hris}/`);
    await expect(page.getByTestId('user-name')).toHaveText('Administrator');
    await expect(page.getByTestId('user-role')).toHaveText('Super Admin');
  });

  test('HR Manager (100003) is refused by Inventory: a page in Indonesian, then access_denied and no code', async ({
    page,
  }) => {
    await page.goto(SAMPLE_APPS.inventory);
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Masuk ke Inventory' })).toBeVisible();
    await page.getByLabel('NIK').fill(DEMO_ACCOUNTS.noAccess.nik);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.noAccess.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Akses ditolak' })).toBeVisible();
    await expect(page.getByText('Role Anda tidak memiliki akses ke Inventory.')).toBeVisible();
    await page.getByRole('button', { name: 'Kembali ke Inventory' }).click();
    await expect(page).toHaveURL(new RegExp(`^${SAMPLE_APPS.inventory}/callback\\?error=access_denied`));
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    await expect(page.getByTestId('error')).toHaveText('access_denied');
  });

  test('deactivating the user ends the sessions of both applications', async ({
    browser,
    apiClient,
    newAccount,
  }) => {
    const role = await createRole(apiClient, 'C');
    const account = await newAccount(ssoUser(role.id));
    const page = await newPage(browser);
    await signInAtHris(page, account);
    await page.goto(SAMPLE_APPS.inventory);
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await expect(page.getByTestId('user-name')).toHaveText(account.nama);

    const status = await apiClient.patch(`/api/v1/ap/users/${account.id}/status`, {
      is_active: false,
      reason: 'Uji SSO',
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    for (const origin of [SAMPLE_APPS.hris, SAMPLE_APPS.inventory]) {
      await expect(async () => {
        await page.goto(origin);
        await expect(page.getByRole('link', { name: 'Masuk dengan SSO' })).toBeVisible({ timeout: 1000 });
      }).toPass();
    }
    // Signing in again is refused by the panel's own rule for inactive accounts.
    await page.getByRole('link', { name: 'Masuk dengan SSO' }).click();
    await page.getByLabel('NIK').fill(account.nik);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByText('Akun Anda tidak aktif. Hubungi administrator.')).toBeVisible();
    await page.context().close();
  });
});
