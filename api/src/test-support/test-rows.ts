import type { RawBuilder } from 'kysely';
import { openTestStore, type TestApp } from './test-app';

/**
 * The rows a raw query (kysely's `sql` tag) reads from a test app's database, on either store,
 * through a second handle opened for the query and closed after it: what a test asserts about the
 * stored data, not through the api. Numbers come back as numbers on both stores.
 *
 *   const rows = await readRows(t, sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`);
 */
export async function readRows<T>(
  app: Pick<TestApp, 'dbFile' | 'databaseUrl'>,
  query: RawBuilder<T>,
): Promise<T[]> {
  const { store, close } = openTestStore(app);
  try {
    return (await query.execute(store.db)).rows;
  } finally {
    await close();
  }
}

/** The first row `query` reads (undefined without one). */
export async function readRow<T>(
  app: Pick<TestApp, 'dbFile' | 'databaseUrl'>,
  query: RawBuilder<T>,
): Promise<T | undefined> {
  return (await readRows(app, query))[0];
}
