import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateAndSeed } from './migrate.js';

/**
 * `npm run migrate` (and `npm run migration:run -w @medora/api` on the built output): applies pending
 * migrations and the demo seed (SEED_DEMO_DATA) once, under the migration advisory lock, and exits.
 * Run it before starting API replicas that have MIGRATE_ON_BOOT=false (the production default).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  try {
    // As the owner: MIGRATION_DATABASE_URL when the API's own DATABASE_URL is the restricted role.
    // The API's login (DATABASE_URL, when it is another role) is created or updated here too.
    const done = await migrateAndSeed(config.migrationDatabaseUrl ?? config.databaseUrl ?? embedded!.url, {
      seed: config.seedDemoData,
      auditRetentionMonths: config.auditRetentionMonths,
      apiUrl: config.databaseUrl,
      warn: (line) => console.warn(line),
    });
    console.log(done.length ? `Applied ${done.join(', ')}` : 'No pending migrations');
    if (config.seedDemoData) console.log('Demo data ready');
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
