import { API_PREFIX, DEV_OUTBOX_PATH, HEALTH_PATH, outboxResponseSchema, paths } from '@sso/shared/contract';
import { ADMIN, adminAccessToken, call, callRoot, expectError, expectOk } from './test-support/http';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ otpMinIntervalSeconds: 0 });
  token = await adminAccessToken(t.app);
});
afterAll(() => t.close());

describe('server basics', () => {
  it('GET /health answers { status: "ok" } without a bearer', async () => {
    expect(
      expectOk(await callRoot(t.app, 'GET', HEALTH_PATH), z.object({ status: z.literal('ok') })),
    ).toEqual({
      status: 'ok',
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

  it('does not exist in production', async () => {
    const prod = await createTestApp({ devOutbox: false });
    try {
      expectError(await callRoot(prod.app, 'GET', DEV_OUTBOX_PATH), 404);
    } finally {
      await prod.close();
    }
  });
});
