import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APPLICATIONS_PAGE_SIZE, type ApplicationQueue, type ApplicationSort } from '@medora/shared';
import { upcomingAppointmentSql } from '../common/sql-rules.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import type { ApplicationRow } from '../doctors/doctors.repository.js';

/** `q` as a literal ILIKE pattern: its `%`, `_` and `\` match themselves. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ApplicationsPageRow extends ApplicationRow {
  role: string | null;
  /** The allowed rejections in the audit log, oldest first (`detail` is `reason: …`). */
  rejections: { at: string; detail: string | null }[];
}

/**
 * The admin desk's reads (issue 16 §5): a page of submitted applications of one status with a search
 * in name, e-mail and licence, and the earlier rejections each carries in the audit log.
 */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async applicationsPage(query: {
    status: ApplicationQueue;
    q?: string | undefined;
    sort: ApplicationSort;
    page: number;
  }): Promise<{ rows: ApplicationsPageRow[]; total: number }> {
    const qb = this.ds
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      .leftJoin('users', 'u', 'u.id = d.user_id')
      .addSelect('u.firebase_uid', 'firebase_uid')
      .addSelect('u.role', 'account_role')
      // Suspended doctors stay approved (their application's decision stands) with suspended_at set.
      .where('d.verification_status = :status', {
        status: query.status === 'suspended' ? 'approved' : query.status,
      })
      .andWhere(query.status === 'suspended' ? 'd.suspended_at IS NOT NULL' : 'd.suspended_at IS NULL')
      .andWhere('d.onboarding_completed = true')
      .andWhere('d.seed_key IS NULL');
    if (query.q) {
      qb.andWhere(`(d.name ILIKE :q OR d.email ILIKE :q OR u.email ILIKE :q OR d.license_number ILIKE :q)`, {
        q: containsPattern(query.q),
      });
    }
    // One statement (issue 9, no N+1): the total rides on each row, the earlier rejections of each
    // application (the allowed doctor.reject rows of the audit log, oldest first) as a JSON column.
    qb.addSelect('count(*) OVER ()', 'total_count').addSelect(
      `(SELECT COALESCE(json_agg(json_build_object('at', al.created_at, 'detail', al.detail)
                                  ORDER BY al.created_at, al.id), '[]'::json)
          FROM audit_log al
         WHERE al.action = 'doctor.reject' AND al.outcome = 'allowed' AND al.resource_type = 'doctor'
           AND al.resource_id = d.id::text)`,
      'rejections',
    );
    const direction = query.sort === 'newest' ? 'DESC' : 'ASC';
    const rows = await qb
      .orderBy('d.created_at', direction)
      .addOrderBy('d.id', direction)
      .offset((query.page - 1) * APPLICATIONS_PAGE_SIZE)
      .limit(APPLICATIONS_PAGE_SIZE)
      .getRawAndEntities();
    const raws = rows.raw as {
      firebase_uid: string | null;
      account_role: string | null;
      total_count: string;
      rejections: { at: string; detail: string | null }[];
    }[];
    return {
      // Past the last page there is no row to carry it: the page is empty and says 0.
      total: raws.length ? Number(raws[0]!.total_count) : 0,
      rows: rows.entities.map((doctor, i) => {
        const raw = raws[i]!;
        return { doctor, uid: raw.firebase_uid, role: raw.account_role, rejections: raw.rejections };
      }),
    };
  }

  /**
   * The doctor's upcoming appointments (spec §4 Upcoming) with the patient's name, as a statement for
   * `AuditService.queryWithSubjectAudit` (one audit row per appointment, in the same statement).
   */
  static upcomingSql(doctorId: string): { sql: string; params: unknown[]; subject: string; orderBy: string } {
    return {
      sql: `SELECT a.id, a.starts_at AS "startsAt", a.status,
                   COALESCE(NULLIF(u.name, ''), u.email, '') AS "patientName", d.time_zone AS "timeZone"
              FROM appointments a
              JOIN doctors d ON d.id = a.doctor_id
              LEFT JOIN users u ON u.firebase_uid = a.patient_uid
             WHERE a.doctor_id = $1 AND ${upcomingAppointmentSql('a')}`,
      params: [doctorId],
      subject: 'id::text',
      orderBy: '"startsAt", id',
    };
  }
}
