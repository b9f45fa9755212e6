import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv } from './support/env';
import type { StaticServer } from './support/test-stack';

const root = path.join(import.meta.dirname, '..');

/**
 * Which server the apps run behind: the Node static server, or (E2E_SERVER=nginx) Debian's nginx
 * with the generated configuration (`./panel start --nginx`, ADR 0012). The two bind the same ports,
 * so each is its own run: `scripts/test-all.mjs` runs both.
 */
const server: StaticServer = process.env.E2E_SERVER === 'nginx' ? 'nginx' : 'node';

/**
 * What the nginx run covers (matched against "project file describe… title"): signing in by NIK, the users list and a deep link, a role edit, every
 * federation spec (remotes deployed, stopped, hung and redeployed behind nginx), the headers and
 * releases (nginx.spec.ts), the prerendered sign-in screens (prerendered.spec.ts).
 */
const NGINX_TESTS = [
  /login by NIK signs in through the whole chain/,
  /users list: columns/,
  /users URL state/,
  /users Edit User: /,
  /role management edits a role from the list/,
  /federation\.spec\.ts /,
  /nginx\.spec\.ts /,
  // Single sign-on with the sample applications (the panel behind nginx, the api and issuer direct).
  /sso\.spec\.ts /,
  /prerendered\.spec\.ts /,
];

/**
 * End-to-end tests against the production builds and the real api (DESIGN "Tests"), in Debian's
 * Chromium: never a browser download.
 */
export default defineConfig<{ server: StaticServer }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: path.join(root, `test-results/${server === 'nginx' ? 'e2e-nginx' : 'e2e'}.json`) },
    ],
  ],
  outputDir: path.join(root, `test-results/${server === 'nginx' ? 'e2e-nginx' : 'e2e'}-artifacts`),
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects:
    server === 'nginx'
      ? [{ name: 'nginx', use: { server }, grep: NGINX_TESTS }]
      : [{ name: 'node', use: { server }, testIgnore: 'nginx.spec.ts' }],
  webServer: {
    command: server === 'nginx' ? 'node scripts/start.mjs --nginx' : 'node scripts/start.mjs',
    cwd: root,
    url: 'http://localhost:3000/config.json',
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    env: e2eEnv,
  },
});
