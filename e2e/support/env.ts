import os from 'node:os';
import path from 'node:path';
import { apps } from '../../scripts/apps.mjs';

/** Debian's Chromium and its flags: one list for every script (scripts/lib/browser-kit.mjs). */
export { chromiumArgs } from '../../scripts/lib/browser-kit.mjs';

export const API_ORIGIN = 'http://localhost:4000';
export const API_BASE = `${API_ORIGIN}/api/v1/sso`;
/**
 * Where the tests read the development outbox: the api's port, or with several instances behind nginx
 * (E2E_SERVER=scale) the first instance itself. The outbox answers only requests from this machine
 * that no proxy forwarded; every instance reads the one shared outbox table.
 */
export const OUTBOX_ORIGIN = process.env.E2E_SERVER === 'scale' ? 'http://127.0.0.1:4001' : API_ORIGIN;
export const HOST_ORIGIN = 'http://localhost:3000';

/**
 * Ports the federation tests own: a second host, a remote they can stop, hang and redeploy, and a
 * fourth remote they add to that host's registry. 3300 and up: 3101 and 3102 are the sample
 * applications' (DESIGN "Ports", examples/), 3200-3206 `pnpm bench`'s.
 */
export const TEST_HOST_PORT = 3300;
export const TEST_REMOTE_PORT = 3302;
/** A fourth remote the federation tests register by configuration alone. */
export const TEST_EXTRA_REMOTE_PORT = 3304;
/** A server on an origin no registry lists (the federation tests serve a remote's files there). */
export const UNREGISTERED_PORT = 3305;
/**
 * The release tests' own host and remote (nginx.spec.ts): other ports than the federation tests', so
 * the two files can run at once in two workers.
 */
export const TEST_RELEASE_PORTS = { host: 3301, remote: 3303 } as const;
/**
 * The prerendered sign-in tests' own host and auth remote (prerendered.spec.ts): other ports again,
 * so that file runs beside the federation and release tests in another worker.
 */
export const TEST_PRERENDER_PORTS = { host: 3306, remote: 3307 } as const;

/** The sample applications (examples/), started by `./panel start`. */
export const SAMPLE_APPS = { hris: 'http://localhost:3101', inventory: 'http://localhost:3102' } as const;

/** Environment of the stack the e2e run starts: a fresh database, and CORS for the test host. */
export const e2eEnv: Record<string, string> = {
  DB_FILE: path.join(os.tmpdir(), `sso-e2e-${process.pid}.sqlite`),
  CORS_ORIGINS: [
    ...apps.map((app) => app.port),
    TEST_HOST_PORT,
    TEST_RELEASE_PORTS.host,
    TEST_PRERENDER_PORTS.host,
  ]
    .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
    .join(','),
  TOKEN_TTL_SECONDS: '28800',
  DEV_OUTBOX: '1',
  // Every e2e request comes from 127.0.0.1: relax the per-address limits, keep 5 wrong tries per NIK.
  AUTH_MAX_FAILURES_PER_ADDRESS: '10000',
  OTP_MAX_SENDS_PER_ADDRESS: '10000',
  LOOKUP_MAX_PER_ADDRESS: '10000',
};

export const DEMO_ADMIN = { nik: '100001', password: 'admin123', phone: '081234567890' } as const;

/** The seeded demo accounts of each access level (README "Demo accounts"). */
export const DEMO_ACCOUNTS = {
  owner: DEMO_ADMIN,
  viewer: { nik: '100002', password: 'password123' },
  noAccess: { nik: '100003', password: 'password123' },
  modifier: { nik: '100004', password: 'password123' },
  /** The second modifier (Admin User): other grants than Admin's, so it may give other roles. */
  modifier2: { nik: '100005', password: 'password123' },
} as const;
