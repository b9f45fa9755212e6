import cors from '@fastify/cors';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { API_PREFIX } from '@sso/shared/contract';
import { accessHooks, installAdminScope } from './access/admin-access';
import { installAudit } from './audit/install-audit';
import { installDeclaredScope } from './http/route';
import { ADMIN_TABLES, SIGN_IN_TABLES } from './routes';
import { createDevices } from './auth/devices';
import { createKnownAddresses } from './auth/known-addresses';
import {
  createNoDelivery,
  createOutboxDelivery,
  createWebhookDelivery,
  type OtpDelivery,
} from './auth/otp-delivery';
import { createSecondProof } from './auth/second-proof';
import { createOtpService } from './auth/otp-service';
import { createSessionStore } from './auth/session-store';
import { createThrottle } from './auth/throttle';
import { createTokenSigner, resolveTokenSecret } from './auth/tokens';
import { systemClock, type Clock } from './clock';
import { defaultConfig, type ApiConfig } from './config';
import type { AppContext } from './context';
import { postgresStore, sqliteStore, type Store } from './db/store';
import { migratePostgres } from './db/postgres-migrations';
import { createTwoStep } from './auth/two-step/two-step';
import { seedDemoTwoStep } from './auth/two-step/demo-two-step';
import { openDatabase } from './db/database';
import { seedIfEmpty } from './db/seed/seed';
import { outboxRoutes } from './dev/outbox-routes';
import { seedDemoClients } from './oidc/demo-clients';
import { registerOidc } from './oidc/oidc-routes';
import { frameworkErrorBody, installErrorHandling, installJsonParser } from './http/error-handling';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import { installOps } from './ops/install-ops';
import { healthRoutes } from './health-routes';
import { logoRoutes } from './static/logo-routes';

export type BuildAppOptions = Partial<ApiConfig> & {
  dbFile: string;
  /**
   * A PostgreSQL database (ADR 0026): the stores on the data layer use it instead of the SQLite
   * file, migrated on start (`migratePostgres`, under its advisory lock) and seeded like the file.
   * Until every store has moved, the others still use `dbFile` (the test harness's `TEST_STORE`).
   */
  databaseUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Time source (tests move it to expire tokens and codes). */
  clock?: Clock;
  /** Production rules (no outbox, no secret in a log line); NODE_ENV=production by default. */
  production?: boolean;
};

function withDefaults(options: BuildAppOptions): ApiConfig {
  const d = defaultConfig;
  return {
    dbFile: options.dbFile,
    publicUrl: (options.publicUrl ?? d.publicUrl).replace(/\/+$/, ''),
    panelUrl: options.panelUrl ?? d.panelUrl,
    tokenSecret: options.tokenSecret ?? d.tokenSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? d.tokenTtlSeconds,
    otpTtlSeconds: options.otpTtlSeconds ?? d.otpTtlSeconds,
    otpMaxAttempts: options.otpMaxAttempts ?? d.otpMaxAttempts,
    otpMinIntervalSeconds: options.otpMinIntervalSeconds ?? d.otpMinIntervalSeconds,
    authMaxFailures: options.authMaxFailures ?? d.authMaxFailures,
    authMaxFailuresPerAddress: options.authMaxFailuresPerAddress ?? d.authMaxFailuresPerAddress,
    authFailureWindowSeconds: options.authFailureWindowSeconds ?? d.authFailureWindowSeconds,
    knownAddressDays: options.knownAddressDays ?? d.knownAddressDays,
    deviceCookieSameSite: options.deviceCookieSameSite ?? d.deviceCookieSameSite,
    secondProofMaxPerAddress: options.secondProofMaxPerAddress ?? d.secondProofMaxPerAddress,
    lookupMaxPerAddress: options.lookupMaxPerAddress ?? d.lookupMaxPerAddress,
    lookupWindowSeconds: options.lookupWindowSeconds ?? d.lookupWindowSeconds,
    passwordCost: options.passwordCost ?? d.passwordCost,
    otpMaxSendsPerAddress: options.otpMaxSendsPerAddress ?? d.otpMaxSendsPerAddress,
    otpSendWindowSeconds: options.otpSendWindowSeconds ?? d.otpSendWindowSeconds,
    corsOrigins: options.corsOrigins ?? d.corsOrigins,
    seedUsers: options.seedUsers ?? d.seedUsers,
    devOutbox: options.devOutbox ?? d.devOutbox,
    bodyLimit: options.bodyLimit ?? d.bodyLimit,
    auditRetentionDays: options.auditRetentionDays ?? d.auditRetentionDays,
    trustProxy: options.trustProxy ?? d.trustProxy,
    otpWebhookUrl: options.otpWebhookUrl ?? d.otpWebhookUrl,
    otpWebhookToken: options.otpWebhookToken ?? d.otpWebhookToken,
    metricsToken: options.metricsToken ?? d.metricsToken,
    oidcIssuer: (
      options.oidcIssuer ?? `${(options.publicUrl ?? d.publicUrl).replace(/\/+$/, '')}/oidc`
    ).replace(/\/+$/, ''),
  };
}

/** Whether the app's logger writes `info` lines (pino); a disabled logger has no levels at all. */
function infoEnabled(log: FastifyBaseLogger): boolean {
  return (
    'isLevelEnabled' in log && typeof log.isLevelEnabled === 'function' && log.isLevelEnabled('info') === true
  );
}

/** Production: the gateway when one is configured, else none; elsewhere the development outbox. */
function otpDelivery(
  config: ApiConfig,
  store: Store,
  log: FastifyBaseLogger,
  production: boolean,
): OtpDelivery {
  if (!production) return createOutboxDelivery(store, log, false);
  if (config.otpWebhookUrl) {
    return createWebhookDelivery({ url: config.otpWebhookUrl, token: config.otpWebhookToken }, log);
  }
  log.warn('OTP_WEBHOOK_URL is not set: no OTP code will be sent');
  return createNoDelivery(log);
}

/**
 * The whole api as a Fastify instance (not listening): opens and, on first start, seeds the
 * database. `main.ts` listens; tests call `app.inject`. Closing the app closes the database.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = withDefaults(options);
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const clock = options.clock ?? systemClock;
  // The data layer (ADR 0026): every store reaches the database through `store`. The SQLite file is
  // opened only when no PostgreSQL database is named (its migrations run as it opens).
  const { databaseUrl } = options;
  const db = databaseUrl === undefined ? openDatabase(config.dbFile) : null;
  const store = db ? sqliteStore(db) : postgresStore(databaseUrl ?? '');
  if (databaseUrl !== undefined) await migratePostgres(store.db);
  await seedIfEmpty(store, {
    users: config.seedUsers,
    panelUrl: config.panelUrl,
    passwordCost: config.passwordCost,
  });
  // The sample applications' clients (examples/), never with NODE_ENV=production.
  await seedDemoClients(store, new Date(clock()).toISOString());

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    // request.ip: the peer, or behind a trusted proxy the address it forwarded (docs/operations.md "Production").
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error, request, reply) => {
      // The router fails before any route: answer on the raw response (the typed reply is generic here).
      const { status, body } = frameworkErrorBody(error);
      reply.raw.writeHead(status, {
        ...securityHeaders(request.url),
        'content-type': 'application/json; charset=utf-8',
      });
      reply.raw.end(JSON.stringify(body));
    },
    // Fastify's two lines per request are replaced by one compact line (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onClose', async () => {
    await store.close();
    db?.close();
  });
  // One line per request at `info`; URLs carry no secrets here (tokens travel in headers and bodies
  // only). Below `info` (production's LOG_LEVEL=warn, tests without a logger) the line would be
  // dropped anyway, so the hook is not installed and requests skip it.
  if (infoEnabled(app.log)) {
    app.addHook('onResponse', async (request, reply) => {
      // The path only: a query string is never logged (whatever a client put there).
      const path = request.url.split('?', 1)[0] ?? '';
      request.log.info(`${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    });
  }

  const tokenSecret = await resolveTokenSecret(store.db, config.tokenSecret);
  const signer = createTokenSigner(tokenSecret);
  const otp = createOtpService(
    store,
    signer,
    clock,
    {
      ttlSeconds: config.otpTtlSeconds,
      maxAttempts: config.otpMaxAttempts,
      minIntervalSeconds: config.otpMinIntervalSeconds,
    },
    otpDelivery(config, store, app.log, production),
  );
  const ctx: AppContext = {
    db,
    store,
    config,
    clock,
    sessions: createSessionStore(store, signer, clock, config.tokenTtlSeconds),
    otp,
    devices: createDevices(store, signer, clock, config),
    secondProof: createSecondProof(store, clock, otp, config.otpTtlSeconds),
    twoStep: createTwoStep(store, clock, tokenSecret, config.panelUrl),
    throttle: createThrottle(store, clock),
    knownAddresses: createKnownAddresses(store, clock, config.knownAddressDays),
    logoUrl: (file) => `${config.publicUrl}/static/logos/${file}`,
  };
  await seedDemoTwoStep(store, ctx.twoStep);

  // Draining on stop, storage faults as 503, /metrics (issue 35, ADR 0023).
  const ops = installOps(
    app,
    { db, store },
    { metricsToken: config.metricsToken, postgres: options.databaseUrl !== undefined },
  );
  installSecurityHeaders(app);
  installJsonParser(app);
  installErrorHandling(app, ops.storeFault);
  app.decorateRequest('auth', null);
  const allowed = config.corsOrigins;
  await app.register(cors, {
    origin: allowed === '*' ? true : allowed,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    // The sign-in calls carry the device cookie (auth/devices.ts); nothing else reads a cookie.
    credentials: true,
    // The panel reads how long a 429 lasts.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  const hooks = accessHooks(ctx);
  healthRoutes(ops).register(app, ctx, hooks);
  logoRoutes.register(app, ctx, hooks);
  // The OpenID Connect provider of the group's applications (issuer <origin>/oidc, ADR 0015).
  await registerOidc(app, ctx);
  // Opt-in, and never in production even when asked for (DESIGN "Security").
  if (config.devOutbox && !production) outboxRoutes.register(app, ctx, hooks);

  // Every route below is a declaration of its domain's table (http/route.ts, routes.ts): its access
  // check, parsing and audit come from it.
  await app.register(
    async (api) => {
      installDeclaredScope(api);
      // Log Aktivitas: hooks on every route below (sign-in steps and admin writes), first.
      installAudit(api, ctx);
      for (const table of SIGN_IN_TABLES) table.register(api, ctx, hooks);
      // Admin routes: an app-1 access token and the grant each route's action names (DESIGN "Access control").
      await api.register(async (admin) => {
        installAdminScope(admin);
        for (const table of ADMIN_TABLES) table.register(admin, ctx, hooks);
      });
    },
    { prefix: API_PREFIX },
  );
  return app;
}
