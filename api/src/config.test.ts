import { defaultCorsOrigins, settingsFromEnv } from './config';

describe('settingsFromEnv', () => {
  it('DATABASE_URL names the shared database; anything but a postgres:// URL stops the start', () => {
    expect(settingsFromEnv({ DATABASE_URL: 'postgres://sso@db/sso' }, '/tmp/x.sqlite')).toMatchObject({
      databaseUrl: 'postgres://sso@db/sso',
    });
    expect(settingsFromEnv({ DATABASE_URL: 'postgresql://sso@db/sso' }, '/tmp/x.sqlite').databaseUrl).toBe(
      'postgresql://sso@db/sso',
    );
    expect(settingsFromEnv({}, '/tmp/x.sqlite').databaseUrl).toBeUndefined();
    for (const bad of ['mysql://sso@db/sso', 'db:5432/sso']) {
      expect(() => settingsFromEnv({ DATABASE_URL: bad }, '/tmp/x.sqlite')).toThrow(
        'Invalid environment: DATABASE_URL must be a postgres:// URL',
      );
    }
  });

  it('applies the defaults', () => {
    const s = settingsFromEnv({}, '/tmp/x.sqlite');
    expect(s).toMatchObject({ port: 4000, host: '127.0.0.1' });
    expect(s.config).toMatchObject({
      dbFile: '/tmp/x.sqlite',
      publicUrl: 'http://localhost:4000',
      tokenTtlSeconds: 28_800,
      otpMinIntervalSeconds: 60,
      authMaxFailures: 5,
      authMaxFailuresPerAddress: 5,
      authFailureWindowSeconds: 900,
      otpMaxSendsPerAddress: 10,
      otpSendWindowSeconds: 3600,
      knownAddressDays: 30,
      lookupMaxPerAddress: 10,
      lookupWindowSeconds: 900,
      devOutbox: false,
      seedUsers: 64,
    });
    // New password hashes in production: scrypt N ≥ 2^17, r 8, p 1 (ADR 0007, issue 23).
    expect(s.config.passwordCost.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(s.config.passwordCost).toMatchObject({ r: 8, p: 1 });
    expect(s.config.corsOrigins).toEqual(defaultCorsOrigins);
    expect(defaultCorsOrigins).toContain('http://127.0.0.1:3003');
  });

  it('reads every variable', () => {
    const s = settingsFromEnv(
      {
        PORT: '4999',
        HOST: '0.0.0.0',
        DB_FILE: '/data/sso.sqlite',
        PUBLIC_URL: 'https://sso.example/',
        TOKEN_SECRET: 'a-very-long-secret-value',
        TOKEN_TTL_SECONDS: '600',
        OTP_MIN_INTERVAL_SECONDS: '5',
        CORS_ORIGINS: 'http://a.test, http://b.test/',
        SEED_USERS: '10000',
        AUTH_MAX_FAILURES: '7',
        AUTH_MAX_FAILURES_PER_ADDRESS: '50',
        AUTH_FAILURE_WINDOW_SECONDS: '600',
        OTP_MAX_SENDS_PER_ADDRESS: '20',
        OTP_SEND_WINDOW_SECONDS: '1800',
        LOOKUP_MAX_PER_ADDRESS: '30',
        LOOKUP_WINDOW_SECONDS: '300',
        DEV_OUTBOX: '1',
        NODE_ENV: 'production',
      },
      '/tmp/x.sqlite',
    );
    expect(s.port).toBe(4999);
    expect(s.config).toMatchObject({
      dbFile: '/data/sso.sqlite',
      publicUrl: 'https://sso.example',
      tokenSecret: 'a-very-long-secret-value',
      tokenTtlSeconds: 600,
      otpMinIntervalSeconds: 5,
      corsOrigins: ['http://a.test', 'http://b.test'],
      seedUsers: 10_000,
      authMaxFailures: 7,
      authMaxFailuresPerAddress: 50,
      authFailureWindowSeconds: 600,
      otpMaxSendsPerAddress: 20,
      otpSendWindowSeconds: 1800,
      lookupMaxPerAddress: 30,
      lookupWindowSeconds: 300,
      // Production never serves the outbox, even when asked to.
      devOutbox: false,
    });
    expect(settingsFromEnv({ PORT: '5000' }, 'f').config.publicUrl).toBe('http://localhost:5000');
    expect(settingsFromEnv({ CORS_ORIGINS: '*' }, 'f').config.corsOrigins).toBe('*');
  });

  it('serves the outbox only when DEV_OUTBOX=1 outside production', () => {
    const outbox = (env: NodeJS.ProcessEnv) => settingsFromEnv(env, 'f').config.devOutbox;
    expect(outbox({})).toBe(false);
    expect(outbox({ NODE_ENV: 'development' })).toBe(false);
    expect(outbox({ DEV_OUTBOX: '0' })).toBe(false);
    expect(outbox({ DEV_OUTBOX: '1' })).toBe(true);
    expect(outbox({ DEV_OUTBOX: '1', NODE_ENV: 'test' })).toBe(true);
    expect(outbox({ DEV_OUTBOX: '1', NODE_ENV: 'production' })).toBe(false);
  });

  it.each([
    { PORT: 'abc' },
    { DEV_OUTBOX: 'yes' },
    { AUTH_MAX_FAILURES: '0' },
    { OTP_SEND_WINDOW_SECONDS: 'x' },
    { TOKEN_TTL_SECONDS: '-1' },
    { PUBLIC_URL: 'ftp://x' },
    { TOKEN_SECRET: 'short' },
  ])('refuses %j with a message naming the variable', (env) => {
    expect(() => settingsFromEnv(env, 'f')).toThrow(new RegExp(Object.keys(env)[0] ?? ''));
  });
});
