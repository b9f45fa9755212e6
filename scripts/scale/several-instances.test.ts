/**
 * Issue 35, point 4 with several instances: two built api instances on one database behind the
 * generated nginx (one upstream group, nginx's passive check off, as `./panel start --scale 2`
 * writes it, ADR 0028).
 * - A rolling restart (each instance drained by SIGTERM, started again, then the next) under 20
 *   keep-alive clients reading the users list through nginx loses no request: every one is a 200.
 * - SIGKILL of one instance under a load of reads and writes: the other keeps answering, nginx passes
 *   the refused or broken idempotent requests on, and every write acknowledged (201) is in the
 *   database afterwards. Only writes in flight on the killed instance may fail (never sent twice).
 * The store is a parameter: SCALE_TEST_STORE=postgres (the default: a throwaway cluster, as the
 * instances of `--scale` share) or sqlite (two processes on one SQLite file in WAL).
 * Runs where Debian's nginx is installed (./panel test installs it).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, paths } from '@sso/shared/contract';
import { freePort, useBuiltApi } from '../../api/src/test-support/built-api';
import { createRolePayload } from '../../api/src/test-support/factories';
import { startTestPostgres, type TestPostgres } from '../../api/src/test-support/postgres';
import { adminToken, send, startBuiltApi, type RunningApi } from '../../api/src/ops/test-process';
import { nginxInstalled, startNginx, workerUser, writeConfig, type RunningNginx } from '../nginx/run.mjs';
import { PASSIVE_CHECK } from './instances.mjs';

const STORE = process.env.SCALE_TEST_STORE === 'sqlite' ? 'sqlite' : 'postgres';
const { dbFile, main } = useBuiltApi('several-instances');

let work: string;
let cluster: TestPostgres | undefined;
let databaseUrl: string | undefined;
let nginx: RunningNginx;
let proxyPort: number;
const ports: number[] = [];
const instances: RunningApi[] = [];

/** The environment of every instance: the shared store, nginx as the one trusted proxy. */
const instanceEnv = (): Record<string, string> => ({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DB_FILE: dbFile }),
  TRUST_PROXY: '127.0.0.1',
  DRAIN_GRACE_SECONDS: '3',
  LOG_LEVEL: 'warn',
  SEED_USERS: '40',
  // Every request of the test comes from 127.0.0.1: the per-address limits do not apply here.
  AUTH_MAX_FAILURES_PER_ADDRESS: '100000',
});

const start = (index: number) =>
  startBuiltApi([process.execPath, main], instanceEnv(), ports[index]).then((running) => {
    instances[index] = running;
    return running;
  });

/** Role names starting with `prefix`, as the api reads them (every role, through nginx). */
async function roleNames(prefix: string, token: string): Promise<Set<string>> {
  const answer = await send(proxyPort, 'GET', `${API_PREFIX}${paths.roles.all}`, { token });
  if (answer.status !== 200) throw new Error(`roles: ${answer.status} ${answer.body}`);
  const { data } = JSON.parse(answer.body) as { data: { name: string }[] };
  return new Set(data.map((role) => role.name).filter((name) => name.startsWith(prefix)));
}

interface Tally {
  ok: number;
  /** Status codes other than 200, and errors (a reset, a hang-up), in the order met. */
  failures: string[];
}

/** A keep-alive client reading the users list through nginx until `stop()`. */
async function reader(token: string, tally: Tally, stop: () => boolean): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (!stop()) {
      try {
        const answer = await send(proxyPort, 'GET', `${API_PREFIX}${paths.users.list}`, { token, agent });
        if (answer.status === 200) tally.ok += 1;
        else tally.failures.push(String(answer.status));
      } catch (error) {
        tally.failures.push((error as NodeJS.ErrnoException).code ?? String(error));
      }
    }
  } finally {
    agent.destroy();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

(nginxInstalled() ? describe : describe.skip)(`two api instances behind nginx on ${STORE}`, () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-scale-'));
    fs.chmodSync(work, 0o755);
    if (STORE === 'postgres') {
      cluster = startTestPostgres();
      databaseUrl = cluster.createDatabase('sso');
    }
    ports.push(await freePort(), await freePort());
    proxyPort = await freePort();
    // The first instance migrates and seeds alone, as `./panel start --scale` starts them.
    await start(0);
    await start(1);
    const prefix = path.join(work, 'nginx');
    writeConfig(prefix, {
      sites: [],
      proxies: [
        {
          name: 'api',
          port: proxyPort,
          upstream: ports.map((port) => `http://127.0.0.1:${port}`),
          passive: PASSIVE_CHECK,
        },
      ],
      user: workerUser(work),
    });
    nginx = await startNginx({ prefix, ports: [proxyPort] });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const running of instances) {
      if (running.api.exitCode === null && running.api.signalCode === null) {
        running.api.kill('SIGTERM');
        await running.exited;
      }
    }
    cluster?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('a rolling restart under 20 keep-alive clients loses no request', async () => {
    const token = await adminToken(proxyPort);
    const tally: Tally = { ok: 0, failures: [] };
    let stopped = false;
    const clients = Array.from({ length: 20 }, () => reader(token, tally, () => stopped));
    try {
      await pause(1000);
      for (const index of [0, 1]) {
        const old = instances[index];
        if (!old) throw new Error('no instance');
        old.api.kill('SIGTERM');
        expect(await old.exited).toBe(0);
        await start(index);
        // Answers keep coming while each instance is away.
        const before = tally.ok;
        await pause(1500);
        expect(tally.ok).toBeGreaterThan(before);
      }
    } finally {
      stopped = true;
      await Promise.all(clients);
    }
    expect(tally.failures).toEqual([]);
    expect(tally.ok).toBeGreaterThan(100);
    console.log(`rolling restart of 2 instances (${STORE}): ${tally.ok} reads answered, 0 lost`);
  }, 120_000);

  test('SIGKILL of one instance under reads and writes: the other answers, every acknowledged write is kept', async () => {
    const token = await adminToken(proxyPort);
    const reads: Tally = { ok: 0, failures: [] };
    const acknowledged: string[] = [];
    const failedWrites: string[] = [];
    let stopped = false;
    const writer = async (w: number) => {
      for (let n = 0; !stopped; n += 1) {
        const name = `Gagal ${w}-${n}`;
        try {
          const answer = await send(proxyPort, 'POST', `${API_PREFIX}${paths.roles.create}`, {
            token,
            body: createRolePayload({ name }),
          });
          if (answer.status === 201) acknowledged.push(name);
          else failedWrites.push(`${answer.status}`);
        } catch (error) {
          failedWrites.push((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
    };
    const load = [
      ...Array.from({ length: 10 }, () => reader(token, reads, () => stopped)),
      ...[0, 1, 2].map(writer),
    ];
    let readsAfterKill: number | undefined;
    let writesAfterKill: number | undefined;
    try {
      await pause(1000);
      const victim = instances[1];
      if (!victim) throw new Error('no instance');
      victim.api.kill('SIGKILL');
      await victim.exited;
      const [readsAtKill, writesAtKill] = [reads.ok, acknowledged.length];
      await pause(2500);
      readsAfterKill = reads.ok - readsAtKill;
      writesAfterKill = acknowledged.length - writesAtKill;
    } finally {
      stopped = true;
      await Promise.all(load);
    }
    // The survivor kept answering both.
    expect(readsAfterKill).toBeGreaterThan(20);
    expect(writesAfterKill).toBeGreaterThan(0);
    // Reads (idempotent) were passed on by nginx: none failed. A write in flight on the killed
    // instance may fail (a 502: nginx never sends a POST twice), at most one per writer. On SQLite,
    // two processes writing at once also refuse some writes cleanly (503 with Retry-After, nothing
    // written: a transaction that read before another process wrote cannot write, SQLITE_BUSY).
    expect(reads.failures).toEqual([]);
    const inFlight = failedWrites.filter((failure) => failure !== '503');
    expect(inFlight.length).toBeLessThanOrEqual(3);
    for (const failure of inFlight) expect(failure).toBe('502');
    if (STORE === 'postgres') expect(failedWrites.filter((failure) => failure === '503')).toEqual([]);
    const stored = await roleNames('Gagal ', token);
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    console.log(
      `SIGKILL of 1 of 2 (${STORE}): ${reads.ok} reads (0 failed), ${acknowledged.length} writes acknowledged and kept, ${inFlight.length} in flight failed (502), ${failedWrites.length - inFlight.length} refused busy (503)`,
    );
    // Started again, it serves with the other (the survivor alone answered meanwhile).
    await start(1);
  }, 120_000);
});
