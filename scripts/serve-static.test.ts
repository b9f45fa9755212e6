import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { closeServer, serveStatic } from './serve-static.mjs';

/**
 * Issue 36, finding 13 (the Node static servers): a static server reads. TRACE, PUT, DELETE and the
 * other methods answered 200; now 405 with `Allow: GET, HEAD`, as nginx. Dotfiles are not served.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-static-'));
let server: http.Server;
let port = 0;

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, '.env'), 'TOKEN_SECRET=rahasia');
  fs.mkdirSync(path.join(dir, '.git'));
  fs.writeFileSync(path.join(dir, '.git', 'HEAD'), 'ref: refs/heads/main');
  server = await serveStatic({ dir, port: 0, spa: true });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await closeServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

const send = (method: string, url: string) =>
  new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    request.on('error', reject);
    request.end();
  });

test.each(['TRACE', 'PUT', 'DELETE', 'POST', 'PATCH', 'OPTIONS'])(
  '%s is 405, allowing GET and HEAD',
  async (method) => {
    const answer = await send(method, '/');
    expect({ status: answer.status, allow: answer.allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
  },
);

test('GET and HEAD serve the page', async () => {
  expect((await send('GET', '/')).status).toBe(200);
  expect((await send('HEAD', '/user-management')).status).toBe(200);
});

test.each(['/.env', '/.git/HEAD', '/%2eenv', '/%2Egit/HEAD'])('%s is not served', async (url) => {
  const answer = await send('GET', url);
  expect(answer.status).toBe(404);
  expect(answer.body).not.toContain('rahasia');
  expect(answer.body).not.toContain('refs/heads');
});
