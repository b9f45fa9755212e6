import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv } from './support/env';

const root = path.join(import.meta.dirname, '..');

/**
 * End-to-end tests against the production builds and the real api (DESIGN "Tests"), in Debian's
 * Chromium: never a browser download.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/e2e.json') }]],
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: 'http://localhost:3000/config.json',
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    env: e2eEnv,
  },
});
