import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERROR_BODY_SCHEMA } from '../common/openapi.js';
import type { RateLimitPolicy } from '../config/config.js';
import { RATE_LIMIT_POLICY, RateLimitGuard } from './rate-limit.guard.js';

/**
 * Limits the route with the policy's per-user and per-IP counts (RATE_LIMIT_* env). A route guard on
 * purpose: route guards run after the global AuthGuard, which has verified the caller's uid by then.
 */
export const RateLimit = (policy: RateLimitPolicy) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_POLICY, policy),
    UseGuards(RateLimitGuard),
    ApiResponse({
      status: 429,
      description: 'Too many requests from this account or address; Retry-After gives the seconds to wait',
      schema: ERROR_BODY_SCHEMA,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    }),
  );
