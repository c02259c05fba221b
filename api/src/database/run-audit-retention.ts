import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { pruneAuditLog, setAuditRetention } from '../audit/audit-retention.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { dataSourceOptions } from './typeorm-options.js';

/**
 * `npm run audit:retention -w @medora/api`: sets the retention policy to AUDIT_RETENTION_MONTHS and
 * deletes the rows older than that now, as the owner, and exits. The API runs the same every day as a
 * scheduled job; this is for an operator who changed the setting and does not want to wait.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  try {
    const url = config.migrationDatabaseUrl ?? config.databaseUrl ?? embedded!.url;
    const ds = new DataSource({ ...dataSourceOptions(url, 1), migrationsRun: false });
    await ds.initialize();
    try {
      await setAuditRetention(ds, config.auditRetentionMonths);
      if (config.auditRetentionMonths === null) {
        console.log('AUDIT_RETENTION_MONTHS is not set: audit rows are kept for ever');
        return;
      }
      const n = await pruneAuditLog(ds);
      console.log(`Deleted ${n} audit rows older than ${config.auditRetentionMonths} months`);
    } finally {
      await ds.destroy();
    }
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
