import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Seconds a stopping api (NODE_ENV=production) waits for its keep-alive connections before closing the idle ones. */
export const DEFAULT_DRAIN_GRACE_SECONDS = 10;

export interface Draining {
  /** True from the stop signal on: /ready says false and every answer carries `Connection: close`. */
  readonly draining: boolean;
}

const beginOf = new WeakMap<FastifyInstance, () => void>();

/**
 * Marks every answer sent while the api drains with `Connection: close`: the client's next request
 * goes to a new connection (another instance behind nginx) instead of one about to be closed.
 */
export function installDraining(app: FastifyInstance): Draining & { begin(): void } {
  let draining = false;
  beginOf.set(app, () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    // On the raw response: the OpenID Connect provider writes its answers there, not through `reply`.
    if (draining) reply.raw.setHeader('connection', 'close');
  });
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/**
 * A graceful stop (issue 35, point 4). Node's `server.close()` closes idle keep-alive connections at
 * once, and a request a client sent on one at that moment is lost (a reset: measured, 50 of 50
 * keep-alive clients). Instead:
 * 1. stop accepting connections (the listening socket only), and mark the api draining: answers
 *    carry `Connection: close`, /ready is 503, so each busy connection ends after its next answer;
 * 2. wait until every connection has ended, or `graceMs` at most (an idle client has that long);
 * 3. then `app.close()`: the connections still idle are closed, requests in flight finish (a
 *    request arriving now is refused by Fastify with 503 and `Connection: close`), the database
 *    closes last.
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  beginOf.get(app)?.();
  const server = app.server;
  if (server.listening) {
    const ended = new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: keeps the open connections (http's closes the idle ones).
      net.Server.prototype.close.call(server, () => resolve());
    });
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([ended, grace]);
    clearTimeout(timer);
  }
  await app.close();
}
