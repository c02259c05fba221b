import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolStats } from '../database/pool-stats.js';
import { MetricsService, POOL_STATS } from './metrics.service.js';

/**
 * Imported only when METRICS_PORT is set: without it nothing is measured per request. Global so the
 * mail queue can count its jobs (an optional injection of MetricsService).
 */
@Global()
@Module({
  exports: [MetricsService],
  providers: [
    MetricsService,
    { provide: POOL_STATS, useFactory: (ds: DataSource) => () => poolStats(ds), inject: [DataSource] },
  ],
})
export class MetricsModule {}
