import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CHANGE_REQUEST_FIELDS, type DoctorChangeRequest } from '@medora/shared';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import { DoctorChangeRequestEntity, type ChangeRequestChanges } from './doctor-change-request.entity.js';

/** Open change requests per page of the admin desk's list (oldest first). */
export const CHANGE_REQUESTS_MAX_ROWS = 100;

/** The columns a change request is read with. */
export type ChangeRequestRow = Pick<
  DoctorChangeRequestEntity,
  'id' | 'doctorId' | 'changes' | 'status' | 'reason' | 'createdAt' | 'updatedAt' | 'decidedAt' | 'version'
>;

/** A change request as its doctor and admins read it. */
export function toChangeRequest(
  row: ChangeRequestRow,
  doctor: { name: string; uid: string | null },
): DoctorChangeRequest {
  return {
    id: row.id,
    doctorId: row.doctorId,
    uid: doctor.uid,
    doctorName: doctor.name,
    status: row.status,
    // In the one order of CHANGE_REQUEST_FIELDS, whatever order the jsonb keeps.
    changes: CHANGE_REQUEST_FIELDS.flatMap((field) => {
      const change = row.changes[field];
      return change ? [{ field, from: change.from, to: change.to }] : [];
    }),
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    version: row.version,
  };
}

/** Data access for doctors' change requests; writes run in the caller's transaction (`m`). */
@Injectable()
export class DoctorChangeRequestsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The doctor's open request, locked for the transaction (the doctor row is locked first). */
  openOf(m: EntityManager, doctorId: string): Promise<DoctorChangeRequestEntity | null> {
    return m
      .getRepository(DoctorChangeRequestEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where(`r.doctor_id = :doctorId AND r.status = 'pending'`, { doctorId })
      .getOne();
  }

  /** One request, locked (its doctor row must be locked before: the profile edit's lock order). */
  lockById(m: EntityManager, id: string): Promise<DoctorChangeRequestEntity | null> {
    return m
      .getRepository(DoctorChangeRequestEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id })
      .getOne();
  }

  /** Whose request `id` is, read without a lock (the decision then locks the doctor, then the request). */
  async doctorIdOf(id: string): Promise<string | null> {
    const [row] = await this.ds.query<{ doctor_id: string }[]>(
      `SELECT doctor_id FROM doctor_change_requests WHERE id = $1`,
      [id],
    );
    return row?.doctor_id ?? null;
  }

  /** The doctor's latest request (the open one, else the last decided), with the doctor's name and uid. */
  async latestOf(doctorId: string): Promise<DoctorChangeRequest | null> {
    const row = await this.ds
      .getRepository(DoctorChangeRequestEntity)
      .createQueryBuilder('r')
      .where('r.doctor_id = :doctorId', { doctorId })
      .orderBy(`r.status = 'pending'`, 'DESC')
      .addOrderBy('r.updated_at', 'DESC')
      .getOne();
    return row ? this.withDoctor(row) : null;
  }

  insert(
    m: EntityManager,
    doctorId: string,
    changes: ChangeRequestChanges,
  ): Promise<DoctorChangeRequestEntity> {
    const repo = m.getRepository(DoctorChangeRequestEntity);
    return repo.save(repo.create({ doctorId, changes, status: 'pending', version: 1 }));
  }

  save(m: EntityManager, row: DoctorChangeRequestEntity): Promise<DoctorChangeRequestEntity> {
    return m.getRepository(DoctorChangeRequestEntity).save(row);
  }

  async remove(m: EntityManager, row: DoctorChangeRequestEntity): Promise<void> {
    await m.getRepository(DoctorChangeRequestEntity).delete({ id: row.id });
  }

  /** The database clock, so decisions and requests are dated on one clock. */
  async now(m: EntityManager): Promise<Date> {
    const [{ now }] = await m.query<{ now: Date }[]>(`SELECT now() AS now`);
    return now;
  }

  /** `row` with its doctor's name and account uid. */
  async withDoctor(row: DoctorChangeRequestEntity, m?: EntityManager): Promise<DoctorChangeRequest> {
    const [doctor] = await (m ?? this.ds).query<{ name: string; uid: string | null }[]>(
      `SELECT d.name, u.firebase_uid AS uid FROM doctors d LEFT JOIN users u ON u.id = d.user_id WHERE d.id = $1`,
      [row.doctorId],
    );
    return toChangeRequest(row, doctor ?? { name: '', uid: null });
  }

  /**
   * A keyset page of the open requests, oldest first, after `after`, at most `rows`, with each
   * doctor's name and uid and where the row sits in the order (`keysetAt`) — for the admin desk; the
   * caller audits it, one row per doctor.
   */
  static openListSql(
    after: KeysetPosition | null,
    rows: number,
  ): { sql: string; params: unknown[]; subject: string; orderBy: string } {
    return {
      sql: `SELECT r.id, r.doctor_id AS "doctorId", r.changes, r.status, r.reason, r.created_at AS "createdAt",
                   r.updated_at AS "updatedAt", r.decided_at AS "decidedAt", r.version,
                   d.name AS "doctorName", u.firebase_uid AS uid, ${KEYSET_TIME_SQL('r.created_at')} AS "keysetAt"
              FROM doctor_change_requests r
              JOIN doctors d ON d.id = r.doctor_id
              LEFT JOIN users u ON u.id = d.user_id
             WHERE r.status = 'pending'
               AND ($1::timestamptz IS NULL OR (r.created_at, r.id) > ($1::timestamptz, $2::uuid))
             ORDER BY r.created_at, r.id LIMIT $3`,
      params: [after?.at ?? null, after?.id ?? null, rows],
      subject: '"doctorId"::text',
      orderBy: '"createdAt", id',
    };
  }
}
