import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { ScryptCost } from '../auth/password';
import { openDatabase } from '../db/database';
import { postgresStore, sqliteStore, type Store, type StoreKind } from '../db/store';
import { ADMIN, openSession } from './http';
import { startTestPostgres, type TestPostgres } from './postgres';

/** A clock the test moves by hand (token and OTP expiry without sleeping). */
export interface TestClock {
  (): number;
  advance(seconds: number): void;
}

export function createTestClock(start = Date.UTC(2025, 0, 15, 8, 0, 0)): TestClock {
  let now = start;
  const clock = () => now;
  clock.advance = (seconds: number) => {
    now += seconds * 1000;
  };
  return clock;
}

/**
 * The cheap scrypt cost of test apps (seed and new hashes): tests create many apps and sign in
 * often. Production's cost is the default of `buildApp` (a config test asserts it).
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dbFile: string;
  /** The PostgreSQL database of this app under `TEST_STORE=postgres`. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * The store the api's tests run on: `TEST_STORE=postgres` (`pnpm test:api:postgres`) gives every
 * test app a new database of one throwaway PostgreSQL cluster per test file (started at its first
 * app, stopped after the file's tests); anything else, the SQLite file of each app.
 */
export const testStoreKind: StoreKind = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

let cluster: TestPostgres | undefined;
let databases = 0;
if (testStoreKind === 'postgres') {
  // Registered when a test file imports the harness: the file's cluster starts before its tests (a
  // hook of its own, with initdb's time) and goes with them.
  beforeAll(() => {
    cluster ??= startTestPostgres();
  }, 60_000);
  afterAll(() => {
    cluster?.stop();
    cluster = undefined;
  });
}

/** A new database of this test file's cluster, or undefined on SQLite. */
function testDatabaseUrl(kind: StoreKind): string | undefined {
  if (kind !== 'postgres') return undefined;
  cluster ??= startTestPostgres();
  databases += 1;
  return cluster.createDatabase(`api_${databases}`);
}

/**
 * A fresh api on a fresh temporary database file (and, with `TEST_STORE=postgres`, a fresh
 * PostgreSQL database), listening on an ephemeral port; `close()` removes them. `store` names the
 * store whatever TEST_STORE says, for the tests of one store's own behaviour (its file's faults).
 */
export async function createTestApp(
  options: Partial<BuildAppOptions> = {},
  { store = testStoreKind }: { store?: StoreKind } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'sso-api-test-'));
  const dbFile = join(dir, 'sso.sqlite');
  const clock = createTestClock();
  const databaseUrl = testDatabaseUrl(store);
  const app = await buildApp({
    dbFile,
    ...(databaseUrl ? { databaseUrl } : {}),
    clock,
    publicUrl: 'http://api.test',
    // Every test request comes from 127.0.0.1: the per-address limits are relaxed unless a test sets
    // them; the per-NIK/phone ones keep their defaults. The outbox is on (tests read codes from it).
    // Passwords hash at TEST_PASSWORD_COST unless a test passes another cost.
    authMaxFailuresPerAddress: 1000,
    otpMaxSendsPerAddress: 1000,
    lookupMaxPerAddress: 1000,
    passwordCost: TEST_PASSWORD_COST,
    devOutbox: true,
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    clock,
    dbFile,
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A second handle on a test app's database, as another instance (or the code of a route) would
 * have it: the SQLite file through its own connection, or the PostgreSQL database through a pool.
 */
export function openTestStore(app: Pick<TestApp, 'dbFile' | 'databaseUrl'>): {
  store: Store;
  close(): Promise<void>;
} {
  if (app.databaseUrl) {
    const store = postgresStore(app.databaseUrl, { poolSize: 2 });
    return { store, close: () => store.close() };
  }
  const db = openDatabase(app.dbFile);
  return {
    store: sqliteStore(db),
    async close() {
      db.close();
    },
  };
}

/**
 * What `start` makes (an app, a server) for the tests of a file or describe block: made before them
 * (before each test with `each`), closed after. The answer reads the fields of the current one, so
 * it is read inside tests and hooks only.
 */
export function useStarted<T extends { close(): Promise<void> }>(
  name: string,
  start: () => Promise<T>,
  { each = false }: { each?: boolean } = {},
): Readonly<Omit<T, 'close'>> {
  let current: T | undefined;
  (each ? beforeEach : beforeAll)(async () => {
    current = await start();
  });
  (each ? afterEach : afterAll)(() => current?.close());
  return new Proxy({} as Omit<T, 'close'>, {
    get(_, key) {
      if (!current) throw new Error(`${name}: it exists only inside tests and hooks`);
      return current[key as keyof T];
    },
  });
}

/** A test app as a test file's tests see it: the one the hooks made for the current test. */
export type UsedTestApp = Readonly<Omit<TestApp, 'close'>>;

/**
 * One test file's (or describe block's) api: created before its tests with `options` (before each
 * test with `each`) and closed after them.
 */
export function useTestApp(
  options: Partial<BuildAppOptions> = {},
  { each = false }: { each?: boolean } = {},
): UsedTestApp {
  return useStarted('useTestApp', () => createTestApp(options), { each });
}

/** One test file's api (`useTestApp`) with an admin session opened before its tests. */
export interface AdminTestApp extends UsedTestApp {
  /** Access token of the administrator's app-1 session: the bearer of admin calls. */
  readonly token: string;
  /** The administrator's login token (session routes only). */
  readonly loginToken: string;
}

export function useAdminTestApp(options: Partial<BuildAppOptions> = {}): AdminTestApp {
  const testApp = useTestApp(options);
  let token = '';
  let loginToken = '';
  beforeAll(async () => {
    ({ accessToken: token, loginToken } = await openSession(testApp.app, ADMIN));
  });
  // The app's getters are inherited (each reads the current test's app), the session's added.
  return Object.defineProperties(Object.create(testApp) as AdminTestApp, {
    token: { get: () => token },
    loginToken: { get: () => loginToken },
  });
}
