import { defaultCorsOrigins, settingsFromEnv } from './config';

describe('settingsFromEnv', () => {
  it('applies the defaults', () => {
    const s = settingsFromEnv({}, '/tmp/x.sqlite');
    expect(s).toMatchObject({ port: 4000, host: '127.0.0.1' });
    expect(s.config).toMatchObject({
      dbFile: '/tmp/x.sqlite',
      publicUrl: 'http://localhost:4000',
      tokenTtlSeconds: 28_800,
      otpMinIntervalSeconds: 60,
      devRoutes: true,
      seedUsers: 64,
    });
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
      devRoutes: false,
    });
    expect(settingsFromEnv({ PORT: '5000' }, 'f').config.publicUrl).toBe('http://localhost:5000');
    expect(settingsFromEnv({ CORS_ORIGINS: '*' }, 'f').config.corsOrigins).toBe('*');
  });

  it.each([
    { PORT: 'abc' },
    { TOKEN_TTL_SECONDS: '-1' },
    { PUBLIC_URL: 'ftp://x' },
    { TOKEN_SECRET: 'short' },
  ])('refuses %j with a message naming the variable', (env) => {
    expect(() => settingsFromEnv(env, 'f')).toThrow(new RegExp(Object.keys(env)[0] ?? ''));
  });
});
