import {
  applyDecorators,
  SetMetadata,
  UnauthorizedException,
  createParamDecorator,
  type ExecutionContext,
} from '@nestjs/common';
import type { Role } from '@medora/shared';
import { ApiPublic } from '../common/openapi.js';
import type { Caller, RequestWithCaller } from './caller.js';

export const IS_PUBLIC = 'medora:isPublic';
export const ROLES_KEY = 'medora:roles';
export const REQUIRE_VERIFIED_EMAIL = 'medora:requireVerifiedEmail';

/**
 * The route needs no ID token. Every other route does (the auth guard is global); the OpenAPI document
 * says so too (`security: []`).
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiPublic());

/** Only callers whose stored role is listed may use the route (403 otherwise). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Only a caller whose ID token says `email_verified: true` may use the route (403
 * MESSAGES.verifyEmailFirst otherwise): writes of health data, booking and doctor applications, so an
 * unverified account cannot act under someone else's address.
 */
export const RequireVerifiedEmail = () => SetMetadata(REQUIRE_VERIFIED_EMAIL, true);

/** The verified caller set by the auth guard. */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new UnauthorizedException();
  return caller;
});
