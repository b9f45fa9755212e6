import { sql } from 'kysely';
import { applicationPayloadSchema, type ApplicationPayload } from '@sso/shared/contract';
import type { Store, StoreKind } from '../db/store';
import { HttpError } from '../http/errors';
import { STORE_KINDS, useTestStores } from '../test-support/stores';
import { referenceTables } from '../access/reference-tables.test-support';
import { findManagedApplication, listManagedApplications, menuTree } from './application-queries';
import { createApplication, deleteApplication, updateApplication, type Actor } from './application-writes';
import { pruneAbandonedLogos, readUploadedLogo, storeLogo } from './logo-store';
import { initiateLoginUris, regenerateClientSecret } from './sso-client-store';

const stores = useTestStores();
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ACTOR: Actor = { roleId: 0, level: 1 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const input = (payload: Partial<ApplicationPayload> = {}) =>
  applicationPayloadSchema.parse({
    name: 'Aplikasi Gudang',
    url: 'https://gudang.example.co.id',
    menus: [{ name: 'Stok', children: [{ name: 'Masuk' }, { name: 'Keluar' }] }, { name: 'Laporan' }],
    ...payload,
  });
const logoUrl = (file: string) => `/logo/${file}`;
const statusOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    throw error;
  }
};
const count = async (store: Store, table: 'applications' | 'menus' | 'app_logos') =>
  Number(
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(store.db)).rows[0]?.n,
  );

/** Stores on a database holding app 1, this panel (whose menu tree App Management never changes). */
async function storesWithPanel(kind: StoreKind, instances = 1) {
  const opened = await stores.storesOn(kind, instances);
  await referenceTables(opened[0]!);
  await opened[0]!.db
    .insertInto('applications')
    .values({
      id: 1,
      name: 'SSO Admin Panel',
      descriptions: null,
      url: 'http://panel',
      logo_file: 'app-1.svg',
    })
    .execute();

  await opened[0]!.admin.followIds(opened[0]!.db, 'applications');
  return opened;
}

describe.each<StoreKind>(STORE_KINDS)('App Management store on %s', (kind) => {
  it('creates an application with its menu tree, SSO client and logo; updates and deletes it', async () => {
    const [store] = await storesWithPanel(kind);
    const logo = await storeLogo(store!.db, PNG.toString('base64'), NOW);
    expect(logo.file).toBe(`upload-${logo.id}.png`);
    const sso = { client_type: 'confidential' as const, redirect_uris: ['https://gudang.example.co.id/cb'] };
    const created = await createApplication(store!, input({ logo_id: logo.id, sso }), ACTOR, NOW);
    expect(created.clientSecret).toEqual(expect.any(String));
    const tree = await menuTree(store!.db, created.id);
    expect(tree.map((m) => [m.name, m.menu.map((c) => c.name)])).toEqual([
      ['Stok', ['Masuk', 'Keluar']],
      ['Laporan', []],
    ]);
    const detail = await findManagedApplication(store!, created.id, logoUrl, []);
    expect(detail).toMatchObject({
      name: 'Aplikasi Gudang',
      logo_url: `/logo/${logo.file}`,
      logo_uploaded: true,
      menu_count: 4,
      role_count: 0,
      sso: { client_id: 'aplikasi-gudang', client_type: 'confidential' },
    });
    expect((await readUploadedLogo(store!.db, logo.file))?.bytes.equals(PNG)).toBe(true);

    // A second application of a look-alike name is refused; another name gets the next client id.
    expect(await statusOf(createApplication(store!, input({ name: 'APLIKASI  gudang' }), ACTOR, NOW))).toBe(
      409,
    );
    const other = await createApplication(store!, input({ name: 'Aplikasi-Gudang 2', sso }), ACTOR, NOW);
    expect((await findManagedApplication(store!, other.id, logoUrl, []))?.sso?.client_id).toBe(
      'aplikasi-gudang-2',
    );

    // An update keeps the menus it names (renamed), adds new ones, removes the rest.
    const [stok, laporan] = tree;
    await updateApplication(
      store!,
      created.id,
      input({
        name: 'Aplikasi Gudang Baru',
        menus: [{ id: laporan!.id, name: 'Laporan Harian' }, { name: 'Opname' }],
        sso: { ...sso, initiate_login_uri: 'https://gudang.example.co.id/login' },
      }),
      ACTOR,
      NOW,
    );
    expect((await menuTree(store!.db, created.id)).map((m) => m.name)).toEqual(['Laporan Harian', 'Opname']);
    expect(stok).toBeDefined();
    expect((await initiateLoginUris(store!.db)).get(created.id)).toBe('https://gudang.example.co.id/login');
    const secret = await regenerateClientSecret(store!, created.id, NOW);
    expect(secret.client_id).toBe('aplikasi-gudang');

    const list = await listManagedApplications(
      store!,
      { page: 1, perPage: 10, keyword: 'GUDANG baru', sortBy: 'name', sort: 'asc' },
      logoUrl,
      [],
    );
    expect(list.total).toBe(1);
    expect(list.data[0]?.menu_count).toBe(2);

    await deleteApplication(store!, created.id, ACTOR);
    expect(await findManagedApplication(store!, created.id, logoUrl, [])).toBeUndefined();
    // Its menus and its uploaded logo went with it.
    expect(await count(store!, 'menus')).toBe(4);
    expect(await count(store!, 'app_logos')).toBe(0);
    expect(await statusOf(deleteApplication(store!, created.id, ACTOR))).toBe(404);
  });

  it('a failing write changes nothing (one transaction)', async () => {
    const [store] = await storesWithPanel(kind);
    // The logo named does not exist: refused after the application row was inserted.
    expect(await statusOf(createApplication(store!, input({ logo_id: 999 }), ACTOR, NOW))).toBe(422);
    expect(await count(store!, 'applications')).toBe(1);
    expect(await count(store!, 'menus')).toBe(0);
  });

  it('an abandoned upload is pruned after a day; one an application names is kept', async () => {
    const [store] = await storesWithPanel(kind);
    const kept = await storeLogo(store!.db, PNG.toString('base64'), NOW);
    await storeLogo(store!.db, PNG.toString('base64'), NOW);
    await createApplication(store!, input({ logo_id: kept.id }), ACTOR, NOW);
    expect(await pruneAbandonedLogos(store!.db, NOW + 3_600_000)).toBe(0);
    expect(await pruneAbandonedLogos(store!.db, NOW + 25 * 3_600_000)).toBe(1);
    expect(await readUploadedLogo(store!.db, kept.file)).toBeDefined();
  });

  it('two instances creating the same name at once: one application, the other 409', async () => {
    const instances = await storesWithPanel(kind, 2);
    const results = await Promise.all(
      [...instances, ...instances].map((store) => statusOf(createApplication(store, input(), ACTOR, NOW))),
    );
    expect(results.sort()).toEqual([409, 409, 409, 'ok']);
    expect(await count(instances[0]!, 'applications')).toBe(2);
  });
});
