import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BREAK_GLASS_REASON_SQL,
  toOpenGrant,
  type GrantRow,
  type OpenGrant,
} from '../auth/access.repository.js';

/** What the patient's list shows: reads (and a clinician's flag review) of their health data. */
export const ACCESS_LOG_ACTIONS = [
  'read',
  'list',
  'download',
  'export',
  'appointment.prescription.download',
  'flag.review',
] as const;

/** Who may appear: never another patient (a patient reaches only their own data). */
const STAFF_ROLES = ['doctor', 'provider', 'admin'];

export interface AccessLogRow {
  id: string;
  created_at: Date;
  actor_role: string;
  action: string;
  resource_type: string;
  name: string | null;
  reason: string | null;
}

@Injectable()
export class AccessLogRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Opens a break-the-glass grant for `minutes` from now and returns it (the policy reads it: AccessRepository.openGrant). */
  async insertGrant(grant: {
    adminUid: string;
    patientUid: string;
    reason: string;
    minutes: number;
  }): Promise<OpenGrant> {
    const rows = await this.ds.query<GrantRow[]>(
      `INSERT INTO access_grants (admin_uid, patient_uid, reason, granted_at, expires_at)
       VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp() + make_interval(mins => $4))
       RETURNING id, reason, granted_at, expires_at`,
      [grant.adminUid, grant.patientUid, grant.reason, grant.minutes],
    );
    return toOpenGrant(rows[0]!);
  }

  /** Whether `uid` is a patient's account (only patients have a record an admin may open). */
  async isPatient(uid: string): Promise<boolean> {
    const rows = await this.ds.query<unknown[]>(
      `SELECT 1 FROM users WHERE firebase_uid = $1 AND role = 'patient'`,
      [uid],
    );
    return rows.length > 0;
  }

  /**
   * One page of who reached the patient `uid`'s health data (allowed rows naming them as subject, by
   * someone else on the staff), newest first, at most `limit`; after the row `afterId` when given. Null
   * when `afterId` is not a row of this patient's list. Served by idx_audit_log_subject_uid.
   */
  async page(uid: string, limit: number, afterId: string | null): Promise<AccessLogRow[] | null> {
    const params: unknown[] = [uid, [...ACCESS_LOG_ACTIONS], STAFF_ROLES, limit];
    let after = '';
    if (afterId) {
      const found = await this.ds.query<unknown[]>(
        `SELECT 1 FROM audit_log WHERE id = $1::uuid AND subject_uid = $2`,
        [afterId, uid],
      );
      if (found.length === 0) return null;
      params.push(afterId);
      after = `AND (a.created_at, a.id) < (SELECT b.created_at, b.id FROM audit_log b WHERE b.id = $5::uuid)`;
    }
    return this.ds.query<AccessLogRow[]>(
      `SELECT a.id, a.created_at, a.actor_role, a.action, a.resource_type,
              CASE WHEN a.actor_role = 'admin' THEN ${BREAK_GLASS_REASON_SQL.replace('detail', 'a.detail')} END
                AS reason,
              COALESCE(NULLIF(d.name, ''), NULLIF(u.name, '')) AS name
         FROM audit_log a
         LEFT JOIN users u ON u.firebase_uid = a.actor_uid
         LEFT JOIN doctors d ON d.user_id = u.id
        WHERE a.subject_uid = $1 AND a.outcome = 'allowed' AND a.actor_uid IS DISTINCT FROM $1
          AND a.action = ANY($2::text[]) AND a.actor_role = ANY($3::text[]) ${after}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $4`,
      params,
    );
  }
}
