import type { FastifyRequest } from 'fastify';
import { DEV_OUTBOX_PATH, outboxQuerySchema, type OutboxEntry } from '@sso/shared/contract';
import { isoAt } from '../http/reply';
import { route, routeTable, thisMachine } from '../http/route';

interface OutboxRow {
  to_target: string;
  code: string;
  purpose: string;
  created_at: number;
}

const purposeOf = (value: string): OutboxEntry['purpose'] => (value === 'reset' ? 'reset' : 'login');

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket reports). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/**
 * A request made on this machine, for this machine: the socket's peer is a loopback address (not
 * `request.ip`, which a proxy setting could take from a header), no proxy says it forwarded the
 * request (a reverse proxy on the same host connects from loopback too), and the Host is a
 * loopback name (a page whose DNS name was rebound to 127.0.0.1 sends its own name).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    LOOPBACK_HOST.test(headers.host ?? '')
  );
}

/**
 * GET /__dev/outbox[?to=]: codes "sent", newest first. Registered only when DEV_OUTBOX=1 outside
 * production (app.ts); answers clients on this machine only, anyone else gets the 404 of a path
 * that does not exist.
 */
export const outboxRoutes = routeTable([
  route({
    method: 'GET',
    path: DEV_OUTBOX_PATH,
    access: thisMachine,
    query: outboxQuerySchema,
    handler: async ({ query: { to } }, ctx): Promise<OutboxEntry[]> => {
      let query = ctx.store.db
        .selectFrom('outbox')
        .select(['to_target', 'code', 'purpose', 'created_at'])
        .orderBy('id', 'desc')
        .limit(200);
      if (to) query = query.where('to_target', '=', to);
      const rows: OutboxRow[] = await query.execute();
      return rows.map((row) => ({
        to: row.to_target,
        code: row.code,
        purpose: purposeOf(row.purpose),
        created_at: isoAt(row.created_at),
      }));
    },
  }),
]);
