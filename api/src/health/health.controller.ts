import { Controller, Get, Optional, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { HealthResponse, LivenessResponse, ReadinessResponse } from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { DatabaseProbe } from '../database/database-probe.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { DependencyProbe } from './dependency-probe.js';
import { API_VERSION } from '../version.js';
import { ShutdownState } from './shutdown-state.js';

const DB_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly shutdown: ShutdownState,
    private readonly dependencies: DependencyProbe,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  /** Readiness: 200 when the database answers, 503 otherwise (start scripts poll this). */
  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiResponse({ status: 200, description: 'Database up' })
  @ApiResponse({ status: 503, description: 'Database down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const started = performance.now();
    const up = await this.database.answers(DB_TIMEOUT_MS);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (!up) reply.status(503);
    return {
      status: up ? 'ok' : 'degraded',
      database: up ? { status: 'up', latencyMs } : { status: 'down' },
      version: API_VERSION,
    };
  }

  /** Liveness: the process is up and serving; never touches the database. */
  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no database check)' })
  @ApiResponse({ status: 200, description: 'Process up' })
  live(): LivenessResponse {
    return { status: 'ok', version: API_VERSION };
  }

  /**
   * Readiness: 200 when the database answers, every migration of this version is applied
   * and the process is not shutting down; 503 otherwise, so a load balancer sends no traffic here.
   * Redis and the object store are checked and reported (and their `medora_dependency_up` gauges
   * set) but do not decide: every replica shares them, so an outage there would take every replica
   * out while the API still serves without them.
   */
  @Public()
  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: database reachable, migrations current, not shutting down; Redis and object store reported',
  })
  @ApiResponse({ status: 200, description: 'Ready for traffic' })
  @ApiResponse({ status: 503, description: 'Not ready (database down, migrations pending, shutting down)' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse> {
    const shuttingDown = this.shutdown.shuttingDown;
    const [up, redis, objectStore] = await Promise.all([
      shuttingDown ? false : this.database.answers(DB_TIMEOUT_MS),
      this.dependencies.redisState(DB_TIMEOUT_MS),
      this.dependencies.objectStoreState(DB_TIMEOUT_MS),
    ]);
    if (!shuttingDown) this.metrics?.dependency('database', up);
    if (redis !== 'off') this.metrics?.dependency('redis', redis === 'up');
    if (objectStore !== 'off') this.metrics?.dependency('object_store', objectStore === 'up');
    const migrations = up ? await this.database.migrationsState(DB_TIMEOUT_MS) : 'unknown';
    const ready = !shuttingDown && up && migrations === 'current';
    if (!ready) reply.status(503).header('cache-control', 'no-store');
    return {
      status: ready ? 'ready' : 'not-ready',
      database: up ? 'up' : 'down',
      migrations,
      redis,
      objectStore,
      shuttingDown,
      version: API_VERSION,
    };
  }
}
