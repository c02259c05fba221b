import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import type { HealthResponse } from '@medora/shared';
import { Public } from '../auth/decorators.js';
import { resilientPoolOf } from '../database/resilient-pool.js';
import { API_VERSION } from '../version.js';

const DB_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Readiness: 200 when the database answers, 503 otherwise (start scripts poll this). One attempt on
   * the pool, without the retries that let requests ride out a restart: health reports the outage.
   */
  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiResponse({ status: 200, description: 'Database up' })
  @ApiResponse({ status: 503, description: 'Database down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const started = performance.now();
    let up: boolean;
    try {
      let timer: NodeJS.Timeout | undefined;
      const pool = resilientPoolOf(this.ds);
      await Promise.race([
        pool ? pool.probe() : this.ds.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      up = true;
    } catch {
      up = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    if (!up) reply.status(503);
    return {
      status: up ? 'ok' : 'degraded',
      database: up ? { status: 'up', latencyMs } : { status: 'down' },
      version: API_VERSION,
    };
  }
}
