/**
 * Issue 35, point 4: a rolling restart loses nothing. 50 keep-alive clients read the users list
 * without pause; the built api gets SIGTERM. Every request a client wrote on a connection is answered
 * (200, the answers sent while draining with `Connection: close`); what is refused is refused before
 * any request is written (a new connection, ECONNREFUSED). Before the drain (Node's server.close
 * closing idle keep-alive connections at once) the same load lost requests to resets.
 */
import http from 'node:http';
import { API_PREFIX, READY_PATH, paths } from '@sso/shared/contract';
import { useBuiltApi } from '../test-support/built-api';
import { createTestApp } from '../test-support/test-app';
import { drainAndClose } from './draining';
import { adminToken, send, startBuiltApi } from './test-process';

const { dbFile, main } = useBuiltApi('draining');

interface Tally {
  answered: number;
  closeHeader: number;
  other: number[];
  /** Requests written on a connection and never answered (reset, hang-up). */
  lost: string[];
  refused: number;
}

async function client(port: number, token: string, tally: Tally, stop: () => boolean): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (!stop()) {
      try {
        const answer = await send(port, 'GET', `${API_PREFIX}${paths.users.list}`, { token, agent });
        if (answer.status === 200) tally.answered += 1;
        else tally.other.push(answer.status);
        if (answer.headers.connection === 'close') tally.closeHeader += 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        if (code === 'ECONNREFUSED') {
          tally.refused += 1;
          return;
        }
        tally.lost.push(code);
      }
    }
  } finally {
    agent.destroy();
  }
}

async function loadThenStop(
  graceSeconds: string,
): Promise<{ tally: Tally; exit: number | null; ms: number }> {
  const running = await startBuiltApi([process.execPath, main], {
    DB_FILE: dbFile,
    DRAIN_GRACE_SECONDS: graceSeconds,
    LOG_LEVEL: 'warn',
  });
  const token = await adminToken(running.port);
  const tally: Tally = { answered: 0, closeHeader: 0, other: [], lost: [], refused: 0 };
  let stopped = false;
  const clients = Array.from({ length: 50 }, () => client(running.port, token, tally, () => stopped));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = tally.answered;
  expect(before).toBeGreaterThan(50);
  const signalled = Date.now();
  running.api.kill('SIGTERM');
  const exit = await running.exited;
  const ms = Date.now() - signalled;
  stopped = true;
  await Promise.all(clients);
  return { tally, exit, ms };
}

test('SIGTERM under 50 keep-alive clients: every request written is answered, none reset', async () => {
  const { tally, exit, ms } = await loadThenStop('10');
  expect(exit).toBe(0);
  expect(tally.lost).toEqual([]);
  expect(tally.other).toEqual([]);
  // Each client's last answer told it to close; its next connection was refused, nothing sent.
  expect(tally.closeHeader).toBeGreaterThanOrEqual(50);
  expect(tally.refused).toBe(50);
  // The busy connections ended after one answer each: the grace period was not waited out.
  expect(ms).toBeLessThan(10_000);
  console.log(`drained: ${tally.answered} answered, 0 lost, ${tally.refused} refused on connect, ${ms} ms`);
}, 60_000);

test('while draining, /ready is 503 "draining" and answers on an open connection carry Connection: close', async () => {
  const api = await createTestApp();
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const before = await send(port, 'GET', READY_PATH, { agent });
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');
    const closed = drainAndClose(api.app, 5000);
    const during = await send(port, 'GET', READY_PATH, { agent });
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toEqual({ status: 'unavailable', reason: 'draining' });
    expect(during.headers.connection).toBe('close');
    // Its last connection ended with that answer: the drain did not wait out its 5 s.
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  } finally {
    agent.destroy();
    await api.close().catch(() => undefined);
  }
});
