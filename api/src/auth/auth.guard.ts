import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES, type Role } from '@medora/shared';
import { AuditService } from '../audit/audit.service.js';
import { routeAuditTarget } from '../audit/route-target.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UsersRepository } from '../users/users.repository.js';
import type { RequestWithCaller } from './caller.js';
import { IS_PUBLIC, REQUIRE_VERIFIED_EMAIL, ROLES_KEY } from './decorators.js';
import { FirebaseAuthService } from './firebase-auth.service.js';

/**
 * Global guard: every route not marked `@Public()` needs `Authorization: Bearer <Firebase ID token>`.
 * Sets `request.caller`; enforces `@Roles(...)` against the caller's stored role and
 * `@RequireVerifiedEmail()` against the token's `email_verified`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly firebase: FirebaseAuthService,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<RequestWithCaller>();
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw new UnauthorizedException(MESSAGES.unauthenticated);
    let decoded;
    try {
      decoded = await this.firebase.verifyIdToken(match[1]!);
    } catch {
      throw new UnauthorizedException(MESSAGES.unauthenticated);
    }
    const user = await this.users.roleOf(decoded.uid);
    req.caller = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      role: user?.role ?? null,
      registered: user !== null,
      ip: req.ip ?? null,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
      tokenIssuedAt: typeof decoded.iat === 'number' ? new Date(decoded.iat * 1000) : null,
    };
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (roles && roles.length > 0 && (req.caller.role === null || !roles.includes(req.caller.role))) {
      // A refusal names what it refused: the route's resource and the path's id.
      await this.audit.recordFor(
        req.caller,
        'denied',
        routeAuditTarget(req.method, req.routeOptions?.url, req.params),
      );
      throw new ApiException(403, MESSAGES.forbidden);
    }
    // The email claim comes from the verified token, never from the body.
    if (
      this.reflector.getAllAndOverride<boolean>(REQUIRE_VERIFIED_EMAIL, targets) &&
      !req.caller.emailVerified
    ) {
      throw new ApiException(403, MESSAGES.verifyEmailFirst);
    }
    return true;
  }
}
