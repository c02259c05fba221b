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
    // A burst (50 patients on one slot) queues for a pooled connection; 5 s turned a busy moment on a
    // loaded 2-core machine into failed requests. A down database still fails fast (connect errors).
    extra: { max: poolSize, connectionTimeoutMillis: 20_000 },
  };
}
