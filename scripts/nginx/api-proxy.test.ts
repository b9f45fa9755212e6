/**
 * The api behind nginx's generated proxy: per-address throttling sees the real client, and a client
 * cannot escape it by sending its own X-Forwarded-For (nginx replaces it; the api trusts that proxy
 * alone). Runs where Debian's nginx is installed (./panel test installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, paths } from '@sso/shared/contract';
import { buildApp } from '../../api/src/app';
import { nginxInstalled, startNginx, workerUser, writeConfig, type RunningNginx } from './run.mjs';
import { freePort } from '../lib/free-port.mjs';

let work: string;
let api: Awaited<ReturnType<typeof buildApp>>;
let nginx: RunningNginx;
let proxied: string;
let direct: string;

const wrongLogin = (origin: string, forwardedFor?: string) =>
  fetch(`${origin}${API_PREFIX}${paths.auth.loginNik}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ nik: '100001', password: 'bukan-password' }),
  }).then((response) => response.status);

(nginxInstalled() ? describe : describe.skip)('the api behind the generated nginx proxy', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-proxy-'));
    const port = await freePort();
    proxied = `http://127.0.0.1:${port}`;
    api = await buildApp({
      // The OpenID Connect issuer is the proxy's public origin (docs/single-sign-on.md).
      oidcIssuer: `${proxied}/oidc`,
      dbFile: path.join(work, 'sso.sqlite'),
      seedUsers: 8,
      trustProxy: ['127.0.0.1'],
      authMaxFailuresPerAddress: 3,
      authMaxFailures: 1000,
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const address = api.server.address();
    direct = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const prefix = path.join(work, 'nginx');
    // Its workers run unprivileged (never root): they must reach the temporary folders under it.
    fs.chmodSync(work, 0o755);
    writeConfig(prefix, {
      sites: [],
      proxies: [{ name: 'api', port, upstream: direct }],
      user: workerUser(work),
    });
    nginx = await startNginx({ prefix, ports: [port] });
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
    await api?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a client sending a new X-Forwarded-For each time is still throttled after 3 wrong passwords', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) statuses.push(await wrongLogin(proxied, `203.0.113.${i}`));
    // The address's budget is spent at the 4th: from then on a password from it is held for a second
    // proof (202, a code to the phone; ADR 0007), whatever address the client claims.
    expect(statuses).toEqual([422, 422, 422, 202]);
    // Without a header either: the proxy names the same client.
    expect(await wrongLogin(proxied)).toBe(202);
  }, 30_000);

  it('the api counts the address its trusted proxy forwards, not the proxy’s own', async () => {
    // Straight from the proxy's address (trusted), naming another client: that client has tries left.
    expect(await wrongLogin(direct, '198.51.100.7')).toBe(422);
  });

  it('serves the OpenID Connect provider with its issuer and endpoints on the proxy’s origin', async () => {
    const response = await fetch(`${proxied}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${proxied}/oidc`);
    expect(metadata.token_endpoint).toBe(`${proxied}/oidc/token`);
    expect(metadata.jwks_uri).toBe(`${proxied}/oidc/jwks`);
  });
});
