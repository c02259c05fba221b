import type { AuditAction, AuditOutcome, AuditResourceType } from '@medora/shared';
import type { Caller } from '../auth/caller.js';

// What an audit row says, apart from how it is stored (AuditRepository): services build rows here.

/** The resource a call reaches, as the audit log names it (typed: no free strings). */
export interface AuditTarget {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  detail?: string;
  /**
   * Whose data the call reached (the patient's uid), for the patient's "Who looked at my record".
   * AccessPolicy sets it to the owner it checked; reads outside the policy set it themselves.
   */
  subjectUid?: string;
}

/** What one audit row holds (`AuditService.record`, `AuditService.queryWithAudit`). */
export interface AuditRecord extends AuditTarget {
  actorUid: string | null;
  actorRole: string | null;
  outcome: AuditOutcome;
  clientIp?: string | null;
  userAgent?: string | null;
}

/** Who the row names as actor: the verified caller (with its IP and user agent), or nobody. */
export type AuditActor = Pick<Caller, 'uid' | 'role' | 'ip' | 'userAgent'>;

/** A user agent is the client's own text: kept, but never more than this. */
export const MAX_USER_AGENT = 512;

/** The one way to turn a caller and a target into a row: every audit row is built here. */
export function auditEntry(
  caller: AuditActor | null,
  outcome: AuditOutcome,
  target: AuditTarget,
): AuditRecord {
  return {
    actorUid: caller?.uid ?? null,
    actorRole: caller?.role ?? null,
    action: target.action,
    resourceType: target.resourceType,
    resourceId: target.resourceId,
    outcome,
    ...(target.detail ? { detail: target.detail } : {}),
    ...(target.subjectUid ? { subjectUid: target.subjectUid } : {}),
    clientIp: caller?.ip ?? null,
    userAgent: caller?.userAgent ?? null,
  };
}
