/**
 * The production api (the esbuild bundle `pnpm --filter @sso/api build` writes, run by plain `node`):
 * it starts from JavaScript alone, answers /health and /ready, and on SIGTERM finishes the requests
 * in flight before it closes the database and exits.
 */
import fs from 'node:fs';
import http from 'node:http';
import { API_PREFIX, HEALTH_PATH, READY_PATH, paths } from '@sso/shared/contract';
import { useBuiltApi } from './test-support/built-api';
import { send, startBuiltApi } from './ops/test-process';
import { ADMIN } from './test-support/http';

const { dbFile, main } = useBuiltApi('shutdown');

interface Answer {
  status: number;
  body: string;
}

async function get(port: number, url: string): Promise<Answer> {
  const { status, body } = await send(port, 'GET', url);
  return { status, body };
}

const start = () => startBuiltApi([process.execPath, main], { DB_FILE: dbFile });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the built api starts with plain node and answers /health and /ready', async () => {
  const { api, port, exited } = await start();
  try {
    expect(await get(port, HEALTH_PATH)).toEqual({ status: 200, body: JSON.stringify({ status: 'ok' }) });
    expect(await get(port, READY_PATH)).toEqual({ status: 200, body: JSON.stringify({ status: 'ready' }) });
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ["']@sso\/shared/);
  } finally {
    api.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
}, 30_000);

test('on SIGTERM it finishes the requests in flight, refuses new ones, then closes the database', async () => {
  const { api, port, output, exited } = await start();
  const body = JSON.stringify({ nik: ADMIN.nik, password: ADMIN.password });
  const half = Math.floor(body.length / 2);

  // Three logins in flight: headers and half of each body are sent before the signal, the rest after.
  const inFlight = [0, 1, 2].map(() => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${API_PREFIX}${paths.auth.loginNik}`,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, half));
    return { request, answer };
  });
  await sleep(300);

  api.kill('SIGTERM');
  await sleep(300);
  // Still running: it waits for the three requests.
  expect(api.exitCode).toBeNull();
  expect(output()).toContain('SIGTERM received');
  // A new connection is not served any more.
  await expect(get(port, HEALTH_PATH)).rejects.toThrow();

  for (const { request } of inFlight) request.end(body.slice(half));
  const answers = await Promise.all(inFlight.map(({ answer }) => answer));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { token: expect.any(String) } });
  }

  expect(await exited).toBe(0);
  // Closed cleanly: SQLite folded its write-ahead log back into the file and removed it.
  expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);
}, 30_000);
