import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage } from '@medora/shared';
import type { RequestWithCaller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import type { RateLimitPolicy } from '../config/config.js';
import { ipBucket } from './client-ip.js';
import { RequestCounter, type CountedBy } from './request-counter.js';

export const RATE_LIMIT_POLICY = 'medora:rateLimitPolicy';

/**
 * Counts a limited route's requests per verified uid and per client IP (`request.ip`: the socket
 * address, or the X-Forwarded-For entry of a TRUSTED_PROXIES proxy), per policy;
 * over either limit → 429 `rateLimited` with Retry-After. Applied per route by `@RateLimit(policy)`:
 * route guards run after the global AuthGuard, so the uid is the verified token's, never the body's,
 * and a request without a valid token has been refused (401) before it is counted.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counter: RequestCounter,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitPolicy | undefined>(RATE_LIMIT_POLICY, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (!policy) return true;
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest & RequestWithCaller>();
    const reply = http.getResponse<FastifyReply>();
    // The user first: one caller over their own limit is refused without using up the budget that
    // everyone behind the same address (a clinic, a NAT) shares.
    const uid = req.caller?.uid;
    if (uid) await this.take(policy, 'user', uid, reply);
    await this.take(policy, 'ip', ipBucket(req.ip), reply);
    return true;
  }

  private async take(
    policy: RateLimitPolicy,
    by: CountedBy,
    key: string,
    reply: FastifyReply,
  ): Promise<void> {
    const result = await this.counter.take(policy, by, key);
    if (result.allowed) return;
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    void reply.header('retry-after', String(seconds));
    throw new ApiException(429, formatMessage('rateLimited', { seconds }));
  }
}
