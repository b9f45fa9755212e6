// Several-instance figures of `pnpm bench` (issue 35, ADR 0028), also alone as
// `node scripts/bench.mjs --only scale [--quick]`:
// - sign-ins per second at production scrypt cost with 1 and with 2 api instances behind the
//   generated nginx (one upstream group), on one database; the ratio is the figure, reported with the
//   cores the machine has (two instances on 2 cores share the same cores, so it cannot double);
// - the users list's p95 at 200,000 users on each store: SQLite and PostgreSQL.
// Figures only, never asserted: they move with the machine.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, round } from './bench-figures.mjs';
import { freePort } from './free-port.mjs';
import { measureSignIns } from './bench-sign-in.mjs';
import { nginxInstalled, startNginx, workerUser, writeConfig } from '../nginx/run.mjs';
import { PASSIVE_CHECK, waitReady } from '../scale/instances.mjs';
import { startCluster } from '../postgres/cluster.mjs';

const root = path.join(import.meta.dirname, '..', '..');
const log = (...a) => console.log('[bench scale]', ...a);

/** A built api on `port` with `env` (production, quiet); `stop()` drains it. */
function startApi(port, env) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'api'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DRAIN_GRACE_SECONDS: '0',
      TRUST_PROXY: '127.0.0.1',
      // Every sign-in of the bench comes from this one address.
      AUTH_MAX_FAILURES_PER_ADDRESS: '1000000',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The users list, sequentially then 10 at a time: p50/p95 over `requests`. */
async function usersList(api, token, requests) {
  const times = [];
  const one = async (i) => {
    const started = performance.now();
    const page = 1 + (i % 50);
    const response = await fetch(`${api}/api/v1/sso/api/v1/ap/users/list?page=${page}&perPage=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`users list: ${response.status}`);
    times.push(performance.now() - started);
  };
  for (let i = 0; i < Math.min(20, requests); i += 1) await one(i); // warm-up, counted too
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < requests) await one(next++);
    }),
  );
  return { requests: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/** The demo administrator's access token for the panel (login, then the app session). */
async function adminToken(api) {
  const post = async (url, body, token) => {
    const response = await fetch(`${api}/api/v1/sso${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const login = await post('/auth/login/nik', {
    nik: '100001',
    password: 'admin123',
    url: 'http://localhost:3000',
  });
  const session = await post('/session/create', { app_id: 1 }, login.data.token);
  return session.data.access_token;
}

/**
 * @param {{ quick: boolean }} options
 * @returns {Promise<object>} the figures (also logged)
 */
export async function measureScale({ quick }) {
  const cores = { cpus: os.cpus().length, availableParallelism: os.availableParallelism() };
  const seconds = quick ? 6 : 20;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-bench-scale-'));
  fs.chmodSync(work, 0o755);
  const stops = [];
  const result = { cores, store: 'sqlite', signIns: {}, usersList200k: {} };
  try {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'api'), stdio: 'pipe' });
    if (build.status !== 0) throw new Error(`build of api failed:\n${build.stderr}`);

    // 1. Sign-ins through nginx: one instance, then two (the same database, the same nginx).
    if (!nginxInstalled()) {
      log(
        'sign-ins with 1 and 2 instances: skipped, nginx is not installed (node scripts/nginx/run.mjs install)',
      );
    } else {
      const dbFile = path.join(work, 'sign-in.sqlite');
      const ports = [await freePort(), await freePort()];
      const proxyPort = await freePort();
      const first = startApi(ports[0], { DB_FILE: dbFile, SEED_USERS: '300' });
      stops.push(() => first.stop());
      await waitReady([first.url], 180_000, () => first.child.exitCode === null);
      const second = startApi(ports[1], { DB_FILE: dbFile });
      stops.push(() => second.stop());
      await waitReady([second.url], 180_000, () => second.child.exitCode === null);
      const prefix = path.join(work, 'nginx');
      const proxy = (upstream) => ({ name: 'api', port: proxyPort, upstream, passive: PASSIVE_CHECK });
      writeConfig(prefix, { sites: [], proxies: [proxy([first.url])], user: workerUser(work) });
      const nginx = await startNginx({ prefix, ports: [proxyPort] });
      stops.push(() => nginx.stop());
      const api = `http://127.0.0.1:${proxyPort}/api/v1/sso`;
      log(`sign-ins: ${seconds}s at 10 clients through nginx, 1 instance…`);
      const one = await measureSignIns(api, { seconds });
      writeConfig(prefix, { sites: [], proxies: [proxy([first.url, second.url])], user: workerUser(work) });
      await nginx.reload();
      log(`sign-ins: ${seconds}s at 10 clients through nginx, 2 instances…`);
      const two = await measureSignIns(api, { seconds });
      result.signIns = { one, two, ratio: round(two.perSecond / one.perSecond, 2) };
      log(
        `sign-ins/s: 1 instance ${one.perSecond} (p95 ${one.p95} ms), 2 instances ${two.perSecond} (p95 ${two.p95} ms), ratio ${result.signIns.ratio} on ${cores.availableParallelism} cores`,
      );
      for (const stop of stops.splice(0).reverse()) await stop();
    }

    // 2. The users list at 200,000 users, per store.
    const users = quick ? 20_000 : 200_000;
    const requests = quick ? 100 : 500;
    {
      const port = await freePort();
      log(`users list: seeding ${users.toLocaleString('en')} users on SQLite (first start)…`);
      const seedStarted = Date.now();
      const api = startApi(port, { DB_FILE: path.join(work, 'users.sqlite'), SEED_USERS: String(users) });
      stops.push(() => api.stop());
      await waitReady([api.url], 900_000, () => api.child.exitCode === null);
      const seedSeconds = round((Date.now() - seedStarted) / 1000);
      const figures = await usersList(api.url, await adminToken(api.url), requests);
      result.usersList200k.sqlite = { users, seedSeconds, ...figures };
      log(
        `users list at ${users.toLocaleString('en')} users, SQLite: p50 ${figures.p50} ms, p95 ${figures.p95} ms (${figures.requests} requests, seeded in ${seedSeconds} s)`,
      );
      for (const stop of stops.splice(0).reverse()) await stop();
    }
    {
      const cluster = startCluster({ dir: path.join(root, '.postgres'), database: `bench_${process.pid}` });
      // Stopped with the rest (the checkout's cluster keeps its data for the next start).
      stops.push(async () => cluster.stop());
      const port = await freePort();
      log(`users list: seeding ${users.toLocaleString('en')} users on PostgreSQL (first start)…`);
      const seedStarted = Date.now();
      const api = startApi(port, { DATABASE_URL: cluster.url, SEED_USERS: String(users) });
      stops.push(() => api.stop());
      await waitReady([api.url], 900_000, () => api.child.exitCode === null);
      const seedSeconds = round((Date.now() - seedStarted) / 1000);
      const figures = await usersList(api.url, await adminToken(api.url), requests);
      result.usersList200k.postgres = { users, seedSeconds, ...figures };
      log(
        `users list at ${users.toLocaleString('en')} users, PostgreSQL: p50 ${figures.p50} ms, p95 ${figures.p95} ms (${figures.requests} requests, seeded in ${seedSeconds} s)`,
      );
    }
    return result;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
