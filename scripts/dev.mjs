// `pnpm dev`: the api (watch mode) and every app's dev server, on the DESIGN ports, with React Fast
// Refresh. `node scripts/dev.mjs remote-users` (what `pnpm --filter remote-users dev` runs): that app
// alone, on its standalone page, with the api started too unless one already answers.
import './lib/node-check.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apps, API_PORT } from './apps.mjs';

const root = path.join(import.meta.dirname, '..');
const only = process.argv[2];
const selected = only ? apps.filter((app) => app.dir === only) : apps;
if (selected.length === 0) {
  console.error(`[dev] unknown app '${only}': one of ${apps.map((app) => app.dir).join(', ')}`);
  process.exit(2);
}

async function apiAnswers() {
  try {
    return (await fetch(`http://127.0.0.1:${API_PORT}/health`)).ok;
  } catch {
    return false;
  }
}

// Each child leads its own process group, so stopping reaches what it started (tsx, rspack).
const run = (command, args, options) =>
  spawn(command, args, { stdio: 'inherit', detached: true, ...options });
const rspack = path.join(root, 'node_modules', '.bin', 'rspack');

const startApi = !(await apiAnswers());
if (!startApi) console.log(`[dev] using the api already answering on port ${API_PORT}`);
const children = [
  ...(startApi
    ? [
        run('pnpm', ['--filter', '@sso/api', 'dev'], {
          cwd: root,
          env: { ...process.env, PORT: String(API_PORT), DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1' },
        }),
      ]
    : []),
  ...selected.map((app) => run(rspack, ['serve'], { cwd: path.join(root, app.dir) })),
];
for (const app of selected) console.log(`[dev] ${app.dir}: http://localhost:${app.port}`);
const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
