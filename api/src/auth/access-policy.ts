import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MESSAGES } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import type { Caller } from './caller.js';

/**
 * Named rules that grant access to something the caller does not own. Later issues add rules
 * (e.g. 'doctorOfPatient') here, with their check, instead of copying checks into routes.
 */
export type AccessRule = 'admin' | 'doctorOfPatient';

export interface AccessOptions {
  /** Rules that may grant access besides ownership. */
  allow?: AccessRule[];
  /** The database, for rules that look something up (doctorOfPatient); AccessPolicy passes its own. */
  ds?: DataSource;
}

type RuleCheck = (caller: Caller, ownerUid: string, options: AccessOptions) => boolean | Promise<boolean>;

const RULES: Record<AccessRule, RuleCheck> = {
  admin: (caller) => caller.role === 'admin',
  /**
   * A doctor or provider whose linked doctor record (doctors.user_id) has a non-cancelled appointment
   * with the patient (ARCHITECTURE rule 5: a doctor sees only the patients who booked with them).
   */
  doctorOfPatient: async (caller, patientUid, { ds }) => {
    if (!ds || (caller.role !== 'doctor' && caller.role !== 'provider')) return false;
    const rows: unknown[] = await ds.query(
      `SELECT 1 FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND a.patient_uid = $2 AND a.status <> 'Cancelled'
        LIMIT 1`,
      [caller.uid, patientUid],
    );
    return rows.length > 0;
  },
};

/** The one ownership check: a uid (or an object's owner uid) in a path must be the caller's. */
export async function canAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<boolean> {
  if (caller.uid === ownerUid) return true;
  for (const rule of options.allow ?? []) {
    if (await RULES[rule](caller, ownerUid, options)) return true;
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
  constructor(@Optional() @InjectDataSource() private readonly ds?: DataSource) {}

  assertCanAccess(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<void> {
    return assertCanAccess(caller, ownerUid, { ds: this.ds, ...options });
  }

  canAccess(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<boolean> {
    return canAccess(caller, ownerUid, { ds: this.ds, ...options });
  }
}
