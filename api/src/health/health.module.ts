import { Module } from '@nestjs/common';
import { DatabaseProbe } from '../database/database-probe.js';
import { DependencyProbe } from './dependency-probe.js';
import { HealthController } from './health.controller.js';
import { ShutdownState } from './shutdown-state.js';

@Module({
  controllers: [HealthController],
  providers: [DatabaseProbe, DependencyProbe, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
