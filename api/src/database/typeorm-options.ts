import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * One place for the DataSource options of the app, the CLI and the tests. The schema only ever changes
 * through migrations: `synchronize` stays off.
 */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: true,
    logging: false,
    extra: { max: poolSize, connectionTimeoutMillis: 5_000 },
  };
}
