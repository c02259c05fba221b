import {
  Injectable,
  Logger,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES, type Role } from '@medora/shared';
import { AuditService } from '../audit/audit.service.js';
import { routeAuditTarget } from '../audit/route-target.js';
import { ApiException } from '../common/http-exception.filter.js';
import { UsersRepository } from '../users/users.repository.js';
import type { RequestWithCaller } from './caller.js';
import { IS_PUBLIC, REQUIRE_VERIFIED_EMAIL, ROLES_KEY } from './decorators.js';
import { FirebaseAuthService } from './firebase-auth.service.js';

/** firebase-admin's codes for a token or account the caller must fix (sign in again); anything else
 * means the API could not check the token at all (credentials, Firebase unreachable). */
const CALLER_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

const logger = new Logger('Auth');

/**
 * One line per refused token, never the token itself: a bad token at info level, a failed check
 * (which refuses every caller, e.g. missing Admin credentials) at error level, so it is seen.
 */
function logRefusal(error: unknown, token: string): void {
  const code = (error as { code?: unknown } | null)?.code;
  const raw = error instanceof Error ? error.message : String(error);
  // Anything shaped like a JWT is cut out as well, in case a library quotes one.
  const message = raw
    .split(token)
    .join('<token>')
    .replace(/[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, '<token>');
  const codeText = typeof code === 'string' ? code : 'no code';
  if (typeof code === 'string' && CALLER_TOKEN_CODES.has(code)) {
    logger.log(`ID token refused (${codeText}): ${message}`);
  } else {
    logger.error(`ID token could not be checked, so the request is refused (${codeText}): ${message}`);
  }
}

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
    } catch (error) {
      logRefusal(error, match[1]!);
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
