/**
 * `npm run storage:migrate`: moves the stored file bytes (documents, credentials, prescriptions)
 * from Postgres into the S3 bucket of S3_*; `npm run storage:migrate -- --to-db` moves
 * them back. Idempotent and resumable: run it again after a stop, it moves what is left. Uses the
 * API's database config: MIGRATION_DATABASE_URL or DATABASE_URL, or the embedded server (started
 * here for the moment if it is not running).
 */
import pg from 'pg';
import { S3ObjectStore } from '../api/src/storage/s3-object-store.js';
import { loadConfig } from '../api/src/config/config.js';
import { embeddedDatabaseUrl } from '../api/src/database/default-url.js';
import { startEmbeddedPostgres, type RunningPostgres } from '../api/src/database/embedded.js';
import { migrateStorage } from '../api/src/database/storage-migration.js';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--to-db');
  if (unknown.length > 0) {
    console.error('Usage: npm run storage:migrate [-- --to-db]');
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.s3) {
    console.error(
      'storage:migrate needs the bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …).',
    );
    return 2;
  }
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  let embedded: RunningPostgres | null = null;
  let client: pg.Client;
  try {
    client = await connect(url ?? embeddedDatabaseUrl(config));
  } catch (error) {
    if (url) throw error;
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    client = await connect(embedded.url);
  }
  const s3 = new S3ObjectStore(config.s3);
  try {
    await migrateStorage(client, s3, args.includes('--to-db') ? 'to-db' : 'to-s3', (line) =>
      console.log(line),
    );
    return 0;
  } finally {
    s3.destroy();
    await client.end();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`storage:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
