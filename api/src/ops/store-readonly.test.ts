/**
 * Issue 35, point 4: a read-only store. SQLite's own refusal (PRAGMA query_only gives the error a
 * read-only file or disk gives, SQLITE_READONLY) for the probe; for the api, a faulting layer under
 * every write statement (a remount read-only of a disk the api has open for writing is refused by
 * Linux, EBUSY, so a real one cannot be made under a running api here).
 */
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import { READY_PATH, paths } from '@sso/shared/contract';
import { ADMIN, call, callRoot, openSession } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  STORE_RETRY_AFTER_SECONDS,
  sqliteFaultOf,
  sqliteProbe,
  storeUnavailableMessage,
} from './store-health';

test('SQLite errors are classified: full, read-only, io, busy; constraints and bugs are not store faults', () => {
  const error = (code: string) => new Database.SqliteError('x', code);
  expect(sqliteFaultOf(error('SQLITE_FULL'))).toBe('full');
  expect(sqliteFaultOf(error('SQLITE_READONLY'))).toBe('read-only');
  expect(sqliteFaultOf(error('SQLITE_READONLY_DBMOVED'))).toBe('read-only');
  expect(sqliteFaultOf(error('SQLITE_IOERR_WRITE'))).toBe('io');
  expect(sqliteFaultOf(error('SQLITE_BUSY'))).toBe('busy');
  expect(sqliteFaultOf(error('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
  expect(sqliteFaultOf(new TypeError('bug'))).toBeNull();
});

test("the probe write fails with SQLite's read-only error while the connection may not write, and passes after", async () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const probe = sqliteProbe(db);
  await probe.probeWrite();
  db.pragma('query_only = ON');
  let caught: unknown;
  try {
    await probe.probeWrite();
  } catch (error) {
    caught = error;
  }
  expect(probe.faultOf(caught)).toBe('read-only');
  db.pragma('query_only = OFF');
  await expect(probe.probeWrite()).resolves.toBeUndefined();
  db.close();
});

const METRICS_TOKEN = 'metrics-token-for-the-test-0123';

describe('the api on a store that turns read-only', () => {
  let api: TestApp;
  const lines: string[] = [];
  const statementProto: { run: (...args: unknown[]) => unknown } = Object.getPrototypeOf(
    new Database(':memory:').prepare('SELECT 1'),
  );
  const run = statementProto.run;
  let readOnly = false;

  beforeAll(async () => {
    statementProto.run = function (this: unknown, ...args: unknown[]) {
      if (readOnly) throw new Database.SqliteError('attempt to write a readonly database', 'SQLITE_READONLY');
      return run.apply(this, args);
    };
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // The SQLite file's own refusal, on both passes (PostgreSQL's faults: db/store.test.ts).
    api = await createTestApp(
      { logger: { level: 'warn', stream }, metricsToken: METRICS_TOKEN },
      { store: 'sqlite' },
    );
  });
  afterAll(async () => {
    statementProto.run = run;
    await api.close();
  });

  it('refuses writes with 503, keeps reading, says not ready, logs once, and recovers by itself', async () => {
    const { app } = api;
    const { accessToken } = await openSession(app, ADMIN);
    readOnly = true;
    const signIn = () =>
      call(app, 'POST', paths.auth.loginNik, { body: { nik: ADMIN.nik, password: ADMIN.password } });
    for (let i = 0; i < 3; i += 1) {
      const refused = await signIn();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: storeUnavailableMessage(STORE_RETRY_AFTER_SECONDS) });
      expect(refused.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    }
    expect((await call(app, 'GET', paths.users.list, { token: accessToken })).statusCode).toBe(200);
    // The OpenID Connect provider's own write (its interaction) fails too: its error page, and the
    // fault is not logged a second time.
    const authorize = await callRoot(app, 'GET', '/oidc/auth', {
      query: {
        client_id: 'inventory',
        redirect_uri: 'http://localhost:3102/callback',
        response_type: 'code',
        scope: 'openid',
        state: 'state-1',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
    });
    expect(authorize.statusCode).toBe(500);
    expect(lines.join('\n')).not.toContain('oidc provider error');
    const ready = await callRoot(app, 'GET', READY_PATH);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'store fault: read-only' });
    expect(lines.filter((line) => line.includes('store fault:'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('read-only (SQLITE_READONLY)');
    expect(lines.join('\n')).not.toContain(ADMIN.password);
    // Counted for every refusal (the sign-in's write, and the audit's record after the answer).
    const metrics = await callRoot(app, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const faults = metrics.body
      .split('\n')
      .find((line) => line.startsWith('sso_store_faults_total{kind="read-only"}'));
    expect(Number(faults?.split(' ')[1])).toBeGreaterThanOrEqual(3);
    expect(metrics.body).toContain('sso_db_errors_total{code="SQLITE_READONLY"} 3');

    readOnly = false;
    const deadline = Date.now() + 10_000;
    while ((await callRoot(app, 'GET', READY_PATH)).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('not ready again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await signIn()).statusCode).toBe(200);
    expect(lines.filter((line) => line.includes('store fault over'))).toHaveLength(1);
  }, 30_000);
});
