/**
 * Issue 35, point 6: GET /metrics in the Prometheus format, for a bearer of METRICS_TOKEN only;
 * requests by route template and status with latency histograms, sign-ins by outcome, throttle
 * refusals, the hashing queue, database errors, process memory.
 */
import { paths } from '@sso/shared/contract';
import { createSemaphore } from '../auth/password';
import { settingsFromEnv } from '../config';
import { ADMIN, call, callRoot, openSession } from '../test-support/http';
import { createTestApp, useTestApp } from '../test-support/test-app';
import { signInOutcome } from './metrics';

const TOKEN = 'metrics-token-for-the-test-0123';

/** The value of one series (`name{labels}`) in an exposition, or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  const api = useTestApp({ metricsToken: TOKEN, authMaxFailures: 2, lookupMaxPerAddress: 1 });

  const scrape = () =>
    callRoot(api.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers only the bearer of the token', async () => {
    expect((await callRoot(api.app, 'GET', '/metrics')).statusCode).toBe(401);
    const wrong = await callRoot(api.app, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route template and status, with latency, sign-ins by outcome, throttle refusals', async () => {
    const { app } = api;
    const { accessToken } = await openSession(app, ADMIN);
    for (const id of [1, 2, 3]) await call(app, 'GET', paths.users.detail(id), { token: accessToken });
    for (let i = 0; i < 3; i += 1) {
      await call(app, 'POST', paths.auth.loginNik, { body: { nik: '100002', password: 'salah-sekali' } });
    }
    for (let i = 0; i < 2; i += 1)
      await call(app, 'POST', paths.forgotPassword.start, { body: { nik: '100002' } });
    const text = (await scrape()).body;

    const detail = 'route="/api/v1/sso/api/v1/ap/users/:id"';
    expect(valueOf(text, `sso_http_requests_total{method="GET",${detail},status="200"}`)).toBe(3);
    expect(text).not.toMatch(/route="[^"]*\/users\/\d/);
    expect(
      valueOf(text, `sso_http_request_duration_seconds_count{method="GET",${detail},status="200"}`),
    ).toBe(3);
    expect(text).toContain(
      `sso_http_request_duration_seconds_bucket{le="0.005",method="GET",${detail},status="200"}`,
    );

    const login = 'route="/api/v1/sso/auth/login/nik"';
    expect(valueOf(text, `sso_sign_ins_total{${login},outcome="success"}`)).toBe(1);
    expect(valueOf(text, `sso_sign_ins_total{${login},outcome="refused"}`)).toBe(2);
    // The third wrong password is held for a second proof (ADR 0007).
    expect(valueOf(text, `sso_sign_ins_total{${login},outcome="second_proof"}`)).toBe(1);
    // The second look-up from this address is refused by its throttle.
    expect(valueOf(text, 'sso_throttle_refusals_total{route="/api/v1/sso/forgot-password"}')).toBe(1);

    expect(valueOf(text, 'sso_password_hash_queue_length')).toBe(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('# TYPE sso_db_errors_total counter');
    expect(text).toContain('# TYPE sso_store_faults_total counter');
    // Nothing a request carried: no token, no password.
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain('salah-sekali');
  });

  it('an unmatched URL shares one label', async () => {
    await callRoot(api.app, 'GET', '/tidak-ada/123');
    const text = (await scrape()).body;
    expect(valueOf(text, 'sso_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
  });
});

test('without METRICS_TOKEN there is no /metrics', async () => {
  const api = await createTestApp();
  try {
    expect((await callRoot(api.app, 'GET', '/metrics')).statusCode).toBe(404);
  } finally {
    await api.close();
  }
});

test('a sign-in outcome is read from its status', () => {
  expect([200, 202, 422, 401, 429, 503, 400, 500].map(signInOutcome)).toEqual([
    'success',
    'second_proof',
    'refused',
    'refused',
    'throttled',
    'unavailable',
    'invalid',
    'error',
  ]);
});

test('METRICS_TOKEN and DRAIN_GRACE_SECONDS are read from the environment and checked', () => {
  const settings = settingsFromEnv({ METRICS_TOKEN: TOKEN, DRAIN_GRACE_SECONDS: '25' }, '/tmp/x.sqlite');
  expect(settings.config.metricsToken).toBe(TOKEN);
  expect(settings.drainGraceSeconds).toBe(25);
  expect(settingsFromEnv({ NODE_ENV: 'production' }, '/tmp/x.sqlite')).toMatchObject({
    drainGraceSeconds: 10,
    config: { metricsToken: undefined },
  });
  // A development restart (tsx watch, ./panel start) does not wait for a browser's idle connection.
  expect(settingsFromEnv({}, '/tmp/x.sqlite').drainGraceSeconds).toBe(0);
  expect(() => settingsFromEnv({ METRICS_TOKEN: 'short' }, '/tmp/x.sqlite')).toThrow(/METRICS_TOKEN/);
  expect(() => settingsFromEnv({ DRAIN_GRACE_SECONDS: '-1' }, '/tmp/x.sqlite')).toThrow(
    /DRAIN_GRACE_SECONDS/,
  );
});

test('the hashing queue length is the number of tasks waiting for a slot', async () => {
  const slot = createSemaphore(1);
  let release: () => void = () => undefined;
  const first = slot(() => new Promise<void>((resolve) => (release = resolve)));
  const second = slot(async () => undefined);
  const third = slot(async () => undefined);
  expect(slot.waiting()).toBe(2);
  release();
  await Promise.all([first, second, third]);
  expect(slot.waiting()).toBe(0);
});
