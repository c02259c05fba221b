import { Logger } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import { connectionFailure } from './connection-errors.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { resilientPg } from './resilient-pool.js';

/**
 * One place for the DataSource options of the app, the CLI and the tests. The schema only ever changes
 * through migrations: `synchronize` stays off.
 */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    // pg with a pool that rides out a database restart (resilient-pool.ts).
    driver: resilientPg,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: true,
    logging: false,
    // An idle pooled connection that dies (restart, pg_terminate_backend) is dropped by the pool; one
    // line says so, without the driver's text.
    poolErrorHandler: (error: unknown) =>
      new Logger('Database').warn(`Dropped an idle connection (${connectionFailure(error) ?? 'error'})`),
    // A burst (50 patients on one slot) queues for a pooled connection; 5 s turned a busy moment on a
    // loaded 2-core machine into failed requests. A down database still fails fast (connect errors).
    extra: { max: poolSize, connectionTimeoutMillis: 20_000 },
  };
}
