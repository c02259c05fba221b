import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { dataSourceOptions } from './typeorm-options.js';

/** `npm run migration:run -w @medora/api`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  const ds = new DataSource({
    ...dataSourceOptions(config.databaseUrl ?? embedded!.url),
    migrationsRun: false,
  });
  try {
    await ds.initialize();
    const done = await ds.runMigrations({ transaction: 'each' });
    console.log(done.length ? `Applied ${done.map((m) => m.name).join(', ')}` : 'No pending migrations');
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
