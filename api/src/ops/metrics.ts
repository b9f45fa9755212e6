import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_PREFIX, paths } from '@sso/shared/contract';
import { hashesWaiting } from '../auth/password';
import { unauthorized } from '../http/errors';
import type { PoolStats } from '../db/store';
import { storeErrorCodeOf, type StoreFaultKind } from './store-health';

export const METRICS_PATH = '/metrics';

/** The sign-in steps whose answers are counted by outcome (password, phone code, second proof). */
const SIGN_IN_ROUTES: ReadonlySet<string> = new Set(
  [paths.auth.loginNik, paths.auth.loginPhone, paths.auth.loginSecondProof].map((p) => `${API_PREFIX}${p}`),
);

/**
 * A sign-in's outcome, read from its status (the answer's body is not parsed): 202 is a sign-in held
 * for a second proof (ADR 0007), a code sent rather than a session opened.
 */
export function signInOutcome(status: number): string {
  if (status === 202) return 'second_proof';
  if (status < 300) return 'success';
  if (status === 429) return 'throttled';
  if (status === 401 || status === 403 || status === 422 || status === 423) return 'refused';
  if (status === 503) return 'unavailable';
  return status < 500 ? 'invalid' : 'error';
}

/**
 * The route's template (`/api/v1/ap/users/:id`), never the raw URL: one series per route whatever
 * ids and queries are sent; anything no route matched shares one label.
 */
export const routeLabel = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

export interface ApiMetrics {
  storeFault(kind: StoreFaultKind): void;
}

/**
 * Prometheus metrics of this api process (issue 35, point 6), on a registry of its own (tests build
 * several apps in one process). Served at GET /metrics only when a token is configured, to a bearer
 * of it (ADR 0023): without METRICS_TOKEN the path does not exist.
 */
export function installMetrics(
  app: FastifyInstance,
  token: string | undefined,
  pool: () => PoolStats | null = () => null,
): ApiMetrics {
  // Off: no registry, no hook, nothing on the request path (and no GC observer per app in tests).
  if (token === undefined) return { storeFault: () => undefined };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'sso_http_requests_total',
    help: 'Answers sent, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'sso_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'sso_sign_ins_total',
    help: 'Sign-in steps answered, by route template and outcome (success, second_proof, refused, throttled, unavailable, invalid, error)',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'sso_throttle_refusals_total',
    help: 'Requests refused with 429 (sign-in, code and look-up throttles), by route template',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'sso_password_hash_queue_length',
    help: 'Password hashes waiting for a slot (the bound of hashes in flight is one per core)',
    registers: [registry],
    collect() {
      this.set(hashesWaiting());
    },
  });
  // The PostgreSQL store's pool of connections (no series on SQLite: one connection, no pool).
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = pool();
        if (stats) this.set(read(stats));
      },
    });
  if (pool() !== null) {
    poolGauge('sso_db_pool_total', 'Connections of the PostgreSQL pool, idle or in use', (s) => s.total);
    poolGauge('sso_db_pool_idle', 'Connections of the PostgreSQL pool waiting for a query', (s) => s.idle);
    poolGauge(
      'sso_db_pool_waiting',
      'Queries waiting for a connection of the PostgreSQL pool (all in use)',
      (s) => s.waiting,
    );
  }
  const dbErrors = new Counter({
    name: 'sso_db_errors_total',
    help: 'Database errors that reached the error handler, by SQLite code or PostgreSQL SQLSTATE (constraint conflicts included)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const storeFaults = new Counter({
    name: 'sso_store_faults_total',
    help: 'Operations the store refused for a storage fault (full, read-only, io, busy), answered 503',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) throttled.inc({ route });
    if (SIGN_IN_ROUTES.has(route)) signIns.inc({ route, outcome: signInOutcome(reply.statusCode) });
  });
  app.addHook('onError', async (_request, _reply, error) => {
    const code = storeErrorCodeOf(error);
    if (code !== null) dbErrors.inc({ code });
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get(METRICS_PATH, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
  return {
    storeFault(kind) {
      storeFaults.inc({ kind });
    },
  };
}
