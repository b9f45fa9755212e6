import { sql } from 'kysely';
import { HEALTH_PATH, READY_PATH } from '@sso/shared/contract';
import { schemaVersion } from './db/migrations';
import { publicAccess, route, routeTable, type RouteTable } from './http/route';
import type { Ops } from './ops/install-ops';

/**
 * `/health` (the process answers) and `/ready` (ready for traffic: the database is open and at this
 * api's schema version, not draining, no storage fault). While the api stops, Fastify answers every
 * new request (these included) with 503 before it reaches a route.
 */
export const healthRoutes = (ops: Ops): RouteTable =>
  routeTable([
    route({
      method: 'GET',
      path: HEALTH_PATH,
      access: publicAccess,
      handler: async () => ({ status: 'ok' }),
    }),
    route({
      method: 'GET',
      path: READY_PATH,
      access: publicAccess,
      handler: async ({ reply }, { db, store }) => {
        if (!db) {
          // PostgreSQL: a query through the pool, so an unreachable server makes /ready false at
          // once (reported as a store fault: one log line, and the probe notices when it is back);
          // its schema was migrated at start.
          try {
            await sql`SELECT 1`.execute(store.db);
          } catch (error) {
            const fault = ops.storeFault(error);
            if (fault === null) throw error;
            return reply.code(503).send({ status: 'unavailable', reason: ops.notReady() ?? 'store fault' });
          }
          const notReady = ops.notReady();
          return notReady === null
            ? { status: 'ready' }
            : reply.code(503).send({ status: 'unavailable', reason: notReady });
        }
        // SQLite: the file at this api's schema version.
        const version = db.open ? Number(db.pragma('user_version', { simple: true })) : null;
        // Draining or a storage fault: alive, but send the traffic elsewhere.
        const notReady = ops.notReady();
        if (version === schemaVersion && notReady !== null) {
          return reply.code(503).send({ status: 'unavailable', reason: notReady });
        }
        if (version === schemaVersion) return { status: 'ready' };
        return reply.code(503).send({
          status: 'unavailable',
          database: db.open ? `schema ${version}, expected ${schemaVersion}` : 'closed',
        });
      },
    }),
  ]);
