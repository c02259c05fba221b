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
    const total = await qb.clone().getCount();
    const direction = query.sort === 'newest' ? 'DESC' : 'ASC';
    const rows = await qb
      .orderBy('d.created_at', direction)
      .addOrderBy('d.id', direction)
      .offset((query.page - 1) * APPLICATIONS_PAGE_SIZE)
      .limit(APPLICATIONS_PAGE_SIZE)
      .getRawAndEntities();
    return {
      total,
      rows: rows.entities.map((doctor, i) => {
        const raw = rows.raw[i] as { firebase_uid: string | null; account_role: string | null };
        return { doctor, uid: raw.firebase_uid, role: raw.account_role };
      }),
    };
  }

  /** The allowed rejections of the doctors `ids` in the audit log, oldest first, with their detail. */
  rejections(ids: string[]): Promise<{ doctorId: string; at: Date; detail: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.ds.query(
      `SELECT resource_id AS "doctorId", created_at AS "at", detail
         FROM audit_log
        WHERE action = 'doctor.reject' AND outcome = 'allowed' AND resource_type = 'doctor'
          AND resource_id = ANY($1::text[])
        ORDER BY created_at, id`,
      [ids],
    );
  }

  /** The doctor's upcoming appointments (spec §4 Upcoming), soonest first, with the patient's name. */
  upcoming(
    doctorId: string,
  ): Promise<{ id: string; startsAt: Date; status: string; patientName: string; timeZone: string }[]> {
    return this.ds.query(
      `SELECT a.id, a.starts_at AS "startsAt", a.status, COALESCE(NULLIF(u.name, ''), u.email, '') AS "patientName",
              d.time_zone AS "timeZone"
         FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         LEFT JOIN users u ON u.firebase_uid = a.patient_uid
        WHERE a.doctor_id = $1 AND ${upcomingAppointmentSql('a')}
        ORDER BY a.starts_at, a.id`,
      [doctorId],
    );
  }
}
