import type { AppointmentStatus, CancelledBy, ProviderAppointment, ProviderOverview } from '@medora/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { breakGlassDetail, careUntilSql, doctorOfPatientSql } from '../auth/access.repository.js';
import { auditEntry, type AuditActor, type AuditRecord } from '../audit/audit-record.js';
import { latestVisitJoinSql } from '../patients/patients.repository.js';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  closedVisitSql,
  openAppointmentSql,
  startedAppointmentSql,
  upcomingAppointmentSql,
} from './appointment-sql.rules.js';
import { returnedRows } from '../common/sql-rows.js';
import {
  storedFileColumns,
  storedFileOf,
  type StoredFile,
  type StoredFileRow,
} from '../storage/object-store.js';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from './appointment-mapper.js';

// Other modules take the row shape, columns and mapping from here.
export { APPOINTMENT_COLUMNS, toAppointment, visibleTo, type AppointmentRow } from './appointment-mapper.js';

/**
 * `GET /api/appointments?uid=`: a patient's appointments, newest start first ($1 = patient uid). Run
 * with its audit row folded in (`withAuditInsert`), so the whole read is one statement.
 */
export const APPOINTMENTS_OF_PATIENT_SQL = `SELECT ${APPOINTMENT_COLUMNS}
  FROM appointments a JOIN doctors d ON d.id = a.doctor_id
 WHERE a.patient_uid = $1 ORDER BY a.starts_at DESC`;

/** The audit row of a patient's appointment list (every read of appointments is logged). */
export function appointmentListAudit(
  actor: AuditActor,
  patientUid: string,
  outcome: AuditRecord['outcome'],
  breakGlassReason?: string,
): AuditRecord {
  const detail = `patient ${patientUid}`;
  return auditEntry(actor, outcome, {
    action: 'list',
    resourceType: 'appointment',
    resourceId: null,
    detail: breakGlassReason ? breakGlassDetail(detail, breakGlassReason) : detail,
    subjectUid: patientUid,
  });
}

/** A doctor as booking reads it (schedule as stored: jsonb written by other features). */
export interface BookableDoctorRow {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  time_zone: string;
  schedule: unknown;
}

/** An appointment row with its doctor's account uid (null unless that doctor is approved). */
export type AppointmentAccessRow = AppointmentRow & { doctor_uid: string | null };

type Queryable = Pick<EntityManager, 'query'>;

/**
 * A row of a doctor's appointment list (`windowOfDoctorQuery`): patient data only while active. Column
 * names as stored: the audit fold names them in its subject and order (`withAuditPerSubjectInsert`).
 */
export type DoctorAppointmentRow = {
  id: string;
  starts_at: Date;
  status: string;
  notes: string;
  prescription_url: string | null;
  patient_uid: string;
  closed_at: Date | null;
  cancelled_by: ProviderAppointment['cancelledBy'];
  cancel_reason: string | null;
  rescheduled_from: Date | null;
  active: boolean;
  /** `starts_at` to the microsecond, for the next page's cursor. */
  keyset_at: string;
  email: string | null;
  name: string | null;
  ai_summary: unknown;
};

/** The record behind one appointment card (`intakeForDoctor`). */
export interface AppointmentIntakeRow {
  patient_uid: string;
  active: boolean;
  data: Record<string, unknown> | null;
  summary: unknown;
  /** The latest visit (its earlier visits' unreviewed flags are carried to its summary). */
  visit_id: string | null;
  visited_at: Date | null;
}

/** An appointment's id and status after a transition. */
export interface AppointmentStatusRow {
  id: string;
  status: string;
}

/** An appointment's prescription with what deciding access to it needs. */
export interface PrescriptionAccessRow {
  patientUid: string;
  /** The account of the appointment's doctor. */
  doctorUid: string | null;
  /** Whether the caller is a doctor of the appointment's patient right now (access.repository.ts). */
  doctorOfPatient: boolean;
  name: string | null;
  contentType: string | null;
  /** Whether a file is attached (its bytes are read by `prescriptionBytes`, after the check). */
  hasFile: boolean;
}

/** A stored prescription file. */
export interface PrescriptionFile {
  name: string;
  contentType: string;
  size: number;
  file: StoredFile;
  uploadedBy: string;
}

/** Data access for appointments; the booking transaction passes its EntityManager back in. */
@Injectable()
export class AppointmentsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * A patient's appointments, newest start first: the benchmarked list read, as the statement
   * `AuditService.queryWithAudit` runs with its audit row folded in (one round trip).
   */
  static ofPatientQuery(uid: string): { sql: string; params: unknown[] } {
    return { sql: APPOINTMENTS_OF_PATIENT_SQL, params: [uid] };
  }

  /** Runs `work` in one transaction that first serialises the bookings of one patient. */
  withPatientLock<T>(uid: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 6))`, [uid]);
      return work(m);
    });
  }

  async insert(
    m: Queryable,
    values: [
      patientUid: string,
      doctorId: string,
      startsAt: Date,
      notes: string,
      clinic: string,
      specialty: string,
      doctorName: string,
      idempotencyKey: string | null,
      requestHash: string | null,
    ],
    // When it was booked: now, except for a visit recorded afterwards (the local demo data's).
    bookedAt: Date | null = null,
  ): Promise<string> {
    const [row] = (await m.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name,
                                     idempotency_key, request_hash, booked_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, now()))
           RETURNING id`,
      [...values, bookedAt],
    )) as { id: string }[];
    return row!.id;
  }

  /**
   * For a reschedule, inside the patient's booking transaction: the patient's appointment `id` when it is
   * still upcoming (open and in the future), locked for the move; undefined otherwise.
   */
  async lockUpcomingOfPatient(
    m: Queryable,
    id: string,
    patientUid: string,
  ): Promise<{ id: string; starts_at: Date } | undefined> {
    const rows: { id: string; starts_at: Date }[] = await m.query(
      `SELECT id, starts_at FROM appointments
        WHERE id = $1 AND patient_uid = $2 AND ${upcomingAppointmentSql('appointments')}
          FOR UPDATE`,
      [id, patientUid],
    );
    return rows[0];
  }

  /**
   * Moves the appointment to `startsAt`, remembering the start it had. The partial unique index on
   * (doctor, start) of active rows refuses a slot someone holds (23505 → 409 in the service); the
   * old slot is free as soon as this commits, since no active row holds it any more.
   */
  async moveTo(m: Queryable, id: string, startsAt: Date): Promise<void> {
    await m.query(
      `UPDATE appointments
          SET rescheduled_from = starts_at, rescheduled_at = now(), starts_at = $2, updated_at = now()
        WHERE id = $1`,
      [id, startsAt],
    );
  }

  /**
   * The patient's appointments with one doctor (status, start, whether a prescription is attached):
   * what the local demo data checks before it adds a visit, so running it again adds none.
   */
  async ofPatientWithDoctor(
    patientUid: string,
    doctorId: string,
  ): Promise<{ id: string; status: AppointmentStatus; startsAt: Date; hasPrescription: boolean }[]> {
    return this.ds.query(
      `SELECT id, status, starts_at AS "startsAt", prescription_url IS NOT NULL AS "hasPrescription"
         FROM appointments WHERE patient_uid = $1 AND doctor_id = $2 ORDER BY starts_at`,
      [patientUid, doctorId],
    );
  }

  /**
   * The one cancellation of an appointment, whoever cancels: a patient or an admin while it is open,
   * its doctor (`doctorId`, with the reason the patient reads) only while it is upcoming. Null when the
   * row does not match (not open or upcoming any more, or not this doctor's).
   */
  cancel(
    id: string,
    by: CancelledBy,
    options: { doctorId?: string; reason?: string } = {},
  ): Promise<AppointmentStatusRow | null> {
    const state =
      options.doctorId === undefined
        ? openAppointmentSql('appointments')
        : upcomingAppointmentSql('appointments');
    return this.transition(
      `UPDATE appointments SET status = 'Cancelled', cancelled_at = now(), cancelled_by = $2,
              cancel_reason = $3, updated_at = now()
        WHERE id = $1 AND ($4::uuid IS NULL OR doctor_id = $4) AND ${state}
        RETURNING id, status`,
      [id, by, options.reason ?? null, options.doctorId ?? null],
    );
  }

  /** doctors.consultation_duration through to_jsonb, so this works with or without that column. */
  async consultationMinutes(doctorId: string): Promise<string | null> {
    const rows: { minutes: string | null }[] = await this.ds.query(
      `SELECT to_jsonb(d) ->> 'consultation_duration' AS minutes FROM doctors d WHERE d.id = $1`,
      [doctorId],
    );
    return rows[0]?.minutes ?? null;
  }

  async findWithDoctorUid(id: string): Promise<AppointmentAccessRow | undefined> {
    const rows: AppointmentAccessRow[] = await this.ds.query(
      `SELECT ${APPOINTMENT_COLUMNS},
              CASE WHEN ${approvedDoctorSql('d')} THEN u.firebase_uid END AS doctor_uid
         FROM appointments a JOIN doctors d ON d.id = a.doctor_id LEFT JOIN users u ON u.id = d.user_id
        WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  }

  async findById(id: string, m: Queryable = this.ds): Promise<AppointmentRow | undefined> {
    const rows: AppointmentRow[] = await m.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The patient's booking made with an Idempotency-Key. */
  async findByIdempotencyKey(
    uid: string,
    key: string,
    m: Queryable = this.ds,
  ): Promise<AppointmentRow | undefined> {
    const rows: AppointmentRow[] = await m.query(
      `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id
        WHERE a.patient_uid = $1 AND a.idempotency_key = $2`,
      [uid, key],
    );
    return rows[0];
  }

  /**
   * An approved, available doctor by id or by name (and clinic); one who does not accept new patients
   * only for a patient who already has an active booking with them.
   */
  async findBookableDoctor(
    patientUid: string,
    by: { doctorId: string } | { name: string; clinic: string | null },
  ): Promise<BookableDoctorRow | undefined> {
    const byId = 'doctorId' in by;
    const rows: BookableDoctorRow[] = await this.ds.query(
      `SELECT id, name, specialty, clinic, time_zone, schedule FROM doctors d
        WHERE ${approvedDoctorSql('d')} AND d.is_available
          AND (d.accepting_new_patients OR EXISTS (
                SELECT 1 FROM appointments a
                 WHERE a.doctor_id = d.id AND a.patient_uid = $1 AND ${activeAppointmentSql('a')}))
          AND ${byId ? 'd.id = $2' : 'd.name = $2 AND ($3::text IS NULL OR d.clinic = $3)'}
        ORDER BY d.created_at LIMIT 1`,
      byId ? [patientUid, by.doctorId] : [patientUid, by.name, by.clinic],
    );
    return rows[0];
  }

  /** The patient's bookings in the last hour and active upcoming appointments (booking throttle). */
  async bookingCounts(m: Queryable, uid: string): Promise<{ recent: number; upcoming: number }> {
    const [counts] = (await m.query(
      `SELECT count(*) FILTER (WHERE booked_at > now() - interval '1 hour')::int AS recent,
              count(*) FILTER (WHERE ${upcomingAppointmentSql('appointments')})::int AS upcoming
         FROM appointments WHERE patient_uid = $1`,
      [uid],
    )) as { recent: number; upcoming: number }[];
    return counts!;
  }

  /** Active appointments starting this (UTC, Monday-first) week: the admin dashboard's counter. */
  async countActiveThisWeek(): Promise<number> {
    const rows = await this.ds.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM appointments
        WHERE ${activeAppointmentSql('appointments')}
          AND starts_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND starts_at < (date_trunc('week', now() AT TIME ZONE 'UTC') + interval '7 days') AT TIME ZONE 'UTC'`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** A doctor's dashboard counters; "today" is `now`'s date in the clinic zone `timeZone`. */
  async doctorOverview(doctorId: string, timeZone: string, now: Date): Promise<ProviderOverview> {
    const [row] = await this.ds.query<Partial<ProviderOverview>[]>(
      `SELECT
         count(*) FILTER (WHERE ${activeAppointmentSql('a')}
           AND (starts_at AT TIME ZONE $2)::date = ($3::timestamptz AT TIME ZONE $2)::date)::int AS today,
         count(*) FILTER (WHERE ${upcomingAppointmentSql('a', '$3')})::int AS upcoming,
         count(DISTINCT patient_uid) FILTER (WHERE ${activeAppointmentSql('a')})::int AS patients,
         count(*) FILTER (WHERE status = 'Completed')::int AS completed
       FROM appointments a WHERE doctor_id = $1`,
      [doctorId, timeZone, now],
    );
    return {
      today: row?.today ?? 0,
      upcoming: row?.upcoming ?? 0,
      patients: row?.patients ?? 0,
      completed: row?.completed ?? 0,
    };
  }

  /**
   * One page of a doctor's appointments starting in a window of clinic dates (`from`..`to`,
   * both included, in `timeZone`), by start then id, after the keyset `after` — at most `limit` rows
   * plus one (the caller's sign of a next page). One range scan of idx_appointments_doctor_starts_id.
   * Run by `AuditService.queryWithSubjectAudit` with one audit row per patient whose data it returned;
   * a cancelled appointment carries no health data (the relationship ended: access.repository.ts), only
   * the patient's name, so the doctor knows whose visit it was (audited like the others).
   * The card carries the patient's name and summary only; the intake loads with `intakeForDoctor`.
   * The summary is that of the latest visit the doctor may still see (`careUntilSql`: none once the
   * care window closed); `care` names the doctor's account and CARE_ACCESS_DAYS.
   */
  static windowOfDoctorQuery(
    doctorId: string,
    window: { from: string; to: string; timeZone: string },
    after: KeysetPosition | null,
    limit: number,
    care: { doctorUid: string; days: number },
  ) {
    const active = activeAppointmentSql('a');
    return {
      sql: `SELECT a.id, a.starts_at, a.status, CASE WHEN ${active} THEN a.notes ELSE '' END AS notes,
                   a.prescription_url, a.patient_uid, a.closed_at,
                   a.cancelled_by, a.cancel_reason, a.rescheduled_from, ${active} AS active,
                   ${KEYSET_TIME_SQL('a.starts_at')} AS keyset_at,
                   CASE WHEN ${active} THEN u.email END AS email,
                   COALESCE(p.data ->> 'name', NULLIF(u.name, '')) AS name,
                   CASE WHEN ${active} THEN lv.summary END AS ai_summary
              FROM appointments a
              LEFT JOIN users u ON u.firebase_uid = a.patient_uid
              LEFT JOIN patient_profiles p ON p.firebase_uid = a.patient_uid
              LEFT JOIN LATERAL (SELECT v.summary FROM patient_visits v
                                  WHERE v.firebase_uid = a.patient_uid
                                    AND v.visited_at <= ${careUntilSql('$8', 'a.patient_uid', care.days)}
                                  ORDER BY v.visited_at DESC, v.id DESC LIMIT 1) lv ON true
             WHERE a.doctor_id = $1
               AND a.starts_at >= ($2::date::timestamp AT TIME ZONE $4)
               AND a.starts_at < (($3::date + 1)::timestamp AT TIME ZONE $4)
               AND ($5::timestamptz IS NULL OR (a.starts_at, a.id) > ($5::timestamptz, $6::uuid))
             ORDER BY a.starts_at, a.id
             LIMIT $7`,
      params: [
        doctorId,
        window.from,
        window.to,
        window.timeZone,
        after?.at ?? null,
        after?.id ?? null,
        limit + 1,
        care.doctorUid,
      ],
      subject: 'patient_uid',
      orderBy: 'starts_at, id',
      subjectOf: (r: DoctorAppointmentRow) => r.patient_uid,
    };
  }

  /**
   * The intake and clinical summary of the patient of the doctor's appointment `id` (the
   * profile's facts with the latest visit's answers, as `GET /api/patients/{uid}` reads them), whether
   * the appointment is active; undefined when it is not this doctor's.
   */
  async intakeForDoctor(
    id: string,
    doctorId: string,
    care: { doctorUid: string; days: number },
  ): Promise<AppointmentIntakeRow | undefined> {
    const rows = await this.ds.query<AppointmentIntakeRow[]>(
      `SELECT a.patient_uid, ${activeAppointmentSql('a')} AS active,
              p.data || COALESCE(lv.data, '{}'::jsonb) AS data, lv.summary, lv.id AS visit_id,
              lv.visited_at AS visited_at
         FROM appointments a
         LEFT JOIN patient_profiles p ON p.firebase_uid = a.patient_uid
         ${latestVisitJoinSql('a.patient_uid', 'lv', careUntilSql('$3', 'a.patient_uid', care.days))}
        WHERE a.id = $1 AND a.doctor_id = $2`,
      [id, doctorId, care.doctorUid],
    );
    return rows[0];
  }

  /** Completed / No-Show for the doctor's open appointment that has started; null when not so. */
  closeVisit(id: string, doctorId: string, status: string): Promise<AppointmentStatusRow | null> {
    return this.transition(
      `UPDATE appointments SET status = $3, closed_at = now(), updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND ${openAppointmentSql('appointments')}
          AND ${startedAppointmentSql('appointments')}
        RETURNING id, status`,
      [id, doctorId, status],
    );
  }

  /** Scheduled again, for a visit the doctor closed less than `hours` ago; null when not so. */
  reopenVisit(id: string, doctorId: string, hours: number): Promise<AppointmentStatusRow | null> {
    return this.transition(
      `UPDATE appointments SET status = 'Scheduled', closed_at = NULL, updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND ${closedVisitSql('appointments')}
          AND closed_at > now() - make_interval(hours => $3)
        RETURNING id, status`,
      [id, doctorId, hours],
    );
  }

  /** Runs a conditional UPDATE … RETURNING id, status; null when no row matched. */
  private async transition(sql: string, params: unknown[]): Promise<AppointmentStatusRow | null> {
    const [row] = returnedRows<AppointmentStatusRow>(await this.ds.query(sql, params));
    return row ? { id: row.id, status: row.status } : null;
  }

  /** The status of the doctor's appointment `id`; null when it is not theirs. */
  async statusForDoctor(id: string, doctorId: string): Promise<string | null> {
    const rows = await this.ds.query<{ status: string }[]>(
      `SELECT status FROM appointments WHERE id = $1 AND doctor_id = $2`,
      [id, doctorId],
    );
    return rows[0]?.status ?? null;
  }

  /**
   * Stores (or replaces) the prescription of the doctor's active appointment and points the
   * appointment at `url`; `attached` false when the appointment is not the doctor's or not active.
   * `replacedObjectKey`: the S3 object of the file it replaced, for the caller to delete after commit.
   */
  attachPrescription(
    id: string,
    doctorId: string,
    file: PrescriptionFile,
    url: string,
  ): Promise<{ attached: boolean; replacedObjectKey: string | null }> {
    return this.ds.transaction(async (m) => {
      const owned = await m.query<{ id: string }[]>(
        `SELECT id FROM appointments a WHERE a.id = $1 AND a.doctor_id = $2 AND ${activeAppointmentSql('a')}
            FOR UPDATE`,
        [id, doctorId],
      );
      if (!owned[0]) return { attached: false, replacedObjectKey: null };
      const [previous] = await m.query<{ object_key: string | null }[]>(
        `SELECT object_key FROM prescription_files WHERE appointment_id = $1`,
        [id],
      );
      const [storage, objectKey, bytes] = storedFileColumns(file.file);
      await m.query(
        `INSERT INTO prescription_files (appointment_id, name, content_type, size, storage, object_key, bytes, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (appointment_id) DO UPDATE SET name = EXCLUDED.name, content_type = EXCLUDED.content_type,
           size = EXCLUDED.size, storage = EXCLUDED.storage, object_key = EXCLUDED.object_key,
           bytes = EXCLUDED.bytes, uploaded_by = EXCLUDED.uploaded_by, created_at = now()`,
        [id, file.name, file.contentType, file.size, storage, objectKey, bytes, file.uploadedBy],
      );
      await m.query(`UPDATE appointments SET prescription_url = $2, updated_at = now() WHERE id = $1`, [
        id,
        url,
      ]);
      return { attached: true, replacedObjectKey: previous?.object_key ?? null };
    });
  }

  /** Where an appointment's prescription bytes are (and the bytes of a Postgres-kept one). */
  async prescriptionBytes(id: string): Promise<StoredFile | null> {
    const rows = await this.ds.query<StoredFileRow[]>(
      `SELECT storage, object_key AS "objectKey", bytes FROM prescription_files WHERE appointment_id = $1`,
      [id],
    );
    return rows[0] ? storedFileOf(rows[0]) : null;
  }

  /**
   * The appointment's prescription (if any) with who may read it, as seen by `callerUid`: metadata
   * only, so that nothing of the file is read before the access decision.
   */
  async prescriptionAccess(
    id: string,
    callerUid: string,
    careDays: number,
  ): Promise<PrescriptionAccessRow | null> {
    const rows = await this.ds.query<PrescriptionAccessRow[]>(
      // The appointment's doctor reads it only while they are a doctor of its patient (approved, with
      // the patient in their care): a rejected doctor, a cancelled relationship or an ended care window
      // loses access.
      `SELECT a.patient_uid AS "patientUid", u.firebase_uid AS "doctorUid",
              ${doctorOfPatientSql('$2', 'a.patient_uid', careDays)} AS "doctorOfPatient",
              f.name, f.content_type AS "contentType", f.appointment_id IS NOT NULL AS "hasFile"
         FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         LEFT JOIN users u ON u.id = d.user_id
         LEFT JOIN prescription_files f ON f.appointment_id = a.id
        WHERE a.id = $1`,
      [id, callerUid],
    );
    return rows[0] ?? null;
  }

  /**
   * The doctor's upcoming appointments that start before `until`, the soonest `limit`, by start (issue
   * 18: bounded; one range of idx_appointments_doctor_starts_id).
   */
  upcomingOfDoctor(
    doctorId: string,
    until: Date,
    limit: number,
  ): Promise<{ id: string; startsAt: Date; patientUid: string }[]> {
    return this.ds.query(
      `SELECT id, starts_at AS "startsAt", patient_uid AS "patientUid" FROM appointments
        WHERE doctor_id = $1 AND ${upcomingAppointmentSql('appointments')} AND starts_at < $2
        ORDER BY starts_at, id LIMIT $3`,
      [doctorId, until, limit],
    );
  }
}
