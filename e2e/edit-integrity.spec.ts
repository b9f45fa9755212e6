import { test, expect } from './support/fixtures';
import { routes } from './support/routes';
import type { SsoApi } from './support/sso-api';
import { createUser, dataOf, uniqueName } from './support/testbed';

/**
 * Issue 23, edit half: an edit link is only an id. A forged link (anyone can write one) or an old
 * one shows what the api holds and, saved as it is, changes nothing; two administrators editing
 * the same role do not silently undo each other (the second save is a 409 that keeps its input).
 */

const USERS = '/api/v1/ap/users';
const ROLE = '/api/v1/ap/role';
const CONFLICT = 'Data ini telah diubah oleh pengguna lain. Muat ulang untuk melihat perubahan terbaru.';

interface ApiUser {
  id: number;
  nama: string;
  nik: string;
  phone: string;
  role_id: number;
  perusahaan: { perusahaan_id: number; cabang: { cabang_id: number }[] }[];
  version: number;
}
interface ApiRole {
  id: number;
  name: string;
  color: { id: number; hex_code: string };
  applications: {
    apps_id: number;
    apps_name: string;
    menus: { id: number; acces_level: number; children: { id: number; acces_level: number }[] }[];
  }[];
  version: number;
}
interface ApiMenu {
  id: number;
  name: string;
  menu: ApiMenu[];
}

/** The spec's hashId as the panel writes it (JSON → UTF-8 → base64url): what anyone can forge. */
const hashIdOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** With a unit of its AP: the form refuses an AP without one (issue 37), so it could not be saved. */
const newUser = (api: SsoApi) =>
  createUser<ApiUser>(api, { label: 'Integritas', roleId: 3, withUnit: true, phonePrefix: '081' });

/** A role granting HRIS only (every HRIS menu as viewer). */
async function newHrisRole(api: SsoApi, name: string): Promise<ApiRole> {
  const tree = dataOf<ApiMenu[]>(await api.get('/api/v1/ap/menu/with-child?apps_id=2'));
  return dataOf<ApiRole>(
    await api.post(`${ROLE}/create`, {
      name,
      descriptions: null,
      color_id: 3,
      applications: [
        {
          apps_id: 2,
          menus: tree.map((m) => ({
            id: m.id,
            access_level: 3,
            children: m.menu.map((c) => ({ id: c.id, access_level: 3 })),
          })),
        },
      ],
    }),
    201,
  );
}

const getUser = async (api: SsoApi, id: number) => dataOf<ApiUser>(await api.get(`${USERS}/${id}`));
const getRole = async (api: SsoApi, id: number) => dataOf<ApiRole>(await api.get(`${ROLE}/detail/${id}`));

test.describe('edit links carry an id, not the record', () => {
  test('a forged user link with another phone and role, saved as it is, changes nothing', async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    const user = await newUser(apiClient);
    const { version: _version, ...listed } = user;
    const forged = { ...listed, phone: '089900000666', role_id: 1, role_name: 'Super Admin' };
    await openSignedIn(routes.editUser(hashIdOf(forged)));

    await expect(page.getByRole('status').filter({ hasText: 'Data diperbarui dari server' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'No. Handphone' })).toHaveValue(user.phone);
    await expect(page.getByRole('combobox', { name: 'Role' })).not.toContainText('Super Admin');
    await expectNoA11yViolations(page);

    const request = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`${USERS}/${user.id}`),
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    expect((await request).postDataJSON()).toEqual({ version: user.version });
    await expect(page.getByText('User berhasil diperbarui')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${routes.userManagement}$`));

    const after = await getUser(apiClient, user.id);
    expect({ ...after, version: 0 }).toEqual({ ...user, version: 0 });
  });

  test('a forged role link granting the whole panel, saved as it is, grants nothing', async ({
    page,
    apiClient,
    openSignedIn,
  }) => {
    const role = await newHrisRole(apiClient, uniqueName('Hanya HRIS'));
    const panel = dataOf<ApiMenu[]>(await apiClient.get('/api/v1/ap/menu/with-child?apps_id=1'));
    const { version: _version, ...listed } = role;
    const forged = {
      ...listed,
      member_count: 0,
      applications: [
        {
          apps_id: 1,
          apps_name: 'SSO Admin Panel',
          logo_url: 'http://localhost:4000/static/logos/app-1.svg',
          menus: panel.map((m) => ({
            id: m.id,
            name: m.name,
            acces_level: 1,
            children: m.menu.map((c) => ({ id: c.id, name: c.name, acces_level: 1 })),
          })),
        },
        ...role.applications,
      ],
    };
    await openSignedIn(routes.editRole(hashIdOf(forged)));

    await expect(page.getByRole('status').filter({ hasText: 'Data diperbarui dari server' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'SSO Admin Panel' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByRole('switch', { name: 'HRIS' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Role berhasil diperbarui')).toBeVisible();

    const after = await getRole(apiClient, role.id);
    expect(after.applications).toEqual(role.applications);
    expect(after.name).toBe(role.name);
  });

  test('an old link shows the current data', async ({ page, apiClient, openSignedIn }) => {
    const name = uniqueName('Lama');
    const role = await newHrisRole(apiClient, name);
    const { version: _version, ...listed } = role;
    const oldLink = routes.editRole(hashIdOf({ ...listed, member_count: 0 }));
    dataOf(await apiClient.patch(`${ROLE}/update/${role.id}`, { name: `${name} Baru`, color_id: 5 }));

    await openSignedIn(oldLink);
    await expect(page.getByLabel('Nama Role')).toHaveValue(`${name} Baru`);
    await expect(page.getByText('Data diperbarui dari server')).toBeVisible();
  });

  test('a link to a user that no longer exists says so and leads back', async ({
    page,
    apiClient,
    openSignedIn,
    expectNoA11yViolations,
  }) => {
    const user = await newUser(apiClient);
    expect((await apiClient.delete(`${USERS}/${user.id}`)).status).toBe(200);
    await openSignedIn(routes.editUser(hashIdOf(user)));
    await expect(page.getByText('User tidak ditemukan')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Kembali ke daftar user' }).click();
    await expect(page).toHaveURL(new RegExp(`${routes.userManagement}$`));
  });
});

test('two tabs edit the same role: the second save gets the 409 with its input kept, then reloads', async ({
  page,
  apiClient,
  loginAs,
  expectNoA11yViolations,
}) => {
  const name = uniqueName('Dua Tab');
  const role = await newHrisRole(apiClient, name);
  const link = routes.editRole(hashIdOf({ ...role, member_count: 0 }));
  await loginAs(page);
  const second = await page.context().newPage();
  await page.goto(link);
  await second.goto(link);
  await expect(page.getByLabel('Nama Role')).toHaveValue(name);
  await expect(second.getByLabel('Nama Role')).toHaveValue(name);

  await page.getByLabel('Nama Role').fill(`${name} A`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Role berhasil diperbarui')).toBeVisible();

  await second.getByLabel('Nama Role').fill(`${name} B`);
  await second.getByRole('button', { name: 'Simpan' }).click();
  const alert = second.getByRole('alert').filter({ hasText: CONFLICT });
  await expect(alert).toBeVisible();
  await expect(second.getByLabel('Nama Role')).toHaveValue(`${name} B`);
  expect((await getRole(apiClient, role.id)).name).toBe(`${name} A`);
  await expectNoA11yViolations(second);

  // "Muat ulang data" asks before dropping the input; "Batal" keeps it.
  await alert.getByRole('button', { name: 'Muat ulang data' }).click();
  const dialog = second.getByRole('alertdialog', { name: 'Muat ulang data?' });
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(second.getByLabel('Nama Role')).toHaveValue(`${name} B`);
  await alert.getByRole('button', { name: 'Muat ulang data' }).click();
  await dialog.getByRole('button', { name: 'Muat ulang' }).click();
  await expect(second.getByLabel('Nama Role')).toHaveValue(`${name} A`);
  await expect(second.getByText(CONFLICT)).toHaveCount(0);

  // Saved on the current version, the change goes through.
  await second.getByLabel('Nama Role').fill(`${name} C`);
  await second.getByRole('button', { name: 'Simpan' }).click();
  await expect(second.getByText('Role berhasil diperbarui')).toBeVisible();
  expect((await getRole(apiClient, role.id)).name).toBe(`${name} C`);
  await second.close();
});
