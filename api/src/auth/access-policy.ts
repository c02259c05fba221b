import { HttpException, Inject, Injectable, Optional } from '@nestjs/common';
import { formatMessage, isClinicianRole, MESSAGES, type AuditOutcome } from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';
import { AuditService, type AuditTarget } from '../audit/audit.service.js';
import { CONFIG, type Config } from '../config/config.js';
import type { Caller } from './caller.js';
import { AccessRepository, breakGlassDetail } from './access.repository.js';

/**
 * Named rules that grant access to something the caller does not own, each with its check here, never
 * copied into routes:
 * - 'admin': an admin reaching a patient's HEALTH data (record, visits, documents, appointments,
 *   exports). Only with an open break-the-glass grant for that patient (the admin stated a reason:
 *   AccessRepository.openGrant); every such read is audited with the reason.
 * - 'adminAccount': an admin administering accounts (a user's account, a doctor's record), which holds
 *   no patient health data: no reason needed.
 * - 'doctorOfPatient': a doctor caring for the patient (AccessRepository, access.repository.ts).
 */
export type AccessRule = 'admin' | 'adminAccount' | 'doctorOfPatient';

export interface AccessOptions {
  /** Rules that may grant access besides ownership. */
  allow?: AccessRule[];
  /** The rules' reads (doctorOfPatient, admin); AccessPolicy passes its own. */
  reads?: AccessRepository;
  /** CARE_ACCESS_DAYS, for doctorOfPatient; AccessPolicy passes the configured one. */
  careDays?: number;
  /**
   * What is being reached, for the audit log. With it, `withAccess` writes one audit row per
   * call, stating what the caller got (`auditOutcomeOf`); `assertCanAccess` writes the refusals only.
   * Routes never write these rows themselves.
   */
  audit?: AuditTarget;
  /**
   * false: the owner's own (allowed) access writes no row — for records that are not health data, where
   * only someone else's access is worth a row (an admin reading an account).
   */
  auditOwner?: false;
  /**
   * false: owning the record grants nothing; only an `allow` rule does (a clinician's statement about
   * a patient, such as marking a red flag reviewed, is never the patient's to make).
   */
  ownerAllowed?: false;
}

/** The resource an access check guards, as the audit log names it (typed actions). */
export type { AuditTarget } from '../audit/audit.service.js';

/** What an access check decided: refused, or allowed (with the admin's stated reason, break-the-glass). */
export type AccessDecision = { allowed: false } | { allowed: true; breakGlassReason?: string };

type RuleCheck = (
  caller: Caller,
  ownerUid: string,
  options: AccessOptions,
) => boolean | { breakGlassReason: string } | Promise<boolean | { breakGlassReason: string }>;

const RULES: Record<AccessRule, RuleCheck> = {
  admin: async (caller, patientUid, { reads }) => {
    if (caller.role !== 'admin' || !reads) return false;
    const grant = await reads.openGrant(caller.uid, patientUid);
    return grant ? { breakGlassReason: grant.reason } : false;
  },
  adminAccount: (caller) => caller.role === 'admin',
  /** A doctor or provider who is a doctor of the patient (the one definition: access.repository.ts). */
  doctorOfPatient: (caller, patientUid, { reads, careDays }) => {
    if (!reads || careDays === undefined || !isClinicianRole(caller.role)) return false;
    return reads.isDoctorOfPatient(caller.uid, patientUid, careDays);
  },
};

/** The one access decision: the owner, else the first allowed rule that grants access. */
export async function decideAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<AccessDecision> {
  if (caller.uid === ownerUid && options.ownerAllowed !== false) return { allowed: true };
  for (const rule of options.allow ?? []) {
    const granted = await RULES[rule](caller, ownerUid, options);
    if (granted === true) return { allowed: true };
    if (granted) return { allowed: true, breakGlassReason: granted.breakGlassReason };
  }
  return { allowed: false };
}

/** The one ownership check: a uid (or an object's owner uid) in a path must be the caller's. */
export async function canAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<boolean> {
  return (await decideAccess(caller, ownerUid, options)).allowed;
}

/**
 * The audit target of a call the policy decided on: it names the owner as the row's subject (the
 * patient's "Who looked at my record" reads these), and an admin's break-the-glass read carries the
 * stated reason.
 */
export function auditTargetOf(target: AuditTarget, ownerUid: string, decision?: AccessDecision): AuditTarget {
  const reason = decision?.allowed ? decision.breakGlassReason : undefined;
  return {
    ...target,
    subjectUid: target.subjectUid ?? ownerUid,
    ...(reason ? { detail: breakGlassDetail(target.detail, reason) } : {}),
  };
}

/** The audit outcome of a call that threw `error` after its access check passed. */
export function auditOutcomeOf(error: unknown): AuditOutcome {
  const status = error instanceof HttpException ? error.getStatus() : 500;
  if (status === 403) return 'denied';
  if (status === 404) return 'not_found';
  return status < 500 ? 'rejected' : 'failed';
}

/** Throws 403 (MESSAGES.forbidden) unless the caller owns `ownerUid` or an allowed rule grants access. */
export async function assertCanAccess(
  caller: Caller,
  ownerUid: string,
  options: AccessOptions = {},
): Promise<void> {
  if (!(await canAccess(caller, ownerUid, options))) throw new ApiException(403, MESSAGES.forbidden);
}

/**
 * Injectable face of the helpers, for services that prefer constructor injection. Its statements are
 * auth's own repository's (AccessRepository): a global rule whose SQL fragment other statements embed
 * too (the prescription read in AppointmentsRepository), so it lives in auth rather than in one
 * module's repository (auth is global, like config and audit).
 */
@Injectable()
export class AccessPolicy {
  constructor(
    @Optional() private readonly reads?: AccessRepository,
    @Optional() private readonly auditLog?: AuditService,
    @Optional() @Inject(CONFIG) private readonly config?: Config,
  ) {}

  private get ruleOptions(): Pick<AccessOptions, 'reads' | 'careDays'> {
    return { reads: this.reads, careDays: this.config?.careAccessDays };
  }

  /**
   * Up to when `caller`'s view of the patient `ownerUid`'s submissions reaches, once access was
   * granted: null for everything (the patient, an admin, a doctor with an open appointment), else the
   * close of the doctor's last visit in the care window (AccessRepository.careOfPatient). Visits and documents
   * the patient sent later are not the doctor's.
   */
  async visibleUntil(caller: Caller, ownerUid: string): Promise<Date | null> {
    if (caller.uid === ownerUid || caller.role === 'admin' || !isClinicianRole(caller.role)) return null;
    const { reads, careDays } = this.ruleOptions;
    if (!reads || careDays === undefined) return null;
    const care = await reads.careOfPatient(caller.uid, ownerUid, careDays);
    // The window closed between the access check and now: nothing of the patient's is theirs.
    return care.related ? care.until : new Date(0);
  }

  /**
   * The text of a refusal: a doctor who once cared for the patient learns that the care window
   * ended (their past appointments stay listed); anybody else gets the plain 'forbidden'.
   */
  private async refusalMessage(caller: Caller, ownerUid: string, options: AccessOptions): Promise<string> {
    // An admin is refused a patient's health data only for want of a stated reason: say so.
    if (caller.role === 'admin' && options.allow?.includes('admin')) return MESSAGES.accessReasonRequired;
    const { reads, careDays } = this.ruleOptions;
    if (
      reads &&
      careDays !== undefined &&
      options.allow?.includes('doctorOfPatient') &&
      isClinicianRole(caller.role) &&
      (await reads.caredForPatient(caller.uid, ownerUid))
    ) {
      return formatMessage('careAccessEnded', { days: careDays });
    }
    return MESSAGES.forbidden;
  }

  /**
   * Throws 403 unless allowed; with `options.audit`, a refusal writes a 'denied' row. An allowed call
   * writes nothing here: what it then did is only known after it ran (use `withAccess`).
   */
  async assertCanAccess(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<void> {
    await this.decide(caller, ownerUid, options);
  }

  /**
   * The decision of `assertCanAccess` (403 and, with `options.audit`, a 'denied' row when refused):
   * an allowed one says whether an admin's stated reason granted it (`auditTargetOf` puts it in the row).
   */
  async decide(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<AccessDecision> {
    const decision = await decideAccess(caller, ownerUid, { ...this.ruleOptions, ...options });
    if (decision.allowed) return decision;
    await this.audit(caller, 'denied', options.audit && auditTargetOf(options.audit, ownerUid));
    throw new ApiException(403, await this.refusalMessage(caller, ownerUid, options));
  }

  /**
   * The access check of a route, then `work` (which finds the object under `ownerUid` and reads or
   * changes it). With `options.audit`, one row states what the caller actually got: 'denied' when the
   * check refused, else the outcome of `work` — 'allowed' only once it returned, 'not_found' when it
   * answered 404 (another owner's id under the caller's own path reads the same as a random one).
   */
  async withAccess<T>(
    caller: Caller,
    ownerUid: string,
    options: AccessOptions,
    work: () => Promise<T>,
  ): Promise<T> {
    const decision = await this.decide(caller, ownerUid, options);
    const quiet = options.auditOwner === false && caller.uid === ownerUid;
    return quiet || !options.audit
      ? work()
      : this.audited(caller, auditTargetOf(options.audit, ownerUid, decision), work);
  }

  /**
   * Runs `work` (whose caller is already allowed) and writes one row for `target` with what the caller
   * got: 'allowed' once it returned, else `auditOutcomeOf` its error.
   */
  async audited<T>(caller: Caller, target: AuditTarget, work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.audit(caller, auditOutcomeOf(error), target);
      throw error;
    }
    await this.audit(caller, 'allowed', target);
    return result;
  }

  /** Writes an audit row for `caller` (never throws). Denials without a target are logged as 'access'. */
  async audit(caller: Caller | null, outcome: AuditOutcome, target?: AuditTarget): Promise<void> {
    if (!this.auditLog) return;
    await this.auditLog.recordFor(
      caller,
      outcome,
      target ?? { action: 'access', resourceType: 'unknown', resourceId: null },
    );
  }

  canAccess(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<boolean> {
    return canAccess(caller, ownerUid, { ...this.ruleOptions, ...options });
  }

  /** `decideAccess` with the policy's database and care window, without auditing or throwing. */
  decideQuietly(caller: Caller, ownerUid: string, options: AccessOptions = {}): Promise<AccessDecision> {
    return decideAccess(caller, ownerUid, { ...this.ruleOptions, ...options });
  }
}
