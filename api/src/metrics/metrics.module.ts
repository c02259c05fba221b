import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolStats } from '../database/pool-stats.js';
import { MAIL_JOB_METRICS } from '../jobs/mail-job-metrics.js';
import { MetricsService, POOL_STATS } from './metrics.service.js';

/**
 * Imported only when METRICS_PORT is set: without it nothing is measured per request. Global so the
 * job queue can count its mail jobs (optional injection of MAIL_JOB_METRICS).
 */
@Global()
@Module({
  exports: [MAIL_JOB_METRICS],
  providers: [
    MetricsService,
    { provide: MAIL_JOB_METRICS, useExisting: MetricsService },
    { provide: POOL_STATS, useFactory: (ds: DataSource) => () => poolStats(ds), inject: [DataSource] },
  ],
})
export class MetricsModule {}
