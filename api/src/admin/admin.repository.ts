import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FOLLOW_UP_MAX_ROWS, type ApplicationQueue, type ApplicationSort } from '@medora/shared';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import { containsPattern, literalPattern } from '../common/like-pattern.js';
import { upcomingAppointmentSql } from '../appointments/appointment-sql.rules.js';
import { APPLICATION_SEARCH_TEXT_SQL } from '../database/migrations/1769558400000-admin-list-indexes.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import type { ApplicationRow } from '../doctors/doctors.repository.js';

export interface ApplicationsPageRow extends ApplicationRow {
  role: string | null;
  /** The allowed rejections in the audit log, oldest first (`detail` is `reason: …`). */
  rejections: { at: string; detail: string | null }[];
  /** How many documents it has (they load on demand). */
  credentialCount: number;
  /** Where the next page starts, if this row ends the page. */
  cursor: KeysetPosition;
}

/**
 * The admin desk's reads: a page of submitted applications of one status with a search
 * in name, e-mail and licence, and the earlier rejections each carries in the audit log.
 */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * A keyset page of submitted applications of one status, in submission order with the id
   * as tiebreak, after `cursor` (the last row's `cursorAt`, id); `limit + 1` rows are read so that the
   * caller knows whether a next page exists. `count` is the statement of the total over the same
   * filters (served by the queue index, and the trigram indexes for `q`), for the caller to run with
   * the page's audit rows folded in (one statement, not two).
   */
  async applicationsPage(query: {
    status: ApplicationQueue;
    q?: string | undefined;
    sort: ApplicationSort;
    after: KeysetPosition | null;
    limit: number;
  }): Promise<{ rows: ApplicationsPageRow[]; count: { sql: string; params: unknown[] } }> {
    const qb = this.ds
      .getRepository(DoctorEntity)
      .createQueryBuilder('d')
      // Suspended doctors stay approved (their application's decision stands) with suspended_at set.
      .where('d.verification_status = :status', {
        status: query.status === 'suspended' ? 'approved' : query.status,
      })
      .andWhere(query.status === 'suspended' ? 'd.suspended_at IS NOT NULL' : 'd.suspended_at IS NULL')
      // Seeded (demo) doctors are listed too: the counters count them, and they can be suspended.
      .andWhere('d.onboarding_completed = true');
    if (query.q) {
      // Each side of the search on its own table, so that each can use its trigram index.
      qb.andWhere(
        `d.id IN (SELECT s.id FROM doctors s WHERE (${APPLICATION_SEARCH_TEXT_SQL}) ILIKE :q
                  UNION SELECT s.id FROM doctors s JOIN users su ON su.id = s.user_id WHERE su.email ILIKE :q)`,
        { q: containsPattern(query.q) },
      );
    }
    const counted = qb.clone().select('count(*)', 'n');
    const direction = query.sort === 'newest' ? 'DESC' : 'ASC';
    if (query.after) {
      qb.andWhere(
        `(d.created_at, d.id) ${direction === 'ASC' ? '>' : '<'} (:afterAt::timestamptz, :afterId::uuid)`,
        {
          afterAt: query.after.at,
          afterId: query.after.id,
        },
      );
    }
    // One statement for the page (no N+1): the account, the number of documents and the
    // earlier rejections (the allowed doctor.reject rows of the audit log, oldest first) as columns.
    qb.leftJoin('users', 'u', 'u.id = d.user_id')
      .addSelect('u.firebase_uid', 'firebase_uid')
      .addSelect('u.role', 'account_role')
      .addSelect(KEYSET_TIME_SQL('d.created_at'), 'cursor_at')
      .addSelect('(SELECT count(*)::int FROM credentials c WHERE c.doctor_id = d.id)', 'credential_count')
      .addSelect(
        `(SELECT COALESCE(json_agg(json_build_object('at', al.created_at, 'detail', al.detail)
                                    ORDER BY al.created_at, al.id), '[]'::json)
            FROM audit_log al
           WHERE al.action = 'doctor.reject' AND al.outcome = 'allowed' AND al.resource_type = 'doctor'
             AND al.resource_id = d.id::text)`,
        'rejections',
      );
    const page = await qb
      .orderBy('d.created_at', direction)
      .addOrderBy('d.id', direction)
      .limit(query.limit + 1)
      .getRawAndEntities();
    const [countSql, countParams] = counted.getQueryAndParameters();
    const raws = page.raw as {
      firebase_uid: string | null;
      account_role: string | null;
      cursor_at: string;
      credential_count: number;
      rejections: { at: string; detail: string | null }[];
    }[];
    return {
      count: { sql: countSql, params: countParams },
      rows: page.entities.map((doctor, i) => {
        const raw = raws[i]!;
        return {
          doctor,
          uid: raw.firebase_uid,
          role: raw.account_role,
          rejections: raw.rejections,
          credentialCount: raw.credential_count,
          cursor: { at: raw.cursor_at, id: doctor.id },
        };
      }),
    };
  }

  /**
   * The patient account with this e-mail (any case; ILIKE on the literal, so the e-mail's trigram index
   * serves it), or null. Only patients: the admin's record lookup opens patients' records.
   */
  async patientByEmail(email: string): Promise<{ uid: string; name: string | null } | null> {
    const rows = await this.ds.query<{ uid: string; name: string | null }[]>(
      `SELECT firebase_uid AS uid, NULLIF(name, '') AS name FROM users
        WHERE email ILIKE $1 AND role = 'patient' ORDER BY created_at, id LIMIT 1`,
      [literalPattern(email)],
    );
    return rows[0] ?? null;
  }

  /** Whether `id` is a submitted application (the admin desk lists it), for its documents' read. */
  async isSubmittedApplication(id: string): Promise<boolean> {
    const rows = await this.ds.query<unknown[]>(
      `SELECT 1 FROM doctors WHERE id = $1 AND onboarding_completed`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * A keyset page of the doctor's upcoming appointments (upcoming as in
   * docs/product.md#upcoming-and-history; soonest first, after `after`, at most `rows`) with the
   * patient's name and where the row sits in the order (`keysetAt`), as a statement for
   * `AuditService.queryWithSubjectAudit` (one audit row per appointment, in the same statement).
   */
  static upcomingSql(
    doctorId: string,
    after: KeysetPosition | null = null,
    rows: number = FOLLOW_UP_MAX_ROWS,
  ): { sql: string; params: unknown[]; subject: string; orderBy: string } {
    return {
      sql: `SELECT a.id, a.starts_at AS "startsAt", a.status,
                   COALESCE(NULLIF(u.name, ''), u.email, '') AS "patientName", d.time_zone AS "timeZone",
                   ${KEYSET_TIME_SQL('a.starts_at')} AS "keysetAt"
              FROM appointments a
              JOIN doctors d ON d.id = a.doctor_id
              LEFT JOIN users u ON u.firebase_uid = a.patient_uid
             WHERE a.doctor_id = $1 AND ${upcomingAppointmentSql('a')}
               AND ($2::timestamptz IS NULL OR (a.starts_at, a.id) > ($2::timestamptz, $3::uuid))
             ORDER BY a.starts_at, a.id LIMIT $4`,
      params: [doctorId, after?.at ?? null, after?.id ?? null, rows],
      subject: 'id::text',
      orderBy: '"startsAt", id',
    };
  }
}
