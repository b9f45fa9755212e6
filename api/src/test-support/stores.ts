import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database';
import { migratePostgres } from '../db/postgres-migrations';
import { postgresStore, sqliteStore, type Store, type StoreKind } from '../db/store';
import { HttpError } from '../http/errors';
import { startTestPostgres, type TestPostgres } from './postgres';

/** Both stores, for `describe.each(STORE_KINDS)` (ADR 0026). */
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

export interface TestStores {
  /** The file's throwaway PostgreSQL cluster. */
  readonly cluster: TestPostgres;
  /**
   * `instances` stores on one new migrated database of `kind`, each as an api instance would open
   * it: PostgreSQL, a pool each; SQLite, its one connection per process, shared.
   */
  storesOn(kind: StoreKind, instances?: number): Promise<Store[]>;
  /** A new empty PostgreSQL database, not migrated, closed after the test. */
  postgresDatabase(): string;
  /** Closed after the test with the others. */
  track(store: Store): Store;
}

/** One throwaway PostgreSQL cluster for the test file; every store opened in a test is closed after it. */
export function useTestStores(): TestStores {
  let cluster: TestPostgres | undefined;
  let databases = 0;
  const opened: Store[] = [];
  const closers: (() => void)[] = [];
  beforeAll(() => {
    cluster = startTestPostgres();
  });
  afterAll(() => cluster?.stop());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    closers.splice(0).forEach((close) => close());
  });
  const current = () => {
    if (!cluster) throw new Error('useTestStores: the cluster exists only inside tests and hooks');
    return cluster;
  };
  const postgresDatabase = () => {
    databases += 1;
    return current().createDatabase(`test_${databases}`);
  };
  return {
    get cluster() {
      return current();
    },
    postgresDatabase,
    track(store) {
      opened.push(store);
      return store;
    },
    async storesOn(kind, instances = 1) {
      if (kind === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'sso-store-test-'));
        const db = openDatabase(join(dir, 'sso.sqlite'));
        closers.push(() => {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        });
        const store = sqliteStore(db);
        return Array.from({ length: instances }, () => store);
      }
      const url = postgresDatabase();
      const stores = Array.from({ length: instances }, () => postgresStore(url, { poolSize: 4 }));
      opened.push(...stores);
      await Promise.all(stores.map((s) => migratePostgres(s.db)));
      return stores;
    },
  };
}

/** How a store write ended, as a test reads it: `ok`, or the refusal's status and message. */
export async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
}

/** The acting administrator of a store test: user `id` ("Admin", NIK 100001) holding `roleId`. */
export async function insertActor(
  store: Store,
  { id, roleId, at }: { id: number; roleId: number; at: string },
): Promise<void> {
  await store.db
    .insertInto('users')
    .values({
      id,
      nama: 'Admin',
      nik: '100001',
      phone: '0812',
      email: '',
      role_id: roleId,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await store.admin.followIds(store.db, 'users');
}

/** Applications `ids` ("App <id>"), the ids the store hands out next following them. */
export async function insertApplications(store: Store, ids: number[]): Promise<void> {
  await store.db
    .insertInto('applications')
    .values(
      ids.map((id) => ({ id, name: `App ${id}`, descriptions: null, url: 'http://x', logo_file: 'a.svg' })),
    )
    .execute();
  await store.admin.followIds(store.db, 'applications');
}

/** A role of colour 1 named `name` (its key the name in lower case unless given): its id. */
export async function insertRole(
  store: Store,
  {
    name,
    nameKey = name.toLowerCase(),
    position,
    at,
    adminScope,
  }: { name: string; nameKey?: string; position: number; at: string; adminScope?: 'own' },
): Promise<number> {
  const { id } = await store.db
    .insertInto('roles')
    .values({
      name,
      name_key: nameKey,
      color_id: 1,
      position,
      created_at: at,
      updated_at: at,
      ...(adminScope ? { admin_scope: adminScope } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
