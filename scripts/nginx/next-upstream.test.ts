/**
 * Issue 35, point 4: behind the generated nginx, an idempotent request that an api instance refuses
 * (503 while it stops) or drops is passed to the next instance; a POST is never sent twice; /metrics
 * is not served through the proxy. Two stand-in instances: one refusing everything, one answering.
 * Runs where Debian's nginx is installed (./panel test installs it).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxConfig } from './config.mjs';
import { nginxInstalled, startNginx, workerUser, writeConfig, type RunningNginx } from './run.mjs';
import { freePort } from '../lib/free-port.mjs';

interface Instance {
  url: string;
  seen: string[];
  server: http.Server;
}

async function instance(answer: (response: http.ServerResponse) => void): Promise<Instance> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, server };
}

(nginxInstalled() ? describe : describe.skip)('the api upstream group of the generated nginx', () => {
  let work: string;
  let nginx: RunningNginx;
  let stopping: Instance;
  let serving: Instance;
  let origin: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-next-upstream-'));
    fs.chmodSync(work, 0o755);
    // An instance that is stopping: Fastify's refusal while it closes (503, Connection: close).
    stopping = await instance((response) =>
      response.writeHead(503, { connection: 'close', 'content-type': 'application/json' }).end('{}'),
    );
    serving = await instance((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    );
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const prefix = path.join(work, 'nginx');
    writeConfig(prefix, {
      sites: [],
      proxies: [{ name: 'api', port, upstream: [stopping.url, serving.url] }],
      user: workerUser(work),
    });
    nginx = await startNginx({ prefix, ports: [port] });
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
    stopping?.server.close();
    serving?.server.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('passes a refused GET to the next instance, and never sends a POST twice', async () => {
    // The first request of the round goes to the stopping instance: refused there, answered by the other.
    const first = await fetch(`${origin}/api/v1/sso/api/v1/ap/users/list`);
    expect(first.status).toBe(200);
    expect(stopping.seen).toEqual(['GET /api/v1/sso/api/v1/ap/users/list']);
    expect(serving.seen).toEqual(['GET /api/v1/sso/api/v1/ap/users/list']);
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${origin}/health`)).status).toBe(200);

    // A POST reaches one instance only, refused or not.
    const before = stopping.seen.length + serving.seen.length;
    const post = await fetch(`${origin}/api/v1/sso/auth/login/nik`, { method: 'POST', body: '{}' });
    expect(stopping.seen.length + serving.seen.length).toBe(before + 1);
    expect([200, 503]).toContain(post.status);
  });

  it('does not serve /metrics through the proxy', async () => {
    const before = stopping.seen.length + serving.seen.length;
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect(stopping.seen.length + serving.seen.length).toBe(before);
  });
});

test('the api group: one server line per instance, the scheme on proxy_pass, never a mix or a path', () => {
  const conf = (upstream: string | string[]) =>
    nginxConfig({ prefix: '/tmp/x', sites: [], proxies: [{ name: 'api', port: 8080, upstream }] });
  const two = conf(['http://10.0.0.5:4000', 'http://10.0.0.6:4000']);
  expect(two).toContain(
    '  upstream sso_api_8080 {\n    server 10.0.0.5:4000;\n    server 10.0.0.6:4000;\n    keepalive 16;\n  }',
  );
  expect(two).toContain('proxy_pass http://sso_api_8080;');
  expect(two).not.toContain('non_idempotent');
  expect(conf('https://api.internal').includes('proxy_pass https://sso_api_8080;')).toBe(true);
  expect(() => conf(['http://a:1', 'https://b:2'])).toThrow(/mix/);
  expect(() => conf('http://a:1/api')).toThrow(/origin/);
});

test('the group of ./panel start --scale: instances marked down, the passive check as given, never all down', () => {
  const conf = (down: string[]) =>
    nginxConfig({
      prefix: '/tmp/x',
      sites: [],
      proxies: [
        {
          name: 'api',
          port: 4000,
          upstream: ['http://127.0.0.1:4001', 'http://127.0.0.1:4002'],
          down,
          passive: { fails: 0, timeout: '10s' },
        },
      ],
    });
  expect(conf(['http://127.0.0.1:4002'])).toContain(
    '    server 127.0.0.1:4001 max_fails=0 fail_timeout=10s;\n    server 127.0.0.1:4002 max_fails=0 fail_timeout=10s down;\n',
  );
  expect(conf([])).not.toContain(' down;');
  expect(() => conf(['http://127.0.0.1:4001', 'http://127.0.0.1:4002'])).toThrow(
    /every api upstream is marked down/,
  );
});
