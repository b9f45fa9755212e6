// `pnpm start`: builds what is missing, then serves the production builds on the DESIGN ports
// with the built api (`node api/dist/main.js`, seeded on first start). `--rebuild` builds every app again first;
// `--nginx` serves the apps through Debian's nginx (installed with apt when missing) instead of the
// Node static server.
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apps, API_PORT } from './apps.mjs';
import { closeServer, serveStatic } from './serve-static.mjs';
import { servePanelWithNginx } from './nginx/panel.mjs';
import { ensureNginx } from './nginx/run.mjs';

const root = path.join(import.meta.dirname, '..');
const rebuild = process.argv.includes('--rebuild');
const nginx = process.argv.includes('--nginx');
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
const api = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(API_PORT),
    NODE_ENV: process.env.API_NODE_ENV ?? 'development',
    DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1',
  },
});
api.on('exit', (code) => {
  console.error(`[start] api exited (${code})`);
  process.exit(code ?? 1);
});

// Serve the panel only once the api answers, so a test runner waiting on the host finds both up.
async function waitForApi(timeoutMs = 120_000) {
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
await waitForApi();

let stopping = false;
const servers = nginx
  ? [await servePanelWithNginx()]
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

// The sample applications signing in through the SSO (examples/, docs/single-sign-on.md): HRIS on
// 3101, Inventory on 3102. Their clients exist in the development seed only.
const samples = ['hris', 'inventory'].map((name) => {
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

async function stop() {
  stopping = true;
  api.kill('SIGTERM');
  for (const sample of samples) sample.kill('SIGTERM');
  await Promise.all(servers.map((server) => ('stop' in server ? server.stop() : closeServer(server))));
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
