import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv } from './support/env';
import type { StaticServer } from './support/test-stack';

const root = path.join(import.meta.dirname, '..');

/**
 * Which server the apps run behind: the Node static server, or (E2E_SERVER=nginx) Debian's nginx
 * with the generated configuration (`./panel start --nginx`, ADR 0012). The two bind the same ports,
 * so each is its own run: `scripts/test-all.mjs` runs both. E2E_SERVER=scale is the nginx run
 * against two api instances behind that nginx (`./panel start --scale 2`, ADR 0028), on PostgreSQL,
 * or on the instances' shared SQLite file with E2E_SCALE_STORE=sqlite.
 */
const run =
  process.env.E2E_SERVER === 'scale' ? 'scale' : process.env.E2E_SERVER === 'nginx' ? 'nginx' : 'node';
const server: StaticServer = run === 'node' ? 'node' : 'nginx';
const scaleStore = process.env.E2E_SCALE_STORE === 'sqlite' ? 'sqlite' : 'postgres';

/**
 * What both runs behind nginx cover (matched against "project file describe… title"): signing in by
 * NIK, the users list and a deep link, a user and a role edit, every federation spec (remotes
 * deployed, stopped, hung and redeployed behind nginx), single sign-on with the sample applications
 * (the panel behind nginx, the api and issuer direct).
 */
const BEHIND_NGINX_TESTS = [
  /login by NIK signs in through the whole chain/,
  /users list: columns/,
  /users URL state/,
  /users Edit User: /,
  /role management edits a role from the list/,
  /federation\.spec\.ts /,
  /sso\.spec\.ts /,
];

/** The nginx run adds the headers and releases (nginx.spec.ts) and the prerendered sign-in screens. */
const NGINX_TESTS = [...BEHIND_NGINX_TESTS, /nginx\.spec\.ts /, /prerendered\.spec\.ts /];

/** The run against several instances: each request of those tests answered by either instance. */
const SCALE_TESTS = BEHIND_NGINX_TESTS;

const command = {
  node: 'node scripts/start.mjs',
  nginx: 'node scripts/start.mjs --nginx',
  scale: `node scripts/start.mjs --scale 2${scaleStore === 'sqlite' ? ' --store sqlite' : ''}`,
}[run];
const report = { node: 'e2e', nginx: 'e2e-nginx', scale: 'e2e-scale' }[run];

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
  reporter: [['list'], ['json', { outputFile: path.join(root, `test-results/${report}.json`) }]],
  outputDir: path.join(root, `test-results/${report}-artifacts`),
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects:
    run === 'scale'
      ? [{ name: `scale-${scaleStore}`, use: { server }, grep: SCALE_TESTS }]
      : server === 'nginx'
        ? [{ name: 'nginx', use: { server }, grep: NGINX_TESTS }]
        : [{ name: 'node', use: { server }, testIgnore: 'nginx.spec.ts' }],
  webServer: {
    command,
    cwd: root,
    url: 'http://localhost:3000/config.json',
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    // Stopped as Ctrl-C stops it (scripts/start.mjs drains the api, stops nginx and, with --scale,
    // the PostgreSQL cluster it started), not killed: a killed start leaves the cluster running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    // A database of the run's own on the checkout's PostgreSQL cluster (`.postgres/`).
    env: run === 'scale' ? { ...e2eEnv, SCALE_DATABASE: `sso_e2e_${process.pid}` } : e2eEnv,
  },
});
