import {
  API_PREFIX,
  DEV_OUTBOX_PATH,
  HEALTH_PATH,
  READY_PATH,
  outboxResponseSchema,
  paths,
} from '@sso/shared/contract';
import { request as httpRequest } from 'node:http';
import {
  ADMIN,
  VIEWER,
  adminAccessToken,
  call,
  callRoot,
  expectError,
  expectOk,
  openSession,
} from './test-support/http';
import { isLoopbackAddress } from './dev/outbox-routes';
import { z } from 'zod';
import { createTestApp, useTestApp, type TestApp } from './test-support/test-app';

const t = useTestApp({ otpMinIntervalSeconds: 0 });
let token: string;
let viewerToken: string;
beforeAll(async () => {
  token = await adminAccessToken(t.app);
  viewerToken = (await openSession(t.app, VIEWER)).accessToken;
});

/** A GET with headers fetch would not send as given (Host), straight over node:http. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('server basics', () => {
  it('GET /health answers { status: "ok" } without a bearer', async () => {
    expect(
      expectOk(await callRoot(t.app, 'GET', HEALTH_PATH), z.object({ status: z.literal('ok') })),
    ).toEqual({
      status: 'ok',
    });
  });

  it('GET /ready answers { status: "ready" } once the database is open and migrated', async () => {
    expect(
      expectOk(await callRoot(t.app, 'GET', READY_PATH), z.object({ status: z.literal('ready') })),
    ).toEqual({
      status: 'ready',
    });
  });

  it('answers unknown paths with a 404 envelope', async () => {
    expect(expectError(await callRoot(t.app, 'GET', '/nope'), 404).message).toBe('Endpoint tidak ditemukan');
    expectError(await call(t.app, 'GET', '/api/v1/ap/nope', { token }), 404);
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    for (const rawBody of ['{"nik":', '{nik: 1}', 'undefined', '{"a":1}}']) {
      const reply = await call(t.app, 'POST', paths.auth.loginNik, {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(expectError(reply, 400).message).toBe('Format JSON tidak valid');
    }
  });

  it('refuses prototype poisoning with 400', async () => {
    const reply = await call(t.app, 'POST', paths.auth.loginNik, {
      rawBody: '{"nik":"1","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(reply, 400);
  });

  it('answers a body over the limit with 413', async () => {
    const reply = await call(t.app, 'POST', paths.auth.loginNik, {
      body: { nik: 'x'.repeat(2 * 1024 * 1024), password: 'x' },
    });
    expect(expectError(reply, 413).message).toBe('Ukuran data terlalu besar');
  });

  it('answers another content type with 415', async () => {
    const reply = await call(t.app, 'POST', paths.auth.loginNik, {
      rawBody: 'nik=100001',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(reply, 415);
  });

  it('accepts a DELETE that says application/json but has no body', async () => {
    const created = await call(t.app, 'POST', paths.users.create, {
      token,
      body: {
        nama: 'Hapus Saya',
        nik: '880001',
        phone: '081288000001',
        role_ids: [3],
        perusahaan: [{ perusahaan_id: 1 }],
      },
    });
    const { data } = z.object({ data: z.object({ id: z.number() }) }).parse(created.json());
    const reply = await call(t.app, 'DELETE', paths.users.remove(data.id), {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(200);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`http://127.0.0.1:${portOf()}${API_PREFIX}${paths.users.bulkRemove}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  const portOf = () => {
    const address = t.app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  it.each(['http://localhost:3000', 'http://localhost:3003', 'http://127.0.0.1:3002'])(
    'allows the panel origin %s',
    async (origin) => {
      const reply = await preflight(origin);
      expect(reply.status).toBeLessThan(300);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
      expect(reply.headers.get('access-control-allow-methods')).toContain('DELETE');
    },
  );

  it('does not allow other origins', async () => {
    const reply = await preflight('http://evil.example');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('generated logos', () => {
  it('serves an SVG per company and application', async () => {
    const reply = await callRoot(t.app, 'GET', '/static/logos/company-1.svg');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.get('content-type')).toContain('image/svg+xml');
    expect(reply.body).toContain('<svg');
    expect(reply.body).toContain('>SN<');
    expect((await callRoot(t.app, 'GET', '/static/logos/app-1.svg')).statusCode).toBe(200);
  });

  it.each(['company-999.svg', 'x.svg', '..%2F..%2Fetc%2Fpasswd', 'company-1.png'])(
    'answers 404 for %s',
    async (file) => {
      expectError(await callRoot(t.app, 'GET', `/static/logos/${file}`), 404);
    },
  );
});

describe('dev outbox', () => {
  it('lists sent codes newest first, filtered by ?to=', async () => {
    await call(t.app, 'POST', paths.auth.requestOtp, { body: { phone: ADMIN.phone } });
    await call(t.app, 'POST', paths.forgotPassword.requestOtp, { body: { nik: ADMIN.nik } });
    const all = expectOk(await callRoot(t.app, 'GET', DEV_OUTBOX_PATH), outboxResponseSchema);
    expect(all.slice(0, 2).map((e) => e.purpose)).toEqual(['reset', 'login']);
    expect(all[0]).toMatchObject({ to: ADMIN.phone, code: expect.stringMatching(/^\d{6}$/) });
    const none = expectOk(
      await callRoot(t.app, 'GET', DEV_OUTBOX_PATH, { query: { to: '080000000000' } }),
      outboxResponseSchema,
    );
    expect(none).toEqual([]);
  });

  it('is off unless asked for: buildApp without devOutbox has no such path', async () => {
    const plain = await createTestApp({ devOutbox: undefined });
    try {
      expect(expectError(await callRoot(plain.app, 'GET', DEV_OUTBOX_PATH), 404).message).toBe(
        'Endpoint tidak ditemukan',
      );
    } finally {
      await plain.close();
    }
  });

  it('never exists with NODE_ENV=production, even when asked for', async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let prod: TestApp | undefined;
    try {
      prod = await createTestApp({ devOutbox: true });
      await call(prod.app, 'POST', paths.auth.requestOtp, { body: { phone: ADMIN.phone } });
      expectError(await callRoot(prod.app, 'GET', DEV_OUTBOX_PATH), 404);
    } finally {
      process.env.NODE_ENV = nodeEnv;
      await prod?.close();
    }
  });

  it.each([
    ['a forwarded request', { 'x-forwarded-for': '203.0.113.7' }],
    ['a Forwarded header', { forwarded: 'for=203.0.113.7' }],
    ['another Host name (DNS rebinding)', { host: 'evil.example:4000' }],
    ['a Host name that only starts like localhost', { host: 'localhost.evil.example' }],
  ])('answers 404 to %s', async (_name, headers) => {
    const reply = await rawGet(DEV_OUTBOX_PATH, headers);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toEqual({ message: 'Endpoint tidak ditemukan' });
  });

  it.each([['localhost:4000'], ['127.0.0.1'], ['[::1]:4000']])('answers a loopback Host %s', async (host) => {
    expect((await rawGet(DEV_OUTBOX_PATH, { host })).status).toBe(200);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['2001:db8::1', false],
    ['1127.0.0.1', false],
    [undefined, false],
  ])('isLoopbackAddress(%s) → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Headers, noStore: boolean) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    if (noStore) expect(headers.get('cache-control')).toBe('no-store');
    else expect(headers.get('cache-control')).not.toBe('no-store');
  };

  it('on api answers: success, 401, 403, 404, 413, 414, 415, 422, 429, all no-store', async () => {
    const ok = await call(t.app, 'POST', paths.auth.loginNik, { body: ADMIN });
    expect(ok.statusCode).toBe(200);
    expectHeaders(ok.headers, true);
    const replies = [
      await call(t.app, 'GET', paths.users.list),
      await call(t.app, 'GET', paths.users.list, { token: viewerToken }),
      await call(t.app, 'DELETE', paths.users.remove(2), { token: viewerToken }),
      await call(t.app, 'GET', '/api/v1/ap/nope', { token }),
      await call(t.app, 'POST', paths.auth.loginNik, { body: { nik: 'x'.repeat(2 * 1024 * 1024) } }),
      await call(t.app, 'PATCH', paths.users.update('x'.repeat(300)), { token }),
      await call(t.app, 'POST', paths.auth.loginNik, {
        rawBody: 'nik=1',
        headers: { 'content-type': 'text/plain' },
      }),
      await call(t.app, 'POST', paths.auth.loginNik, { body: {} }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([401, 200, 403, 404, 413, 414, 415, 422]);
    for (const reply of replies) expectHeaders(reply.headers, true);
    // Wrong reset codes (a password sign-in is held for a second proof instead, issue 36).
    const guess = { nik: 'kunci', otp: '123456' };
    for (let i = 0; i < 5; i += 1) await call(t.app, 'POST', paths.forgotPassword.verifyOtp, { body: guess });
    const throttled = await call(t.app, 'POST', paths.forgotPassword.verifyOtp, { body: guess });
    expect(throttled.statusCode).toBe(429);
    expectHeaders(throttled.headers, true);
  });

  it('on the outbox: no-store', async () => {
    const reply = await callRoot(t.app, 'GET', DEV_OUTBOX_PATH);
    expect(reply.statusCode).toBe(200);
    expectHeaders(reply.headers, true);
  });

  it('outside the api: nosniff on health, logos, 404s and router errors; no no-store', async () => {
    for (const [url, status] of [
      [HEALTH_PATH, 200],
      [READY_PATH, 200],
      ['/static/logos/company-1.svg', 200],
      ['/static/logos/nope.svg', 404],
      ['/nope', 404],
      [`/static/logos/${'x'.repeat(300)}`, 414],
    ] as const) {
      const reply = await callRoot(t.app, 'GET', url);
      expect([url, reply.statusCode]).toEqual([url, status]);
      expectHeaders(reply.headers, false);
    }
  });

  it.each(['http://localhost:3000', 'http://evil.example'])('on CORS preflights from %s', async (origin) => {
    const reply = await callRoot(t.app, 'OPTIONS', `${API_PREFIX}${paths.users.bulkRemove}`, {
      headers: { origin, 'access-control-request-method': 'DELETE' },
    });
    expect(reply.statusCode).toBeLessThan(300);
    expectHeaders(reply.headers, true);
  });
});
