import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import type { Caller } from './caller.js';

/**
 * Named rules that grant access to something the caller does not own. Later issues add rules
 * (e.g. 'doctorOfPatient') here, with their check, instead of copying checks into routes.
 */
export type AccessRule = 'admin';

export interface AccessOptions {
  /** Rules that may grant access besides ownership. */
  allow?: AccessRule[];
}

type RuleCheck = (caller: Caller, ownerUid: string) => boolean | Promise<boolean>;

const RULES: Record<AccessRule, RuleCheck> = {
  admin: (caller) => caller.role === 'admin',
};

/** The one ownership check: a uid (or an object's owner uid) in a path must be the caller's. */
export async function canAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<boolean> {
  if (caller.uid === ownerUid) return true;
  for (const rule of options.allow ?? []) {
    if (await RULES[rule](caller, ownerUid)) return true;
  }
  return false;
}

/** Throws 403 (MESSAGES.forbidden) unless the caller owns `ownerUid` or an allowed rule grants access. */
export async function assertCanAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<void> {
  if (!(await canAccess(caller, ownerUid, options))) throw new ApiException(403, MESSAGES.forbidden);
}

/** Injectable face of the helpers, for services that prefer constructor injection. */
@Injectable()
export class AccessPolicy {
  assertCanAccess(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<void> {
    return assertCanAccess(caller, ownerUid, options);
  }
}
