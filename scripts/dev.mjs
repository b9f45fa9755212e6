// `pnpm dev`: the api (watch mode) and every app's dev server, on the DESIGN ports.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apps, API_PORT } from './apps.mjs';

const root = path.join(import.meta.dirname, '..');
const children = [
  spawn('pnpm', ['--filter', '@sso/api', 'dev'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(API_PORT), DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1' },
  }),
  ...apps.map((app) => spawn('pnpm', ['--filter', app.dir, 'dev'], { cwd: root, stdio: 'inherit' })),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
