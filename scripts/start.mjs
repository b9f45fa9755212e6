// `pnpm start`: builds what is missing, then serves the production builds on the DESIGN ports
// with the built api (`node api/dist/main.js`, seeded on first start). `--rebuild` builds every app again first;
// `--nginx` serves the apps through Debian's nginx (installed with apt when missing) instead of the
// Node static server. `--scale N` runs N api instances (ports 4001…) on one database behind that
// nginx, which holds the api's port 4000 (ADR 0028, docs/postgresql-and-several-instances.md): the
// database is PostgreSQL (a cluster in `.postgres/`, installed with apt when missing), or with
// `--store sqlite` the SQLite file shared by the instances on this machine.
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apps, API_PORT } from './apps.mjs';
import { closeServer, serveStatic } from './serve-static.mjs';
import { servePanelWithNginx, writePanelConfig } from './nginx/panel.mjs';
import { ensureNginx } from './nginx/run.mjs';
import { shownUrl, startCluster } from './postgres/cluster.mjs';
import {
  PASSIVE_CHECK,
  instanceUrl,
  startInstance,
  superviseReadiness,
  waitReady,
} from './scale/instances.mjs';

const root = path.join(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    rebuild: { type: 'boolean' },
    nginx: { type: 'boolean' },
    scale: { type: 'string' },
    store: { type: 'string' },
  },
});
const rebuild = flags.rebuild === true;
const scale = flags.scale === undefined ? 0 : Number(flags.scale);
const store = flags.store ?? 'postgres';
if (flags.scale !== undefined && !(Number.isInteger(scale) && scale >= 1 && scale <= 8)) {
  console.error('[start] --scale takes a number of api instances from 1 to 8, e.g. --scale 2');
  process.exit(2);
}
if (!['postgres', 'sqlite'].includes(store) || (flags.store !== undefined && scale === 0)) {
  console.error('[start] --store is postgres (the default) or sqlite, with --scale N');
  process.exit(2);
}
// Several instances are one upstream group of nginx: --scale implies --nginx.
const nginx = flags.nginx === true || scale > 0;
if (nginx) ensureNginx();

for (const app of apps) {
  const dist = path.join(root, app.dir, 'dist');
  // The host deploys a page; a remote deploys a container (its manifest), ADR 0005.
  const marker = app.spa ? 'index.html' : 'mf-manifest.json';
  if (rebuild || !fs.existsSync(path.join(dist, marker))) {
    console.log(`[start] building ${app.dir}…`);
    const result = spawnSync('pnpm', ['--filter', app.dir, 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The api as production runs it: the JavaScript bundle in api/dist (built every time: it takes well
// under a second, and a bundle older than the sources is never served).
console.log('[start] building api…');
const apiBuild = spawnSync('pnpm', ['--filter', '@sso/api', 'build'], { cwd: root, stdio: 'inherit' });
if (apiBuild.status !== 0) process.exit(apiBuild.status ?? 1);
const apiEnv = {
  NODE_ENV: process.env.API_NODE_ENV ?? 'development',
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1',
};
let stopping = false;
let servers = [];
let samples = [];
let supervisor = null;
/** Whether an api process still runs (not exited, not ended by a signal). */
const running = (it) => it.child.exitCode === null && it.child.signalCode === null;
/** The api processes: one on API_PORT, or `--scale N` instances behind nginx. */
const instances = [];
let cluster = null;
if (scale === 0) {
  const api = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'api'),
    stdio: 'inherit',
    env: { ...process.env, ...apiEnv, PORT: String(API_PORT) },
  });
  api.on('exit', (code) => {
    console.error(`[start] api exited (${code})`);
    process.exit(code ?? 1);
  });
  instances.push({ child: api, url: `http://127.0.0.1:${API_PORT}` });
} else {
  const shared = {
    ...apiEnv,
    // The address everything uses stays nginx's; it is the one proxy the instances trust for the
    // client's address (X-Forwarded-For), so throttles count per real client.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${API_PORT}`,
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
  };
  if (store === 'postgres') {
    cluster = startCluster({
      dir: path.join(root, '.postgres'),
      database: process.env.SCALE_DATABASE ?? 'sso',
    });
    shared.DATABASE_URL = cluster.url;
    console.log(`[start] DATABASE_URL=${shownUrl(cluster.url)}`);
  } else {
    delete process.env.DATABASE_URL;
    console.log(
      `[start] --store sqlite: ${scale} instances share ${process.env.DB_FILE ?? 'api/.data/sso.sqlite'}`,
    );
  }
  // The first instance starts alone, the others once it is ready: the api migrates under a lock
  // (an advisory lock on PostgreSQL, SQLite's write lock), but its first-start seed and its
  // generated token secret are not yet safe against a second process doing the same at once (two
  // instances on an empty SQLite file: UNIQUE constraint failed in the seed). On a database already
  // seeded, the order costs one start's time.
  /** Starts instance `i`; one that exits on its own after a minute of running is started again. */
  const launch = (i) => {
    const port = Number(new URL(instanceUrl(API_PORT, i)).port);
    const instance = startInstance({
      apiDir: path.join(root, 'api'),
      port,
      env: shared,
      name: `api-${i + 1}`,
    });
    const started = Date.now();
    instance.restarting = false;
    void instance.exited.then((code) => {
      if (stopping || instance.restarting) return;
      const again = Date.now() - started > 60_000;
      console.error(
        `[start] ${instance.name} (port ${port}) exited (${code})${instances.some((it) => it !== instance && running(it)) ? '; the others keep serving behind nginx' : ''}${again ? '; starting it again' : ''}`,
      );
      if (again) {
        setTimeout(() => stopping || (instances[i] = launch(i)), 1000);
      } else if (instances.every((it) => !running(it))) {
        if (store === 'postgres') {
          console.error(
            '[start] every instance exited; if the api said DATABASE_URL is not accepted yet, use --store sqlite',
          );
        }
        void stop(1);
      }
    });
    return instance;
  };
  // The first instance starts alone, the others once it is ready: the api migrates under a lock
  // (an advisory lock on PostgreSQL, SQLite's write lock), but its first-start seed and its
  // generated token secret are not yet safe against a second process doing the same at once (two
  // instances on an empty SQLite file: UNIQUE constraint failed in the seed). On a database already
  // seeded, the order costs one start's time.
  for (let i = 0; i < scale; i += 1) {
    const instance = launch(i);
    instances.push(instance);
    if (i === 0) {
      try {
        await waitReady([instance.url], 120_000, () => running(instance));
      } catch (error) {
        console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
        await stop(1);
      }
    }
  }
  // SIGHUP: a rolling restart (a deploy of a new api build): one instance at a time is drained
  // (SIGTERM, ADR 0023), started again and waited for before the next, so one always serves.
  let rolling = false;
  process.on('SIGHUP', () => {
    if (rolling || stopping) return;
    rolling = true;
    void (async () => {
      for (let i = 0; i < instances.length; i += 1) {
        const old = instances[i];
        console.log(`[start] rolling restart: ${old.name}`);
        old.restarting = true;
        old.child.kill('SIGTERM');
        await old.exited;
        if (stopping) break;
        instances[i] = launch(i);
        await waitReady([instances[i].url], 120_000).catch((error) =>
          console.error(`[start] ${error.message}`),
        );
      }
      console.log('[start] rolling restart done');
      rolling = false;
    })();
  });
}

// Serve the panel only once the api answers, so a test runner waiting on the host finds both up.
async function waitForApi(timeoutMs = 120_000) {
  if (scale > 0) {
    await waitReady(
      instances.map((it) => it.url),
      timeoutMs,
      () => instances.every((it) => running(it)),
    );
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${API_PORT}/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`api did not answer on port ${API_PORT}`);
}
try {
  await waitForApi();
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

/** With --scale, nginx proxies the api's port to the instances (ADR 0028). */
const apiProxy = (down = []) => ({
  name: 'api',
  port: API_PORT,
  upstream: instances.map((it) => it.url),
  down,
  passive: PASSIVE_CHECK,
});
servers = nginx
  ? [await servePanelWithNginx(scale > 0 ? [apiProxy()] : [])]
  : await Promise.all(
      apps.map((app) => serveStatic({ dir: path.join(root, app.dir, 'dist'), port: app.port, spa: app.spa })),
    );
for (const server of servers) {
  void server.exited?.then((code) => {
    if (stopping) return;
    console.error(`[start] nginx exited (${code}); its log: .nginx/error.log`);
    process.exit(1);
  });
}
for (const app of apps)
  console.log(`[start] ${app.dir} on http://localhost:${app.port}${nginx ? ' (nginx)' : ''}`);
console.log(`[start] panel ready: http://localhost:3000 (api http://localhost:${API_PORT})`);
if (scale > 0) {
  console.log(
    `[start] api: ${scale} instances (${instances.map((it) => it.url).join(', ')}) behind nginx on http://localhost:${API_PORT}, ${store === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
  );
  const [panelNginx] = servers;
  supervisor = superviseReadiness({
    urls: instances.map((it) => it.url),
    apply: async (down) => {
      writePanelConfig([apiProxy(down)]);
      await panelNginx.reload();
    },
  });
}

// The sample applications signing in through the SSO (examples/, docs/single-sign-on.md): HRIS on
// 3101, Inventory on 3102. Their clients exist in the development seed only.
samples = ['hris', 'inventory'].map((name) => {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: path.join(root, 'examples', name),
    stdio: 'inherit',
    env: { ...process.env, OIDC_ISSUER: process.env.OIDC_ISSUER ?? `http://localhost:${API_PORT}/oidc` },
  });
  child.on('exit', (code) => {
    if (!stopping) console.error(`[start] sample ${name} exited (${code})`);
  });
  return child;
});

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  supervisor?.stop();
  for (const sample of samples) sample.kill('SIGTERM');
  // Each instance drains (ADR 0023) while nginx still passes its refused requests to the others.
  for (const it of instances) if (running(it)) it.child.kill('SIGTERM');
  await Promise.all(
    instances.map((it) => (running(it) ? new Promise((r) => it.child.once('exit', r)) : undefined)),
  );
  await Promise.all(servers.map((server) => ('stop' in server ? server.stop() : closeServer(server))));
  cluster?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
