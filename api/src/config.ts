import { z } from 'zod';
import { PASSWORD_COST, type ScryptCost } from './auth/password';
import { DEFAULT_DRAIN_GRACE_SECONDS } from './ops/draining';

/** Everything the api can be told from outside. `buildApp` takes it; `main.ts` reads it from env. */
export interface ApiConfig {
  /** SQLite file; its directory is created. */
  dbFile: string;
  /** Origin the api is reached at (no trailing slash): logo URLs are built from it. */
  publicUrl: string;
  /** Default url of application 1 (this panel) when the login call sent none. */
  panelUrl: string;
  /** HMAC secret for tokens; when absent one is generated once and kept in the database. */
  tokenSecret: string | undefined;
  tokenTtlSeconds: number;
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  /** Smallest gap between two codes sent to the same phone (429 with code 6 otherwise). */
  otpMinIntervalSeconds: number;
  /** Wrong passwords or codes per NIK (or phone) in a window; then 429 until it ends. */
  authMaxFailures: number;
  /** Wrong passwords or codes per client address in a window; then 429 until it ends. */
  authMaxFailuresPerAddress: number;
  /** Length of that window (both counts). */
  authFailureWindowSeconds: number;
  /**
   * How long an address that signed in to an account stays "known" to it: its tries for that
   * account have their own count, so failures from elsewhere never refuse it (ADR 0007).
   */
  knownAddressDays: number;
  /**
   * SameSite of the device cookie (DEVICE_COOKIE_SAMESITE): `strict` when the panel and the api are
   * one site (e.g. localhost:3000 and localhost:4000, or panel.example.co.id and api.example.co.id);
   * `none` (sent Secure) when they are different sites.
   */
  deviceCookieSameSite: 'strict' | 'lax' | 'none';
  /** Second-proof sign-ins (challenges opened and codes tried) per client address in a window. */
  secondProofMaxPerAddress: number;
  /** NIK look-ups (`forgot-password`, known or not) per client address in a window; then 429. */
  lookupMaxPerAddress: number;
  lookupWindowSeconds: number;
  /** scrypt cost of new password hashes; production's is PASSWORD_COST (tests pass a cheaper one). */
  passwordCost: ScryptCost;
  /** Codes sent per client address in a window (login and recovery together); then 429. */
  otpMaxSendsPerAddress: number;
  otpSendWindowSeconds: number;
  /** Allowed browser origins, or '*' for any. */
  corsOrigins: string[] | '*';
  /** Users seeded on first start (the first ones come from the employee directory). */
  seedUsers: number;
  /**
   * Serves GET /__dev/outbox to loopback clients. Opt-in (DEV_OUTBOX=1); never with
   * NODE_ENV=production, whatever this says (app.ts checks again).
   */
  devOutbox: boolean;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Days a Log Aktivitas event is kept; older ones are pruned (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /**
   * Addresses of the reverse proxies (e.g. the generated nginx) whose X-Forwarded-For names the
   * client (TRUST_PROXY, comma list). None by default: the client is the connection's peer, and a
   * header sent by anyone else is never believed (per-address throttling).
   */
  trustProxy: string[];
  /**
   * Production's OTP delivery (auth/otp-delivery.ts): the SMS gateway's URL (OTP_WEBHOOK_URL) and
   * bearer token (OTP_WEBHOOK_TOKEN). Without a URL, production sends no code (and says so).
   */
  otpWebhookUrl: string | undefined;
  otpWebhookToken: string | undefined;
  /**
   * Issuer of the OpenID Connect provider (OIDC_ISSUER): `<origin>/oidc`, by default the api's own
   * origin; behind a proxy, the public origin the applications reach (docs/single-sign-on.md).
   */
  oidcIssuer: string;
  /**
   * Bearer token of GET /metrics (METRICS_TOKEN, 24 characters at least). Without it the api serves
   * no metrics (ADR 0023).
   */
  metricsToken: string | undefined;
}

const panelPorts = [3000, 3001, 3002, 3003, 3004, 3005];
export const defaultCorsOrigins = panelPorts.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

export const defaultConfig: Omit<ApiConfig, 'dbFile'> = {
  publicUrl: 'http://localhost:4000',
  panelUrl: 'http://localhost:3000',
  tokenSecret: undefined,
  tokenTtlSeconds: 28_800,
  otpTtlSeconds: 300,
  otpMaxAttempts: 5,
  otpMinIntervalSeconds: 60,
  authMaxFailures: 5,
  authMaxFailuresPerAddress: 5,
  authFailureWindowSeconds: 900,
  knownAddressDays: 30,
  deviceCookieSameSite: 'strict',
  secondProofMaxPerAddress: 20,
  lookupMaxPerAddress: 10,
  lookupWindowSeconds: 900,
  passwordCost: PASSWORD_COST,
  otpMaxSendsPerAddress: 10,
  otpSendWindowSeconds: 3600,
  corsOrigins: defaultCorsOrigins,
  seedUsers: 64,
  devOutbox: false,
  bodyLimit: 1024 * 1024,
  auditRetentionDays: 365,
  trustProxy: [],
  otpWebhookUrl: undefined,
  otpWebhookToken: undefined,
  oidcIssuer: 'http://localhost:4000/oidc',
  metricsToken: undefined,
};

const intVar = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();
const urlVar = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

const envSchema = z.object({
  PORT: intVar(0, 65_535),
  HOST: z.string().min(1).optional(),
  DB_FILE: z.string().min(1).optional(),
  PUBLIC_URL: urlVar,
  PANEL_URL: urlVar,
  OIDC_ISSUER: urlVar.refine((value) => value === undefined || new URL(value).pathname === '/oidc', {
    message: 'OIDC_ISSUER must be an origin followed by /oidc (e.g. https://sso.example.com/oidc)',
  }),
  TOKEN_SECRET: z.string().min(16, 'TOKEN_SECRET needs at least 16 characters').optional(),
  TOKEN_TTL_SECONDS: intVar(60, 31_536_000),
  OTP_MIN_INTERVAL_SECONDS: intVar(0, 86_400),
  AUTH_MAX_FAILURES: intVar(1, 1_000_000),
  AUTH_MAX_FAILURES_PER_ADDRESS: intVar(1, 1_000_000),
  AUTH_FAILURE_WINDOW_SECONDS: intVar(1, 86_400),
  LOOKUP_MAX_PER_ADDRESS: intVar(1, 1_000_000),
  SECOND_PROOF_MAX_PER_ADDRESS: intVar(1, 1_000_000),
  DEVICE_COOKIE_SAMESITE: z
    .enum(['strict', 'lax', 'none'], { error: 'DEVICE_COOKIE_SAMESITE must be strict, lax or none' })
    .optional(),
  LOOKUP_WINDOW_SECONDS: intVar(1, 86_400),
  OTP_MAX_SENDS_PER_ADDRESS: intVar(1, 1_000_000),
  OTP_SEND_WINDOW_SECONDS: intVar(1, 86_400),
  DEV_OUTBOX: z.enum(['0', '1'], { error: 'DEV_OUTBOX must be 0 or 1' }).optional(),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  SEED_USERS: intVar(1, 200_000),
  AUDIT_RETENTION_DAYS: intVar(1, 36_500),
  NODE_ENV: z.string().optional(),
  OTP_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  OTP_WEBHOOK_TOKEN: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN needs at least 24 characters').optional(),
  DRAIN_GRACE_SECONDS: intVar(0, 600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

/** A `postgres://` or `postgresql://` URL (`pg`'s connection string), else a message naming the variable. */
function databaseUrlOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('Invalid environment: DATABASE_URL must be a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error('Invalid environment: DATABASE_URL must be a postgres:// URL');
  }
  return value;
}

export interface ServerSettings {
  /**
   * The PostgreSQL database every instance shares (DATABASE_URL), or undefined for the SQLite file
   * (`config.dbFile`, the embedded default).
   */
  databaseUrl?: string;
  port: number;
  host: string;
  logLevel: string;
  /**
   * Seconds a stopping api waits for its keep-alive connections (DRAIN_GRACE_SECONDS, ADR 0023): 10
   * in production, 0 elsewhere (a development restart must not wait for a browser's idle connection).
   */
  drainGraceSeconds: number;
  config: ApiConfig;
}

function parseOrigins(value: string | undefined): string[] | '*' {
  if (value === undefined || value.trim() === '') return defaultCorsOrigins;
  if (value.trim() === '*') return '*';
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/** Reads the environment; a bad value stops the start with a message naming the variable. */
export function settingsFromEnv(env: NodeJS.ProcessEnv, defaultDbFile: string): ServerSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 4000;
  return {
    ...(env.DATABASE_URL ? { databaseUrl: databaseUrlOf(env.DATABASE_URL) } : {}),
    port,
    host: e.HOST ?? '127.0.0.1',
    logLevel: e.LOG_LEVEL ?? 'info',
    drainGraceSeconds:
      e.DRAIN_GRACE_SECONDS ?? (e.NODE_ENV === 'production' ? DEFAULT_DRAIN_GRACE_SECONDS : 0),
    config: {
      ...defaultConfig,
      dbFile: e.DB_FILE ?? defaultDbFile,
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
      panelUrl: e.PANEL_URL ?? defaultConfig.panelUrl,
      tokenSecret: e.TOKEN_SECRET,
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS ?? defaultConfig.tokenTtlSeconds,
      otpMinIntervalSeconds: e.OTP_MIN_INTERVAL_SECONDS ?? defaultConfig.otpMinIntervalSeconds,
      authMaxFailures: e.AUTH_MAX_FAILURES ?? defaultConfig.authMaxFailures,
      authMaxFailuresPerAddress: e.AUTH_MAX_FAILURES_PER_ADDRESS ?? defaultConfig.authMaxFailuresPerAddress,
      authFailureWindowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS ?? defaultConfig.authFailureWindowSeconds,
      lookupMaxPerAddress: e.LOOKUP_MAX_PER_ADDRESS ?? defaultConfig.lookupMaxPerAddress,
      secondProofMaxPerAddress: e.SECOND_PROOF_MAX_PER_ADDRESS ?? defaultConfig.secondProofMaxPerAddress,
      deviceCookieSameSite: e.DEVICE_COOKIE_SAMESITE ?? defaultConfig.deviceCookieSameSite,
      lookupWindowSeconds: e.LOOKUP_WINDOW_SECONDS ?? defaultConfig.lookupWindowSeconds,
      otpMaxSendsPerAddress: e.OTP_MAX_SENDS_PER_ADDRESS ?? defaultConfig.otpMaxSendsPerAddress,
      otpSendWindowSeconds: e.OTP_SEND_WINDOW_SECONDS ?? defaultConfig.otpSendWindowSeconds,
      corsOrigins: parseOrigins(e.CORS_ORIGINS),
      seedUsers: e.SEED_USERS ?? defaultConfig.seedUsers,
      auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? defaultConfig.auditRetentionDays,
      devOutbox: e.DEV_OUTBOX === '1' && e.NODE_ENV !== 'production',
      otpWebhookUrl: e.OTP_WEBHOOK_URL,
      otpWebhookToken: e.OTP_WEBHOOK_TOKEN,
      metricsToken: e.METRICS_TOKEN,
      oidcIssuer: e.OIDC_ISSUER ?? `${e.PUBLIC_URL ?? `http://localhost:${port}`}/oidc`,
      trustProxy: (e.TRUST_PROXY ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter((address) => address !== ''),
    },
  };
}
