import 'reflect-metadata';
import { pruneAuditLog } from '../audit/audit-retention.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';

/**
 * `npm run audit:retention -w @medora/api`: deletes the audit rows older than
 * AUDIT_RETENTION_MONTHS, as the owner, and exits; meant for a daily cron beside the boot-time run.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.auditRetentionMonths === null) {
    console.log('AUDIT_RETENTION_MONTHS is not set: audit rows are kept for ever');
    return;
  }
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
  try {
    const url = config.migrationDatabaseUrl ?? config.databaseUrl ?? embedded!.url;
    const n = await pruneAuditLog(url, config.auditRetentionMonths);
    console.log(`Deleted ${n} audit rows older than ${config.auditRetentionMonths} months`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
