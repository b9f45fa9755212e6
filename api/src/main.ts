import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { settingsFromEnv } from './config';
import { openDatabase } from './db/database';
import { postgresStore, sqliteStore } from './db/store';
import { migratePostgres } from './db/postgres-migrations';
import { drainAndClose } from './ops/draining';
import { rotateSigningKey } from './oidc/keys';

/** `pnpm start`: reads the environment, opens (seeding on first start) the database, listens. */
async function main(): Promise<void> {
  const defaultDbFile = fileURLToPath(new URL('../.data/sso.sqlite', import.meta.url));
  const settings = settingsFromEnv(process.env, defaultDbFile);
  // `node dist/main.js --rotate-oidc-key` (docs/single-sign-on.md): a new signing key, the current
  // one retired (it still verifies for a day); each instance signs with the new one after a restart.
  if (process.argv.includes('--rotate-oidc-key')) {
    const db = openDatabase(settings.config.dbFile);
    const store = settings.databaseUrl ? postgresStore(settings.databaseUrl) : sqliteStore(db);
    try {
      if (settings.databaseUrl) await migratePostgres(store.db);
      const kid = await rotateSigningKey(store, Math.floor(Date.now() / 1000));
      console.log(`OpenID Connect signing key rotated: new key ${kid}; restart every api instance.`);
    } finally {
      await store.close();
      db.close();
    }
    return;
  }
  // On PostgreSQL, buildApp migrates first (once, under the Migrator's advisory lock: instances
  // starting together wait for the first) and then seeds an empty database.
  const app = await buildApp({
    ...settings.config,
    ...(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : {}),
    logger: { level: settings.logLevel },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Connections drain first (ops/draining.ts): none is cut while a client may be sending on it.
    drainAndClose(app, settings.drainGraceSeconds * 1000).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  const shown = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const database = settings.databaseUrl ? 'PostgreSQL' : settings.config.dbFile;
  app.log.info(`api listening on http://${shown}:${settings.port} (database ${database})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
