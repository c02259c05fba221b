import { Injectable } from '@nestjs/common';
import {
  ACCESS_GRANT_MINUTES,
  ACCESS_LOG_PAGE_SIZE,
  MESSAGES,
  type AccessGrant,
  type AccessLogEntry,
  type AccessLogResponse,
  type MessageKey,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { AccessLogRepository, type AccessLogRow } from './access-log.repository.js';

/** What a row reached, in the patient's words (resource type and action of the audit row). */
const WHAT: Record<string, MessageKey> = {
  'profile read': 'accessLogWhatRecord',
  'profile list': 'accessLogWhatVisits',
  'profile export': 'accessLogWhatExport',
  'profile flag.review': 'accessLogWhatFlagReview',
  'imported_item list': 'accessLogWhatImported',
  'document list': 'accessLogWhatDocuments',
  'document download': 'accessLogWhatDocument',
  'appointment list': 'accessLogWhatAppointments',
  'appointment read': 'accessLogWhatAppointment',
  'appointment export': 'accessLogWhatAppointment',
  'appointment appointment.prescription.download': 'accessLogWhatPrescription',
  'medication list': 'accessLogWhatMedications',
  'medication create': 'accessLogWhatMedication',
  'medication medication.review': 'accessLogWhatMedications',
};

function toEntry(row: AccessLogRow): AccessLogEntry {
  return {
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    role: row.actor_role,
    name: row.name,
    what: MESSAGES[WHAT[`${row.resource_type} ${row.action}`] ?? 'accessLogWhatOther'],
    reason: row.reason,
  };
}

/**
 * Break-the-glass grants (an admin states why before reading a patient's health data; the rule
 * 'admin' of the access policy then lets them through for ACCESS_GRANT_MINUTES) and the patient's
 * "Who looked at my record", read from the audit log.
 */
@Injectable()
export class AccessLogService {
  constructor(
    private readonly repo: AccessLogRepository,
    private readonly access: AccessPolicy,
  ) {}

  /**
   * `POST /api/patients/{uid}/access-reason`: an admin (never the patient: it is a statement about
   * someone else's record) opens the patient's record with a reason; 404 for a uid that is no patient.
   * The grant itself is audited ('access.grant', the reason in the detail).
   */
  async grant(caller: Caller, uid: string, reason: string): Promise<AccessGrant> {
    const audit: AuditTarget = {
      action: 'access.grant',
      resourceType: 'profile',
      resourceId: uid,
      detail: `break-the-glass: ${reason}`,
    };
    const options: AccessOptions = { allow: ['adminAccount'], ownerAllowed: false, audit };
    return this.access.withAccess(caller, uid, options, async () => {
      if (!(await this.repo.isPatient(uid))) throw new ApiException(404, MESSAGES.notFound);
      const grant = await this.repo.insertGrant({
        adminUid: caller.uid,
        patientUid: uid,
        reason,
        minutes: ACCESS_GRANT_MINUTES,
      });
      return {
        patientUid: uid,
        reason: grant.reason,
        grantedAt: grant.grantedAt.toISOString(),
        expiresAt: grant.expiresAt.toISOString(),
      };
    });
  }

  /**
   * `GET /api/patients/{uid}/access-log`: the owner only. Their own read writes no row; anyone
   * else's attempt is refused and audited.
   */
  list(caller: Caller, uid: string, cursor: string | undefined): Promise<AccessLogResponse> {
    const options = {
      audit: { action: 'audit.read', resourceType: 'audit_log', resourceId: uid } satisfies AuditTarget,
      auditOwner: false,
    } as const;
    return this.access.withAccess(caller, uid, options, async () => {
      // One patient's list: another patient's cursor is refused.
      const scope = { list: 'access-log', uid };
      const after = pageAfter(cursor, scope, CURSOR_POSITIONS.id);
      const rows = await this.repo.page(uid, ACCESS_LOG_PAGE_SIZE + 1, after?.id ?? null);
      // A cursor of this patient's list whose row is not theirs (the scope matched, the id did not).
      if (!rows) {
        throw new ApiException(400, MESSAGES.listCursorInvalid, { cursor: MESSAGES.listCursorInvalid });
      }
      const items = rows.slice(0, ACCESS_LOG_PAGE_SIZE).map(toEntry);
      const last = items.at(-1);
      return {
        items,
        nextCursor: rows.length > ACCESS_LOG_PAGE_SIZE && last ? encodeCursor(scope, { id: last.id }) : null,
      };
    });
  }
}
