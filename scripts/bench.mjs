// `pnpm bench [--quick]`: builds everything for production, starts the api with 10,000 users, serves
// the apps as `pnpm start` does (on bench ports, beside any running stack), drives Chromium, and
// writes bench/report.json with a table of figures, ratios to a bare-React baseline, and budgets.
// `node scripts/bench.mjs --only api [--quick]`: no builds, no browser, no report file: starts the api
// with 10,000 users, loads health and the users list, and prints those figures and budgets.
// Timings are reported, never asserted by tests (DESIGN "Performance"). Budgets on bytes, requests and React
// copies are deterministic and held: a run (`--quick` in CI too) that exceeds one exits with 1.
import './lib/node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addSessionInitScript, demoAdminSession, launchChromium } from './lib/browser-kit.mjs';
import { APPS, appSizes, sizeTable, sourceMapReport } from './bundle-sizes.mjs';
import { measureRawScrypt, measureSignIns, measureUnknownVsWrong } from './lib/bench-sign-in.mjs';
import { peakRssMB, percentile, round } from './lib/bench-figures.mjs';
import { lighthouseRuns } from './lib/bench-lighthouse.mjs';
import { measureOidc, measureRoundTrip } from './lib/bench-oidc.mjs';
import { closeServer, serveStatic } from './serve-static.mjs';
import { bulkBudgets, bulkRows, measureBulkImport } from './lib/bench-bulk.mjs';
import { accessMapBudgets, accessMapRows, measureAccessMap } from './lib/bench-access-map.mjs';
import { measureSoak, soakBudgets, soakRows } from './lib/bench-soak.mjs';

const root = path.join(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && only !== 'api' && only !== 'scale') {
  console.error(`[bench] --only accepts 'api' or 'scale' (got ${only ?? 'nothing'})`);
  process.exit(2);
}
// `--only scale`: the several-instance figures alone (issue 35, scripts/lib/bench-scale.mjs).
if (only === 'scale') {
  const { measureScale } = await import('./lib/bench-scale.mjs');
  console.log(JSON.stringify(await measureScale({ quick: process.argv.includes('--quick') }), null, 2));
  process.exit(0);
}
const onlyApi = only === 'api';
const REPS = quick ? 1 : 5;
const LOAD_SECONDS = quick ? 2 : 10;
const PORTS = {
  api: 4100,
  host: 3200,
  auth: 3201,
  users: 3202,
  roles: 3203,
  baseline: 3204,
  apps: 3205,
  audit: 3206,
};
const origin = (port) => `http://localhost:${port}`;
const API = `${origin(PORTS.api)}/api/v1/sso`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const log = (...a) => console.log('[bench]', ...a);

// 1. Clean production builds of all apps (wall time), then the baseline.
const appDirs = ['host', 'remote-auth', 'remote-users', 'remote-roles', 'remote-apps', 'remote-audit'];
const rspackBin = path.join(root, 'node_modules', '.bin', 'rspack');
function build(dir) {
  fs.rmSync(path.join(root, dir, 'dist'), { recursive: true, force: true });
  const r = spawnSync(rspackBin, ['build', '--env', 'production'], {
    cwd: path.join(root, dir),
    stdio: 'pipe',
  });
  if (r.status !== 0) throw new Error(`build of ${dir} failed:\n${r.stdout}\n${r.stderr}`);
  // The auth remote's build also prerenders its sign-in screens (ADR 0016), as its `build` script does.
  if (fs.existsSync(path.join(root, dir, 'prerender.mjs'))) {
    const p = spawnSync(process.execPath, ['prerender.mjs'], { cwd: path.join(root, dir), stdio: 'pipe' });
    if (p.status !== 0) throw new Error(`prerender of ${dir} failed:\n${p.stdout}\n${p.stderr}`);
  }
}
let buildSeconds = NaN;
if (!onlyApi) {
  log('building all apps (clean)…');
  const started = Date.now();
  for (const dir of appDirs) build(dir);
  buildSeconds = (Date.now() - started) / 1000;
  build('bench/baseline');
}

// 2. The api with a large seed, on its own database and port.
const dbFile = path.join(os.tmpdir(), `sso-bench-${process.pid}.sqlite`);
log('starting the api with 10,000 users…');
const apiBuild = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'api'), stdio: 'pipe' });
if (apiBuild.status !== 0) throw new Error(`build of api failed:\n${apiBuild.stdout}\n${apiBuild.stderr}`);
const api = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(root, 'api'),
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORTS.api),
    DB_FILE: dbFile,
    SEED_USERS: '10000',
    PUBLIC_URL: origin(PORTS.api),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CORS_ORIGINS: [origin(PORTS.host), `http://127.0.0.1:${PORTS.host}`].join(','),
    // The sign-in figures send many logins (and wrong passwords) from this one address.
    AUTH_MAX_FAILURES_PER_ADDRESS: '1000000',
  },
});
const apiExited = new Promise((resolve) => api.once('exit', resolve));
const cleanups = [
  async () => {
    // Stop the api and let it close the database before its files (WAL and shared memory too) go.
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
    await Promise.race([apiExited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  },
  async () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  },
];
async function waitFor(url, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

// 3. Serve the builds as `pnpm start` does, with a bench registry.
const configFile = path.join(os.tmpdir(), `sso-bench-config-${process.pid}.json`);
fs.writeFileSync(
  configFile,
  JSON.stringify({
    apiBaseUrl: origin(PORTS.api),
    productName: 'SSO Admin Panel',
    remotes: [
      { name: 'auth', entry: `${origin(PORTS.auth)}/mf-manifest.json` },
      { name: 'users', entry: `${origin(PORTS.users)}/mf-manifest.json` },
      { name: 'roles', entry: `${origin(PORTS.roles)}/mf-manifest.json` },
      { name: 'apps', entry: `${origin(PORTS.apps)}/mf-manifest.json` },
      { name: 'audit', entry: `${origin(PORTS.audit)}/mf-manifest.json` },
    ],
  }),
);
cleanups.push(async () => fs.rmSync(configFile, { force: true }));
const servers = onlyApi
  ? []
  : await Promise.all([
      serveStatic({ dir: path.join(root, 'host/dist'), port: PORTS.host, spa: true, configFile }),
      serveStatic({ dir: path.join(root, 'remote-auth/dist'), port: PORTS.auth }),
      serveStatic({ dir: path.join(root, 'remote-users/dist'), port: PORTS.users }),
      serveStatic({ dir: path.join(root, 'remote-roles/dist'), port: PORTS.roles }),
      serveStatic({ dir: path.join(root, 'remote-apps/dist'), port: PORTS.apps }),
      serveStatic({ dir: path.join(root, 'remote-audit/dist'), port: PORTS.audit }),
      serveStatic({ dir: path.join(root, 'bench/baseline/dist'), port: PORTS.baseline, spa: true }),
    ]);
cleanups.push(async () => Promise.all(servers.map(closeServer)));

/** Health and the users list under load: 10 keep-alive connections per endpoint, one after another. */
async function loadApi(token) {
  log(`api load: ${LOAD_SECONDS}s at 10 connections per endpoint…`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  function load(url, headers = {}) {
    const latencies = [];
    let errors = 0;
    const end = Date.now() + LOAD_SECONDS * 1000;
    const once = () =>
      new Promise((resolve) => {
        const t = process.hrtime.bigint();
        const req = http.get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors += 1;
            latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
            resolve();
          });
        });
        req.on('error', () => {
          errors += 1;
          resolve();
        });
      });
    const worker = async () => {
      while (Date.now() < end) await once();
    };
    const t0 = Date.now();
    return Promise.all(Array.from({ length: 10 }, worker)).then(() => ({
      p50: round(percentile(latencies, 50), 2),
      p95: round(percentile(latencies, 95), 2),
      rps: Math.round(latencies.length / ((Date.now() - t0) / 1000)),
      errors,
    }));
  }
  const auth = { authorization: `Bearer ${token}` };
  const health = await load(`${origin(PORTS.api)}/health`);
  const usersListPage1 = await load(`${API}/api/v1/ap/users/list?page=1&perPage=10`, auth);
  const usersListKeyword = await load(`${API}/api/v1/ap/users/list?page=1&perPage=10&keyword=sari`, auth);
  const audit = await auditFigures(load, auth);
  agent.destroy();
  return { health, usersListPage1, usersListKeyword, audit };
}

/** Sign-ins at production scrypt cost, and the unknown-NIK vs wrong-password timing (issue 23). */
async function signInFigures() {
  log(`sign-ins: ${LOAD_SECONDS}s at 10 clients, then unknown NIK vs wrong password…`);
  const signIns = await measureSignIns(API, { seconds: LOAD_SECONDS });
  const timing = await measureUnknownVsWrong(API, { rounds: quick ? 5 : 15 });
  const rawScryptPerSecond = await measureRawScrypt({ seconds: quick ? 2 : 5 });
  const sso = await ssoFigures();
  return { signIns, timing, rawScryptPerSecond, apiPeakRssMB: peakRssMB(api.pid), sso };
}

/**
 * Single sign-on (issue 30): a client registered as App Management would (the bench's api has no
 * demo client), 10 clients signed in through the provider, then the token endpoint and userinfo.
 */
async function ssoFigures() {
  log(`single sign-on: token endpoint and userinfo, ${LOAD_SECONDS}s each at 10 clients…`);
  const registered = spawnSync(process.execPath, ['--import', 'tsx', 'src/oidc/bench-client.ts', dbFile], {
    cwd: path.join(root, 'api'),
    encoding: 'utf8',
  });
  if (registered.status !== 0) throw new Error(`bench client failed: ${registered.stderr}`);
  const figures = await measureOidc(origin(PORTS.api), API, { seconds: LOAD_SECONDS });
  log(`single sign-on: round trips to the callback, ${LOAD_SECONDS}s each at 10 browsers…`);
  return { ...figures, roundTrip: await measureRoundTrip(origin(PORTS.api), API, { seconds: LOAD_SECONDS }) };
}

/** Users in bulk (issue 33): a 10,000-row import checked and written, then the export; not with --quick. */
async function bulkFigures(token) {
  if (quick) return null;
  log('users in bulk: a 10,000-row file checked and imported, then the export…');
  return measureBulkImport(API, token, api.pid);
}

/** Peta Akses at 200,000 users (issue 32): its own database, in process; not with --quick. */
function accessMapFigures() {
  return quick ? null : measureAccessMap(root, log);
}

/** The api's memory over a soak of the write mix (issue 35): 10 minutes, 30 s with --quick. */
async function soakFigures(token) {
  const seconds = quick ? 30 : 600;
  log(`write soak: ${seconds}s of role writes at 4 clients and sign-ins at 1, the api's memory sampled…`);
  return measureSoak(
    API,
    token,
    api.pid,
    { nik: '100001', password: 'admin123', url: origin(PORTS.host) },
    { seconds },
  );
}

const signInRows = ({ signIns, timing, rawScryptPerSecond, apiPeakRssMB, sso }) => ({
  'sign-ins/s at 10 clients, p50/p95 ms': `${signIns.perSecond}, ${signIns.p50}/${signIns.p95}`,
  '  bare scrypt 2^17/s here (the ceiling)': rawScryptPerSecond,
  'unknown NIK / wrong password (ms)': `${timing.unknownMs} / ${timing.wrongMs} (${timing.ratio} ×)`,
  'api peak memory (MB)': apiPeakRssMB,
  'SSO token (refresh) p50/p95 ms, req/s': `${sso.token.p50}/${sso.token.p95}, ${sso.token.rps}`,
  'SSO userinfo p50/p95 ms, req/s': `${sso.userinfo.p50}/${sso.userinfo.p95}, ${sso.userinfo.rps}`,
  'SSO errors (token/userinfo)': `${sso.token.errors}/${sso.userinfo.errors}`,
  'SSO round trip, signed in (no form) p50/p95 ms': `${sso.roundTrip.signedIn.p50}/${sso.roundTrip.signedIn.p95}`,
  'SSO round trip, signing in (hash apart) p50/p95 ms': `${sso.roundTrip.signsIn.p50}/${sso.roundTrip.signsIn.p95}`,
  '  its sign-in with the password hash p50/p95 ms': `${sso.roundTrip.signInHash.p50}/${sso.roundTrip.signInHash.p95}`,
  'SSO round trip errors': `${sso.roundTrip.errors} ${JSON.stringify(sso.roundTrip.reasons)}`,
});

const signInBudgets = ({ signIns, timing }) => [
  ['sign-ins ≥ 5/s (10 clients, scrypt 2^17)', signIns.perSecond >= 5, `${signIns.perSecond}/s`],
  [
    'unknown NIK time within 2 × wrong password',
    timing.ratio >= 0.5 && timing.ratio <= 2,
    `${timing.ratio} ×`,
  ],
];

/** Log Aktivitas events seeded for the bench: a million (100,000 with --quick, as CI runs it). */
const AUDIT_EVENTS = quick ? 100_000 : 1_000_000;

/**
 * Log Aktivitas at scale: seeds the events into the running api's database (bulk insert), then the
 * list under load with each filter, and what recording adds to an admin write (api/src/audit/bench-events.ts).
 */
async function auditFigures(load, auth) {
  log(`seeding ${AUDIT_EVENTS.toLocaleString('en')} Log Aktivitas events…`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/audit/bench-events.ts', dbFile, String(AUDIT_EVENTS)],
    {
      cwd: path.join(root, 'api'),
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`audit seed failed: ${seeded.stderr}`);
  const { seedSeconds, write, sampleUser } = JSON.parse(seeded.stdout.trim().split('\n').pop() ?? '{}');
  const list = `${API}/api/v1/ap/audit/list?page=1&perPage=10`;
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const month = `&from=${day(Date.now() - 30 * 86_400_000)}&to=${day(Date.now())}`;
  return {
    events: AUDIT_EVENTS,
    seedSeconds,
    write,
    page1: await load(list, auth),
    result: await load(`${list}&result=refused`, auth),
    user: await load(`${list}&user=${sampleUser}`, auth),
    actionMonth: await load(`${list}&action=user.update${month}`, auth),
    kind: await load(`${list}&action=role`, auth),
    keyword: await load(`${list}&keyword=sari`, auth),
  };
}

const auditLine = (f) => `${f.p50}/${f.p95}, ${f.rps}`;
/** The Log Aktivitas figures as printed lines. */
const auditPrint = ({ audit }) => ({
  [`audit events seeded (s)`]: `${audit.events.toLocaleString('en')} in ${audit.seedSeconds}`,
  'audit list page 1 p50/p95 ms, req/s': auditLine(audit.page1),
  'audit list result p50/p95 ms, req/s': auditLine(audit.result),
  'audit list user p50/p95 ms, req/s': auditLine(audit.user),
  'audit list action+30d p50/p95, req/s': auditLine(audit.actionMonth),
  'audit list kind p50/p95 ms, req/s': auditLine(audit.kind),
  'audit list keyword p50/p95 ms, req/s': auditLine(audit.keyword),
  'audit write overhead p50/p95 ms': `${audit.write.p50}/${audit.write.p95}`,
});

const apiBudgets = ({ health, usersListPage1: listPage1, usersListKeyword: listSearch, audit }) => [
  ...[audit.page1, audit.result, audit.user, audit.actionMonth, audit.kind].map((f, i) => [
    `audit list p95 ≤ 20 ms (${['page 1', 'result', 'user', 'action + 30 days', 'kind'][i]})`,
    f.p95 <= 20,
    `${f.p95} ms`,
  ]),
  ['audit write overhead p95 ≤ 1 ms', audit.write.p95 <= 1, `${audit.write.p95} ms`],
  ['users list p95 ≤ 20 ms (page 1)', listPage1.p95 <= 20, `${listPage1.p95} ms`],
  ['users list p95 ≤ 20 ms (keyword)', listSearch.p95 <= 20, `${listSearch.p95} ms`],
  [
    'users list throughput ≥ 40% of health',
    listPage1.rps >= 0.4 * health.rps,
    `${round((100 * listPage1.rps) / health.rps)} %`,
  ],
];

/** `--only api`: the api figures and budgets, printed. */
async function mainApiOnly() {
  await waitFor(`${origin(PORTS.api)}/health`);
  // Admin routes take an app session's access token, as the panel sends it.
  const token = (await demoAdminSession(API, origin(PORTS.host))).access_token;
  const figures = await loadApi(token);
  const signIn = await signInFigures();
  const bulk = await bulkFigures(token);
  const soak = await soakFigures(token);
  const accessMap = accessMapFigures();
  console.log('\nfigure                                   value');
  for (const [k, v] of Object.entries({
    'health p50/p95 ms, req/s': `${figures.health.p50}/${figures.health.p95}, ${figures.health.rps}`,
    'users list p50/p95 ms, req/s': `${figures.usersListPage1.p50}/${figures.usersListPage1.p95}, ${figures.usersListPage1.rps}`,
    'users keyword p50/p95 ms, req/s': `${figures.usersListKeyword.p50}/${figures.usersListKeyword.p95}, ${figures.usersListKeyword.rps}`,
    'errors (health/list/keyword)': `${figures.health.errors}/${figures.usersListPage1.errors}/${figures.usersListKeyword.errors}`,
    ...auditPrint(figures),
    ...signInRows(signIn),
    ...bulkRows(bulk),
    ...soakRows(soak),
    ...accessMapRows(accessMap),
  }))
    console.log(`${k.padEnd(40)} ${v}`);
  console.log('\nbudget                                           value      result');
  for (const [name, pass, value] of [
    ...apiBudgets(figures),
    ...signInBudgets(signIn),
    ...bulkBudgets(bulk),
    ...soakBudgets(soak),
    ...accessMapBudgets(accessMap),
  ])
    console.log(`${name.padEnd(48)} ${String(value).padEnd(10)} ${pass ? 'pass' : 'FAIL'}`);
}

async function main() {
  await waitFor(`${origin(PORTS.api)}/health`);

  // A real session through the login chain, as the panel stores it.
  const session = await demoAdminSession(API, origin(PORTS.host));

  const browser = await launchChromium();
  cleanups.unshift(async () => browser.close());

  /**
   * A cold load in a fresh context: JS bytes (encoded, as served), requests, and the time at which
   * an element `selector` with text `text` first appears. The page clocks it itself (a mutation
   * observer from the first byte), so the driver's polling interval does not count. `ms` waits for
   * the element to be usable: shown by React, not by a prerendered screen still waiting for its
   * script (ADR 0016); `shownMs` is when it first appeared at all. Largest and first contentful
   * paint as the page's own performance entries report them.
   */
  async function coldLoad(url, { selector, text }, { withSession = false } = {}) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (withSession) {
      await addSessionInitScript(page, session);
    }
    await page.addInitScript(
      ([sel, txt]) => {
        const seen = () =>
          [...document.querySelectorAll(sel)].some(
            (el) => el.textContent.trim() === txt && el.getClientRects().length > 0,
          );
        const painted = () => document.querySelector('[data-sso-prerendered]') !== null;
        const observer = new MutationObserver(() => {
          if (window.__benchShownAt === undefined && seen()) window.__benchShownAt = performance.now();
          if (window.__benchReadyAt === undefined && seen() && !painted()) {
            window.__benchReadyAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
        window.__benchLcp = NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__benchLcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      },
      [selector, text],
    );
    const requests = [];
    page.on('requestfinished', (req) => requests.push(req));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: 30_000 });
    const ms = await page.evaluate(() => window.__benchReadyAt);
    await page.waitForLoadState('networkidle');
    const paints = await page.evaluate(() => ({
      shownMs: window.__benchShownAt,
      lcpMs: window.__benchLcp,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    let js = 0;
    for (const req of requests)
      if (req.resourceType() === 'script') js += (await req.sizes()).responseBodySize;
    await context.close();
    return { ms, ...paints, js, requests: requests.length };
  }

  log('baseline and /login cold loads…');
  const baseline = [];
  const loginRuns = [];
  // A first load in a fresh browser pays for starting its processes: warm up, then measure.
  await coldLoad(origin(PORTS.baseline), { selector: 'h1', text: 'Baseline' });
  for (let i = 0; i < REPS; i += 1) {
    baseline.push(await coldLoad(origin(PORTS.baseline), { selector: 'h1', text: 'Baseline' }));
    loginRuns.push(await coldLoad(`${origin(PORTS.host)}/login`, { selector: 'button', text: 'Masuk' }));
  }

  log('/user-management after login…');
  const navRuns = [];
  const rowRuns = [];
  let reactCopies = 0;
  for (let i = 0; i < REPS; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await addSessionInitScript(page, session);
    await page.addInitScript(() => {
      const renderers = [];
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        value: {
          renderers: new Map(),
          supportsFiber: true,
          inject: (r) => renderers.push(r.rendererPackageName),
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          onScheduleFiberRoot() {},
          checkDCE() {},
        },
      });
      Object.defineProperty(window, '__benchRenderers', { value: renderers });
      window.__benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__benchLongTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    navRuns.push(await clickFromHome(page, 'User Management'));

    // A 1,000-row page: from choosing the page size to the rows rendered; then scroll.
    const listResponse = page.waitForResponse(
      (r) => r.url().includes('/users/list') && r.url().includes('perPage=1000'),
    );
    // Clocked in the page: from the select's `change` event (the driver's own work before it does
    // not count) to two frames after the rows are in the DOM (painted), the rows seen by a mutation
    // observer as they arrive. The driver's wait-then-ask (its poll, two round trips, then two more
    // frames) used to add ~20-35 ms after the rows were painted; it is still reported, as
    // `driverClockedMs` (ADR 0006).
    await page.evaluate(() => {
      document.addEventListener('change', (event) => (window.__benchChangeAt = event.timeStamp), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('[role="row"], tr').length <= 11) return;
        observer.disconnect();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => (window.__benchRowsPaintedAt = performance.now())),
        );
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByLabel('Menampilkan').selectOption('1000');
    await listResponse;
    await page.waitForFunction(() => document.querySelectorAll('[role="row"], tr').length > 11);
    const driverS1 = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))),
        ),
    );
    const s1 = await (
      await page.waitForFunction(() => window.__benchRowsPaintedAt ?? false, null, { timeout: 30_000 })
    ).jsonValue();
    await page.evaluate(() => (window.__benchLongTasks.length = 0));
    const box = await page.getByRole('row').nth(5).boundingBox();
    if (box) await page.mouse.move(box.x + 20, box.y + 5);
    for (let step = 0; step < 60; step += 1) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(300);
    const longest = await page.evaluate(() => Math.max(0, ...window.__benchLongTasks));
    const s0 = await page.evaluate(() => window.__benchChangeAt);
    rowRuns.push({ ms: s1 - s0, driverClockedMs: driverS1 - s0, longestTaskMs: longest });
    reactCopies = Math.max(reactCopies, (await page.evaluate(() => window.__benchRenderers)).length);
    await context.close();
  }

  log('/app-management after login…');
  const appsNavRuns = [];
  for (let i = 0; i < REPS; i += 1) {
    appsNavRuns.push(await openFromHome(browser, session, 'App Management'));
  }

  // Lighthouse's mobile defaults, three runs each, side by side in this run (not in --quick: ~3 min).
  let lighthouse = null;
  if (!quick) {
    log('lighthouse (mobile defaults): baseline and /login, 3 runs each…');
    lighthouse = await lighthouseRuns(
      { baseline: origin(PORTS.baseline), login: `${origin(PORTS.host)}/login` },
      3,
    );
  }

  const apiFigures = await loadApi(session.access_token);
  const { health, usersListPage1: listPage1, usersListKeyword: listSearch } = apiFigures;
  const signIn = await signInFigures();
  const bulk = await bulkFigures(session.access_token);
  const soak = await soakFigures(session.access_token);
  const accessMap = accessMapFigures();
  const sourceMaps = sourceMapReport(APPS);

  // 4. Report.
  const kb = (b) => round(b / 1024, 1);
  const base = {
    jsKB: kb(median(baseline.map((r) => r.js))),
    firstRenderMs: round(median(baseline.map((r) => r.ms))),
    fcpMs: round(median(baseline.map((r) => r.fcpMs))),
    lcpMs: round(median(baseline.map((r) => r.lcpMs))),
  };
  const loginFig = {
    jsKB: kb(median(loginRuns.map((r) => r.js))),
    requests: median(loginRuns.map((r) => r.requests)),
    // Usable: React's form (the prerendered one is shown earlier, `masukShownMs`).
    masukVisibleMs: round(median(loginRuns.map((r) => r.ms))),
    masukShownMs: round(median(loginRuns.map((r) => r.shownMs))),
    fcpMs: round(median(loginRuns.map((r) => r.fcpMs))),
    lcpMs: round(median(loginRuns.map((r) => r.lcpMs))),
  };
  loginFig.jsRatio = round(loginFig.jsKB / base.jsKB, 2);
  loginFig.timeRatio = round(loginFig.masukVisibleMs / base.firstRenderMs, 2);
  loginFig.lcpRatio = round(loginFig.lcpMs / base.lcpMs, 2);
  const lh = lighthouse ? lighthouseSummary(lighthouse) : null;
  const navFig = {
    jsAddedKB: kb(median(navRuns.map((r) => r.js))),
    clickToRowsMs: round(median(navRuns.map((r) => r.ms))),
  };
  const appsNavFig = {
    jsAddedKB: kb(median(appsNavRuns.map((r) => r.js))),
    clickToRowsMs: round(median(appsNavRuns.map((r) => r.ms))),
  };
  const rowsFig = {
    renderMs: round(median(rowRuns.map((r) => r.ms))),
    driverClockedMs: round(median(rowRuns.map((r) => r.driverClockedMs))),
    longestScrollTaskMs: round(Math.max(...rowRuns.map((r) => r.longestTaskMs))),
  };
  // `held`: deterministic (bytes, requests, copies), so a run that exceeds it fails, `--quick` in CI
  // included. Timings vary from run to run on a shared machine: reported, never failing a run.
  const HELD = true;
  const budgets = [
    ['/login JS ≤ 130 KB (as served)', loginFig.jsKB <= 130, `${loginFig.jsKB} KB`, HELD],
    ['/login JS ≤ 2.2 × baseline', loginFig.jsRatio <= 2.2, `${loginFig.jsRatio} ×`],
    ['/login ≤ 15 requests', loginFig.requests <= 15, `${loginFig.requests}`, HELD],
    ['time to Masuk ≤ 1.5 × baseline first render', loginFig.timeRatio <= 1.5, `${loginFig.timeRatio} ×`],
    ['/login LCP ≤ 1.25 × baseline (in the page)', loginFig.lcpRatio <= 1.25, `${loginFig.lcpRatio} ×`],
    ...(lh ? lighthouseBudgets(lh) : []),
    ['/user-management adds ≤ 60 KB JS', navFig.jsAddedKB <= 60, `${navFig.jsAddedKB} KB`, HELD],
    ['/app-management adds ≤ 60 KB JS', appsNavFig.jsAddedKB <= 60, `${appsNavFig.jsAddedKB} KB`, HELD],
    ['1,000-row page ≤ 150 ms', rowsFig.renderMs <= 150, `${rowsFig.renderMs} ms`],
    [
      'no task > 200 ms while scrolling',
      rowsFig.longestScrollTaskMs <= 200,
      `${rowsFig.longestScrollTaskMs} ms`,
    ],
    ['React copies = 1', reactCopies === 1, `${reactCopies}`, HELD],
    ['full build ≤ 20 s', buildSeconds <= 20, `${round(buildSeconds)} s`],
    ...apiBudgets(apiFigures),
    ...signInBudgets(signIn),
    ...bulkBudgets(bulk),
    ...soakBudgets(soak),
    ...accessMapBudgets(accessMap),
    ['no source map served from any dist', sourceMaps.ok, sourceMaps.ok ? 'none' : 'served', HELD],
  ].map(([name, pass, value, held = false]) => ({ budget: name, value, pass, held }));
  const sizes = APPS.map((app) => appSizes(app));

  const report = {
    date: new Date().toISOString(),
    quick,
    repetitions: REPS,
    machine: { cpus: os.cpus().length, node: process.version },
    baseline: base,
    login: loginFig,
    lighthouse,
    userManagement: navFig,
    appManagement: appsNavFig,
    thousandRows: rowsFig,
    reactCopies,
    bundleSizes: sizes,
    buildSeconds: round(buildSeconds),
    api: apiFigures,
    signIn,
    bulk,
    accessMap,
    sourceMaps: sourceMaps.text,
    budgets,
  };
  fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nfigure                                   value');
  for (const [k, v] of Object.entries({
    'baseline JS (KB as served)': base.jsKB,
    'baseline first render (ms)': base.firstRenderMs,
    '/login JS (KB as served)': loginFig.jsKB,
    '/login requests': loginFig.requests,
    '/login Masuk shown, prerendered (ms)': loginFig.masukShownMs,
    '/login time to Masuk usable (ms)': loginFig.masukVisibleMs,
    'baseline / /login FCP (ms)': `${base.fcpMs} / ${loginFig.fcpMs}`,
    'baseline / /login LCP (ms)': `${base.lcpMs} / ${loginFig.lcpMs} (${loginFig.lcpRatio} ×)`,
    ...(lh ? lighthouseRows(lh) : {}),
    '/user-management JS added (KB)': navFig.jsAddedKB,
    '/user-management click → rows (ms)': navFig.clickToRowsMs,
    '/app-management JS added (KB)': appsNavFig.jsAddedKB,
    '/app-management click → rows (ms)': appsNavFig.clickToRowsMs,
    '1,000 rows render (ms)': rowsFig.renderMs,
    '  as the driver saw it (ms)': rowsFig.driverClockedMs,
    'longest task while scrolling (ms)': rowsFig.longestScrollTaskMs,
    'React copies': reactCopies,
    'clean build, all apps (s)': round(buildSeconds),
    'health p50/p95 ms, req/s': `${health.p50}/${health.p95}, ${health.rps}`,
    'users list p50/p95 ms, req/s': `${listPage1.p50}/${listPage1.p95}, ${listPage1.rps}`,
    'users keyword p50/p95 ms, req/s': `${listSearch.p50}/${listSearch.p95}, ${listSearch.rps}`,
    ...auditPrint(apiFigures),
    ...signInRows(signIn),
    ...bulkRows(bulk),
    ...soakRows(soak),
    ...accessMapRows(accessMap),
  }))
    console.log(`${k.padEnd(40)} ${v}`);
  console.log(`\nbundle sizes (brotli 11, as served)\n${sizeTable(sizes)}\n${sourceMaps.text}`);
  console.log('\nbudget                                           value      result');
  for (const b of budgets) {
    const result = b.pass ? 'pass' : b.held ? 'FAIL (held)' : 'not met';
    console.log(`${b.budget.padEnd(48)} ${String(b.value).padEnd(10)} ${result}${b.held ? ' *' : ''}`);
  }
  console.log('* held: bytes, requests and copies are deterministic; exceeding one fails this run');
  console.log(
    `\nreport: bench/report.json (${budgets.filter((b) => b.pass).length}/${budgets.length} budgets met)`,
  );
  const broken = budgets.filter((b) => b.held && !b.pass);
  if (broken.length > 0) {
    throw new Error(`held budget exceeded: ${broken.map((b) => `${b.budget} (${b.value})`).join('; ')}`);
  }
}

/** Per page: each run's figures, in order, and the ratio of /login's median LCP to the baseline's. */
function lighthouseSummary(runs) {
  const list = (key, field) => runs[key].map((r) => r[field]);
  return {
    baseline: runs.baseline,
    login: runs.login,
    lcpRatio: round(median(list('login', 'lcpMs')) / median(list('baseline', 'lcpMs')), 2),
  };
}

const lhList = (runs, field) => runs.map((r) => r[field]).join(', ');
function lighthouseRows(lh) {
  return {
    'lighthouse score baseline | /login': `${lhList(lh.baseline, 'score')} | ${lhList(lh.login, 'score')}`,
    'lighthouse LCP ms baseline | /login': `${lhList(lh.baseline, 'lcpMs')} | ${lhList(lh.login, 'lcpMs')}`,
    'lighthouse FCP ms baseline | /login': `${lhList(lh.baseline, 'fcpMs')} | ${lhList(lh.login, 'fcpMs')}`,
    'lighthouse TBT ms baseline | /login': `${lhList(lh.baseline, 'tbtMs')} | ${lhList(lh.login, 'tbtMs')}`,
    'lighthouse TTI ms baseline | /login': `${lhList(lh.baseline, 'ttiMs')} | ${lhList(lh.login, 'ttiMs')}`,
    'lighthouse CLS×1000 baseline | /login': `${lhList(lh.baseline, 'clsX1000')} | ${lhList(lh.login, 'clsX1000')}`,
  };
}

/** Issue 34's Lighthouse budgets: timings, reported and never failing a run. */
function lighthouseBudgets(lh) {
  const scores = lh.login.map((r) => r.score);
  const tbt = Math.max(...lh.login.map((r) => r.tbtMs));
  return [
    ['lighthouse /login performance ≥ 98 (each run)', scores.every((s) => s >= 98), scores.join(', ')],
    ['lighthouse /login LCP ≤ 1.25 × baseline', lh.lcpRatio <= 1.25, `${lh.lcpRatio} ×`],
    ['lighthouse /login TBT ≤ 100 ms (each run)', tbt <= 100, `${tbt} ms`],
  ];
}

let failed = false;
try {
  await (onlyApi ? mainApiOnly() : main());
} catch (error) {
  failed = true;
  console.error('[bench] failed:', error);
} finally {
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}
process.exit(failed ? 1 : 0);

/**
 * From Home after sign-in, a click on a sidebar item: the JS it adds (as served) and the time from the
 * click to the list's rows, clocked in the page on each frame (not by the driver's slower polling).
 */
async function clickFromHome(page, link) {
  await page.goto(`${origin(PORTS.host)}/home`);
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = [];
  page.on('requestfinished', (req) => req.resourceType() === 'script' && scripts.push(req));
  const t0 = await page.evaluate(() => performance.now());
  // The sidebar's link (Home's cards link to the lists too).
  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('link', { name: link, exact: true })
    .click();
  const t1 = await (
    await page.waitForFunction(
      () => (document.querySelectorAll('[role="row"], tr').length > 1 ? performance.now() : false),
      null,
      { polling: 'raf', timeout: 30_000 },
    )
  ).jsonValue();
  await page.waitForLoadState('networkidle');
  let js = 0;
  for (const req of scripts) js += (await req.sizes()).responseBodySize;
  return { ms: t1 - t0, js };
}

/** `clickFromHome` in a fresh browser context (a cold visit). */
async function openFromHome(browser, session, link) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await addSessionInitScript(page, session);
  const figures = await clickFromHome(page, link);
  await context.close();
  return figures;
}
