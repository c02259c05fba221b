import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config.js';
import { embeddedDatabaseUrl } from './default-url.js';
import { dataSourceOptions } from './typeorm-options.js';

/**
 * For the TypeORM CLI (`typeorm migration:show -d api/dist/database/data-source.js`), as the migration
 * owner: MIGRATION_DATABASE_URL, else DATABASE_URL, or the embedded server of EMBEDDED_PG_PORT, which
 * must then be running (`npm start`).
 */
const config = loadConfig(process.env);
export default new DataSource({
  ...dataSourceOptions(
    config.migrationDatabaseUrl ?? config.databaseUrl ?? embeddedDatabaseUrl(config),
    config.dbPoolSize,
  ),
  migrationsRun: false,
});
