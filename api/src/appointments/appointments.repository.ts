import type { CancelledBy } from '@medora/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  openAppointmentSql,
  upcomingAppointmentSql,
} from '../common/sql-rules.js';
import { returnedRows } from '../common/sql-rows.js';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from './appointment-mapper.js';

// The row shape, columns and mapping stay in a plain module: the benchmark's baseline server imports
// them without Nest. Other modules take them from here.
export { APPOINTMENT_COLUMNS, toAppointment, type AppointmentRow } from './appointment-mapper.js';

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

/** Data access for appointments; the booking transaction passes its EntityManager back in. */
@Injectable()
export class AppointmentsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

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
  ): Promise<string> {
    const [row] = (await m.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name,
                                     idempotency_key, request_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           RETURNING id`,
      values,
    )) as { id: string }[];
    return row!.id;
  }

  /** Cancels an open appointment; false when it is not open (any more). */
  async cancelOpen(id: string, by: CancelledBy): Promise<boolean> {
    const updated: unknown = await this.ds.query(
      `UPDATE appointments SET status = 'Cancelled', updated_at = now(), cancelled_at = now(), cancelled_by = $2
        WHERE id = $1 AND ${openAppointmentSql('appointments')}
        RETURNING id`,
      [id, by],
    );
    return returnedRows(updated).length > 0;
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
}
