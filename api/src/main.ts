import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { settingsFromEnv } from './config';

/** `pnpm start`: reads the environment, opens (seeding on first start) the database, listens. */
async function main(): Promise<void> {
  const defaultDbFile = fileURLToPath(new URL('../.data/sso.sqlite', import.meta.url));
  const settings = settingsFromEnv(process.env, defaultDbFile);
  const app = await buildApp({
    ...settings.config,
    logger: { level: settings.logLevel },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
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
  app.log.info(`api listening on http://${shown}:${settings.port} (database ${settings.config.dbFile})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
