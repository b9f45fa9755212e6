// `pnpm test` / `./panel test`: typecheck, lint, format, unit tests (the api's a second time on
// PostgreSQL), production builds, end-to-end tests in Chromium (behind the Node static server, then
// behind nginx), and a quick run of the bench. Every step runs even after a failure, so one run
// shows everything. The last line is the plain total: `N passed, N failed`, where passed counts the
// unit and end-to-end tests that passed, and failed counts the tests that failed plus every other
// step that failed (typecheck, lint, format, build, bench, or a test runner that reported nothing).
import './lib/node-check.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apps } from './apps.mjs';

const root = path.join(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const jestReport = path.join(results, 'jest.json');
// The api's tests again with every test app on a throwaway PostgreSQL cluster (TEST_STORE, ADR 0026).
const jestPostgresReport = path.join(results, 'jest-postgres.json');
// The end-to-end run behind the Node static server, the one behind nginx (ADR 0012), and the one
// against two api instances behind nginx on PostgreSQL (ADR 0028; E2E_SCALE=0 leaves it out,
// E2E_SCALE_STORE=sqlite runs it on a shared SQLite file instead).
const scaleRun = process.env.E2E_SCALE !== '0' || process.argv.slice(2).includes('e2e-scale');
const e2eReports = {
  e2e: path.join(results, 'e2e.json'),
  'e2e-nginx': path.join(results, 'e2e-nginx.json'),
  ...(scaleRun ? { 'e2e-scale': path.join(results, 'e2e-scale.json') } : {}),
};
for (const file of [jestReport, jestPostgresReport, ...Object.values(e2eReports)])
  fs.rmSync(file, { force: true });

const only = process.argv.slice(2);
const steps = [
  ['typecheck', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'pnpm', ['exec', 'eslint', '.', '--max-warnings=0']],
  ['format', 'pnpm', ['exec', 'prettier', '--check', '.', '--log-level', 'warn']],
  ['unit', 'pnpm', ['exec', 'jest', '-c', 'jest.config.cjs', '--json', `--outputFile=${jestReport}`]],
  [
    'unit-postgres',
    'pnpm',
    [
      'exec',
      'jest',
      '-c',
      'jest.config.cjs',
      '--selectProjects',
      'api',
      '--json',
      `--outputFile=${jestPostgresReport}`,
    ],
    { TEST_STORE: 'postgres' },
  ],
  [
    'build',
    'pnpm',
    ['-r', '--filter', './api', ...apps.flatMap((app) => ['--filter', `./${app.dir}`]), 'run', 'build'],
  ],
  ['e2e', 'pnpm', ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts']],
  [
    'e2e-nginx',
    'pnpm',
    ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { E2E_SERVER: 'nginx' },
  ],
  ...(scaleRun
    ? [
        [
          'e2e-scale',
          'pnpm',
          ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
          { E2E_SERVER: 'scale' },
        ],
      ]
    : []),
  // Holds the deterministic budgets (JS bytes and requests of /login, bytes added by /user-management,
  // React copies): exceeding one fails this step. Timings are reported only.
  ['bench', 'node', ['scripts/bench.mjs', '--quick']],
].filter(([name]) => only.length === 0 || only.includes(name));

if (!scaleRun) console.log('e2e-scale: off (E2E_SCALE=0; ADR 0028)');
const failedSteps = [];
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failedSteps.push(name);
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : `FAILED (${result.status})`} in ${seconds}s`);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
/** Failed tests each step's report counted (a failed test step with none counted is one failure). */
const testFailures = { unit: 0, 'unit-postgres': 0, e2e: 0, 'e2e-nginx': 0, 'e2e-scale': 0 };
for (const [step, report] of [
  ['unit', jestReport],
  ['unit-postgres', jestPostgresReport],
]) {
  const jest = readJson(report);
  if (!jest) continue;
  passed += jest.numPassedTests ?? 0;
  testFailures[step] = (jest.numFailedTests ?? 0) + (jest.numRuntimeErrorTestSuites ?? 0);
  console.log(`${step}: ${jest.numPassedTests} passed, ${jest.numFailedTests} failed`);
}
for (const [step, report] of Object.entries(e2eReports)) {
  const e2e = readJson(report);
  if (!e2e?.stats) continue;
  // A test that passed on its retry counts as passed (flaky), one that never passed as failed.
  const ok = (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  testFailures[step] = e2e.stats.unexpected ?? 0;
  passed += ok;
  console.log(
    `${step}: ${ok} passed (${e2e.stats.flaky ?? 0} flaky), ${testFailures[step]} failed, ${e2e.stats.skipped ?? 0} skipped`,
  );
}
failed += Object.values(testFailures).reduce((sum, n) => sum + n, 0);
for (const step of failedSteps) if (!(testFailures[step] > 0)) failed += 1;
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
