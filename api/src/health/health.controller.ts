import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { HealthResponse } from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { DatabaseProbe } from '../database/database-probe.js';
import { API_VERSION } from '../version.js';

const DB_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseProbe) {}

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
}
