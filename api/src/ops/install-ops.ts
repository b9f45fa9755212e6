import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { Store } from '../db/store';
import type { HttpError } from '../http/errors';
import { installDraining } from './draining';
import { installMetrics } from './metrics';
import { attachStoreHealth, createStoreHealth, postgresProbe, sqliteProbe } from './store-health';

export interface Ops {
  /** Why the api should get no traffic now (draining, store fault), or null when it is ready. */
  notReady(): string | null;
  /** The 503 for a store fault (logged once per fault), or null when `error` is not one. */
  storeFault(error: unknown): HttpError | null;
  /** Starts draining (the stop signal): see drainAndClose. */
  beginDraining(): void;
}

/**
 * The operational parts of the api (issue 35, ADR 0023): draining on stop, storage faults answered
 * 503, Prometheus metrics. One call from buildApp; nothing here knows the routes.
 */
export function installOps(
  app: FastifyInstance,
  stores: { db: Db | null; store: Store },
  options: { metricsToken: string | undefined; probeEveryMs?: number; postgres: boolean },
): Ops {
  const { db, store } = stores;
  const draining = installDraining(app);
  const metrics = installMetrics(app, options.metricsToken, () => store.poolStats());
  const probe = db ? sqliteProbe(db) : postgresProbe(store);
  const health = createStoreHealth(probe, app.log, {
    probeEveryMs: options.probeEveryMs,
    onError: (kind) => metrics.storeFault(kind),
  });
  attachStoreHealth(db ? [db, store.db] : [store.db], health);
  app.addHook('onClose', async () => health.stop());
  return {
    notReady() {
      if (draining.draining) return 'draining';
      return health.fault === null ? null : `store fault: ${health.fault}`;
    },
    storeFault: (error) => health.report(error),
    beginDraining: () => draining.begin(),
  };
}
