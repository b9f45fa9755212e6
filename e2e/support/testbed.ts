import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { paths } from '@sso/shared/contract';
import { routes } from './routes';
import type { SsoApi } from './sso-api';

/**
 * The e2e testbed: the data a spec makes through the real api, one way for every spec (STYLE: e2e
 * specs create the data they need through the api). Signing in as a demo account is the `loginAs`
 * fixture (`loginAs(page, DEMO_ACCOUNTS.viewer)`; env.ts names them); the development OTP outbox is
 * the `outbox` fixture. Everything here takes the fixture's `apiClient` (the demo administrator).
 */

let counter = 0;

/**
 * Nine digits no other call of this run gives, in any worker: the time (ms, modulo 10^6), the
 * worker's index and a counter. Unique NIKs, phones and names are built from it.
 */
export function uniqueDigits(): string {
  counter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
  return `${String(Date.now() % 1e6).padStart(6, '0')}${worker}${String(counter % 100).padStart(2, '0')}`;
}

/** "E2E <label> <digits>": a name nothing else in the run carries (roles, applications, users). */
export function uniqueName(label: string): string {
  return `E2E ${label} ${uniqueDigits()}`;
}

/** The `data` of an api answer, after checking its status. */
export function dataOf<T>(reply: { status: number; body: unknown }, status = 200): T {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return (reply.body as { data: T }).data;
}

/** Seeded role ids by name (Super Admin, Admin, Viewer, …). */
export async function roleIdsByName(api: SsoApi): Promise<Map<string, number>> {
  const roles = dataOf<{ id: number; name: string }[]>(await api.get(paths.roles.all));
  return new Map(roles.map((role) => [role.name, role.id]));
}

export interface TestUser {
  id: number;
  nama: string;
  nik: string;
  phone: string;
}

export interface NewUser {
  /** In the user's name ("E2E <label> <digits>") and the first letter of the NIK's tag. */
  label?: string;
  /** Seeded role 2, Admin (a modifier of the panel), unless given. */
  roleId?: number;
  /** AP 1 unless given. */
  company?: { id: number; nama: string };
  /** Its units in that AP (none unless given). */
  units?: { cabang_id: number; cabang_name?: string }[];
  /** With the first unit of AP 1: the user form refuses an AP without one, so such a user can be edited. */
  withUnit?: boolean;
  /** The phone's first digits, before the unique ones (12 digits in all). */
  phonePrefix?: '081' | '085' | '086' | '087' | '088' | '089';
  /** A unique e-mail address (none unless asked). */
  withEmail?: boolean;
  /** A given NIK or name instead of the unique ones. */
  nik?: string;
  nama?: string;
}

/**
 * A user made through the api with a unique name, NIK and phone, in AP 1. Answers the api's record
 * (`Answer`: the fields a spec reads of it) with the name, NIK and phone it was given.
 */
export async function createUser<Answer extends { id: number } = { id: number }>(
  api: SsoApi,
  options: NewUser = {},
): Promise<Answer & TestUser> {
  const { label = 'User', roleId = 2, company = { id: 1, nama: 'AP' }, phonePrefix = '087' } = options;
  const digits = uniqueDigits();
  const units = options.withUnit ? [await firstUnitOfAp(api)] : (options.units ?? []);
  const user = {
    nama: options.nama ?? `E2E ${label} ${digits}`,
    nik: options.nik ?? `E2E${label.charAt(0).toUpperCase()}${digits}`,
    phone: `${phonePrefix}${digits}`,
  };
  const created = await api.post(paths.users.create, {
    ...user,
    email: options.withEmail ? `e2e${digits}@example.test` : '',
    role_ids: [roleId],
    perusahaan: [{ perusahaan_id: company.id, perusahaan_name: company.nama, cabang: units }],
  });
  return { ...dataOf<Answer>(created, 201), ...user };
}

async function firstUnitOfAp(api: SsoApi): Promise<{ cabang_id: number; cabang_name: string }> {
  const companies = dataOf<{ data: { id: number; cabangs: { id: number; name: string }[] }[] }>(
    await api.get(paths.reference.companies),
  );
  const unit = companies.data.find((company) => company.id === 1)?.cabangs[0];
  if (!unit) throw new Error('the seed has no unit in AP 1');
  return { cabang_id: unit.id, cabang_name: unit.name };
}

export async function deleteUser(api: SsoApi, user: { id: number } | undefined): Promise<void> {
  if (user) await api.delete(paths.users.remove(user.id));
}

export interface TestAccount extends TestUser {
  password: string;
}

/** The `outbox` fixture. */
export interface Outbox {
  latestCode: (to: string, purpose: 'login' | 'reset') => Promise<string>;
}

/**
 * A user who can sign in: made through the api, then given a password the way a user would
 * (forgot-password, the outbox's code, verify, reset).
 */
export async function createAccount(
  api: SsoApi,
  outbox: Outbox,
  options: NewUser = {},
): Promise<TestAccount> {
  const user = await createUser(api, options);
  // Not the NIK or the phone: the api refuses a password holding the user's own data.
  const password = `Masuk-Kantor-${user.nik.slice(4)}`;
  expect((await api.post(paths.forgotPassword.requestOtp, { nik: user.nik })).status).toBe(200);
  const otp = await outbox.latestCode(user.phone, 'reset');
  expect((await api.post(paths.forgotPassword.verifyOtp, { nik: user.nik, otp })).status).toBe(200);
  const reset = await api.post(paths.forgotPassword.reset, { nik: user.nik, otp, new_password: password });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  return { ...user, password };
}

/** Signs in through the login form, as a person would (the page lands on Home or a next step). */
export async function signInThroughForm(
  page: Page,
  account: { nik: string; password: string },
): Promise<void> {
  await page.goto(routes.login);
  await page.getByRole('textbox', { name: 'NIK' }).fill(account.nik);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** Signs in through the login form and lands on Home. */
export async function signInToHome(page: Page, account: { nik: string; password: string }): Promise<void> {
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * A role made through the api with these applications, in the seed's colour `colorIndex` (the
 * first unless given), asking its members for two-step verification with `requiresTwoStep`.
 */
export async function createRole<Role = { id: number; name: string }>(
  api: SsoApi,
  name: string,
  applications: readonly object[],
  { colorIndex = 0, requiresTwoStep = false }: { colorIndex?: number; requiresTwoStep?: boolean } = {},
): Promise<Role> {
  const colors = dataOf<{ id: number }[]>(await api.get(paths.reference.colors));
  return dataOf<Role>(
    await api.post(paths.roles.create, {
      name,
      descriptions: null,
      color_id: colors[colorIndex]?.id,
      ...(requiresTwoStep ? { requires_two_step: true } : {}),
      applications,
    }),
    201,
  );
}

/** Where `shotAtWidths` writes (test-results/screens, outside the sources). */
export const shotsDir = path.join(import.meta.dirname, '..', '..', 'test-results', 'screens');

/**
 * With SHOTS=1: the whole screen at 1440 and at 390 px wide, `name-1440.png` and `name-390.png`
 * (docs/development.md "Tests": screens are looked at); the viewport is put back after.
 */
export async function shotAtWidths(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/**
 * User Management searched for the user's NIK, then the user's row opened by its name (shown at
 * every width; the NIK column folds away on a phone): the "Detail User" drawer, visible.
 */
export async function openUserDrawer(page: Page, user: { nik: string; nama: string }) {
  await page.goto(`${routes.userManagement}?keyword=${encodeURIComponent(user.nik)}`);
  const row = page
    .getByRole('table', { name: 'Daftar user' })
    .getByRole('row')
    .filter({ hasText: user.nama });
  await row.getByText(user.nama).click();
  const drawer = page.getByRole('dialog', { name: 'Detail User' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * Presses "Unduh CSV" and reads the export: its file name matches `fileName`, it opens with the UTF-8
 * byte order mark; answers its lines (CRLF, the header first) and the whole file as it came.
 */
export async function downloadCsv(page: Page, fileName: RegExp): Promise<{ lines: string[]; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(fileName);
  const bytes = readFileSync((await file.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  return { lines: text.slice(1).trimEnd().split('\r\n'), text };
}
