import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateDatabase } from './typeorm-options.js';

/** `npm run migration:run -w @medora/api`: applies pending migrations and exits. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  try {
    // As the owner: MIGRATION_DATABASE_URL when the API's own DATABASE_URL is the restricted role.
    const done = await migrateDatabase(config.migrationDatabaseUrl ?? config.databaseUrl ?? embedded!.url);
    console.log(done.length ? `Applied ${done.join(', ')}` : 'No pending migrations');
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
