import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CONTENT_TYPES,
  CREDENTIAL_FILE_TYPES,
  MESSAGES,
  clinicTimeZone,
  VISIT_UNDO_HOURS,
  detectFileType,
  formatAppointmentDate,
  formatMessage,
  isOpenStatus,
  parseTime12h,
  sanitizeFileName,
  slotOf,
  slotsFor,
  type AppointmentStatusUpdate,
  type DoctorCancelInput,
  type ProviderAppointment,
  type ProviderOverview,
  type ProviderScheduleInput,
  type ProviderScheduleResponse,
} from '@medora/shared';
import { auditEntry } from '../audit/audit.queries.js';
import { AuditService, type AuditTarget } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { doctorOfPatientSql } from '../auth/doctor-of-patient.js';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  openAppointmentSql,
  startedAppointmentSql,
  upcomingAppointmentSql,
} from '../common/sql-rules.js';
import { ApiException } from '../common/http-exception.filter.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import { assertDatabaseTimeZone } from '../common/database-time-zone.js';

export function prescriptionPath(appointmentId: string): string {
  return `/api/appointments/${appointmentId}/prescription`;
}

interface ProviderDoctor {
  id: string;
  userId: string;
  timeZone: string;
}

/**
 * The provider dashboard's data (issue 7). Every method starts from the caller's own approved doctor
 * row, so a doctor only ever reaches their own appointments and the patients who booked with them.
 */
@Injectable()
export class ProviderService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * The caller's approved doctor record, or 403 (patients, unapproved doctors, admins) with a denied
   * audit row naming what the caller tried to reach (`target`).
   */
  async doctorFor(caller: Caller, target: AuditTarget): Promise<ProviderDoctor> {
    const deny = async (message: string): Promise<never> => {
      await this.audit.recordFor(caller, 'denied', target);
      throw new ApiException(403, message);
    };
    if (caller.role !== 'doctor' && caller.role !== 'provider') return deny(MESSAGES.forbidden);
    const rows = await this.ds.query<ProviderDoctor[]>(
      `SELECT d.id, d.user_id AS "userId", d.time_zone AS "timeZone" FROM doctors d
         JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND ${approvedDoctorSql('d')} AND d.onboarding_completed`,
      [caller.uid],
    );
    return rows[0] ?? deny(MESSAGES.notApprovedProvider);
  }

  async overview(caller: Caller, now = new Date()): Promise<ProviderOverview> {
    const doctor = await this.doctorFor(caller, {
      action: 'read',
      resourceType: 'dashboard',
      resourceId: null,
    });
    const timeZone = clinicTimeZone(doctor.timeZone);
    const [row] = await this.ds.query<Record<keyof ProviderOverview, number>[]>(
      `SELECT
         count(*) FILTER (WHERE ${activeAppointmentSql('a')}
           AND (starts_at AT TIME ZONE $2)::date = ($3::timestamptz AT TIME ZONE $2)::date)::int AS today,
         count(*) FILTER (WHERE ${upcomingAppointmentSql('a', '$3')})::int AS upcoming,
         count(DISTINCT patient_uid) FILTER (WHERE ${activeAppointmentSql('a')})::int AS patients,
         count(*) FILTER (WHERE status = 'Completed')::int AS completed
       FROM appointments a WHERE doctor_id = $1`,
      [doctor.id, timeZone, now],
    );
    return {
      today: row?.today ?? 0,
      upcoming: row?.upcoming ?? 0,
      patients: row?.patients ?? 0,
      completed: row?.completed ?? 0,
    };
  }

  /**
   * This doctor's appointments (upcoming first, then the rest). An active appointment carries the
   * patient's name, email, intake and summary; a cancelled one is listed without any of them (the
   * relationship ended: doctor-of-patient.ts). One audit row per patient whose data was returned.
   */
  async appointments(caller: Caller): Promise<ProviderAppointment[]> {
    const doctor = await this.doctorFor(caller, {
      action: 'list',
      resourceType: 'appointment',
      resourceId: null,
    });
    const timeZone = clinicTimeZone(doctor.timeZone);
    const active = activeAppointmentSql('a');
    type Row = {
      id: string;
      starts_at: Date;
      status: string;
      notes: string;
      prescription_url: string | null;
      patient_uid: string;
      closed_at: Date | null;
      cancelled_by: ProviderAppointment['cancelledBy'];
      cancel_reason: string | null;
      active: boolean;
      email: string | null;
      data: Record<string, unknown> | null;
      ai_summary: unknown;
    };
    // One audit row per patient whose data the list returned, in the same statement.
    const rows = await this.audit.queryWithSubjectAudit<Row>(
      auditEntry(caller, 'allowed', {
        action: 'read',
        resourceType: 'profile',
        resourceId: null,
        detail: 'provider appointments',
      }),
      {
        sql: `SELECT a.id, a.starts_at, a.status, a.notes, a.prescription_url, a.patient_uid, a.closed_at,
                     a.cancelled_by, a.cancel_reason, ${active} AS active,
                     ${upcomingAppointmentSql('a')} AS upcoming,
                     CASE WHEN ${active} THEN u.email END AS email,
                     CASE WHEN ${active} THEN p.data END AS data,
                     CASE WHEN ${active} THEN p.ai_summary END AS ai_summary
                FROM appointments a
                LEFT JOIN users u ON u.firebase_uid = a.patient_uid
                LEFT JOIN patient_profiles p ON p.firebase_uid = a.patient_uid
               WHERE a.doctor_id = $1
               ORDER BY upcoming DESC, a.starts_at ASC
               LIMIT 500`,
        params: [doctor.id],
        subject: 'CASE WHEN active THEN patient_uid END',
        orderBy: 'upcoming DESC, starts_at ASC',
        subjectOf: (r) => (r.active ? r.patient_uid : null),
      },
    );
    return rows.map((r) => {
      const slot = slotOf(new Date(r.starts_at), timeZone);
      const name = typeof r.data?.name === 'string' ? r.data.name : null;
      return {
        id: r.id,
        date: formatAppointmentDate(slot.date, slot.time),
        startsAt: new Date(r.starts_at).toISOString(),
        status: r.status,
        notes: r.notes,
        prescriptionUrl: r.prescription_url,
        patient: { uid: r.patient_uid, name, email: r.email, summary: r.ai_summary ?? null, intake: r.data },
        closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
        cancelledBy: r.cancelled_by ?? null,
        cancelReason: r.cancel_reason,
      };
    });
  }

  /**
   * Completed / No-Show: only for a Scheduled or Confirmed appointment that has started (409
   * otherwise). `closed_at` starts the undo window (`reopen`).
   */
  async setStatus(
    caller: Caller,
    id: string,
    input: AppointmentStatusUpdate,
  ): Promise<{ id: string; status: string }> {
    const doctor = await this.doctorFor(caller, {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.transition(
      `UPDATE appointments SET status = $3, closed_at = now(), updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND ${openAppointmentSql('appointments')}
          AND ${startedAppointmentSql('appointments')}
        RETURNING id, status`,
      [id, doctor.id, input.status],
    );
    await this.auditStatus(caller, id, row !== null, input.status);
    if (!row) {
      const current = await this.current(id, doctor.id);
      throw new ApiException(409, current.open ? MESSAGES.visitNotStarted : MESSAGES.visitNotOpen);
    }
    return row;
  }

  /** Undoes a Completed / No-Show mark within VISIT_UNDO_HOURS of setting it: Scheduled again. */
  async reopen(caller: Caller, id: string): Promise<{ id: string; status: string }> {
    const doctor = await this.doctorFor(caller, {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.transition(
      `UPDATE appointments SET status = 'Scheduled', closed_at = NULL, updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND status IN ('Completed', 'No-Show')
          AND closed_at > now() - make_interval(hours => $3)
        RETURNING id, status`,
      [id, doctor.id, VISIT_UNDO_HOURS],
    );
    await this.auditStatus(caller, id, row !== null, 'Scheduled (undo)');
    if (!row) {
      const current = await this.current(id, doctor.id);
      throw new ApiException(
        409,
        current.closed
          ? formatMessage('visitUndoExpired', { hours: VISIT_UNDO_HOURS })
          : MESSAGES.visitNotClosed,
      );
    }
    return row;
  }

  /**
   * The doctor cancels an upcoming appointment with a reason the patient sees in their bell and in
   * the appointment's details. The slot is free again (the unique index skips Cancelled rows) and,
   * unless another active appointment exists, the doctor no longer sees the patient's records.
   */
  async cancel(
    caller: Caller,
    id: string,
    input: DoctorCancelInput,
  ): Promise<{ id: string; status: string }> {
    const doctor = await this.doctorFor(caller, {
      action: 'cancel',
      resourceType: 'appointment',
      resourceId: id,
    });
    const row = await this.transition(
      `UPDATE appointments SET status = 'Cancelled', cancelled_at = now(), cancelled_by = 'doctor',
              cancel_reason = $3, updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND ${upcomingAppointmentSql('appointments')}
        RETURNING id, status`,
      [id, doctor.id, input.reason],
    );
    // The reason may describe the patient's health: it stays out of the audit log.
    await this.audit.recordFor(caller, row ? 'allowed' : 'denied', {
      action: 'cancel',
      resourceType: 'appointment',
      resourceId: id,
      detail: 'by doctor',
    });
    if (!row) {
      await this.current(id, doctor.id);
      throw new ApiException(409, MESSAGES.doctorCancelNotUpcoming);
    }
    return row;
  }

  /** Runs a conditional UPDATE … RETURNING id, status; null when no row matched. */
  private async transition(sql: string, params: unknown[]): Promise<{ id: string; status: string } | null> {
    // TypeORM answers an UPDATE … RETURNING on Postgres with [rows, affectedCount].
    const result = (await this.ds.query(sql, params)) as [{ id: string; status: string }[], number];
    const row = result[0]?.[0];
    return row ? { id: row.id, status: row.status } : null;
  }

  /** Why a transition did not apply: 404 when this is not the doctor's appointment, else its state. */
  private async current(id: string, doctorId: string): Promise<{ open: boolean; closed: boolean }> {
    const rows = await this.ds.query<{ status: string }[]>(
      `SELECT status FROM appointments WHERE id = $1 AND doctor_id = $2`,
      [id, doctorId],
    );
    if (!rows[0]) throw new ApiException(404, MESSAGES.notFound);
    const status = rows[0].status;
    return {
      open: isOpenStatus(status),
      closed: status === 'Completed' || status === 'No-Show',
    };
  }

  private auditStatus(caller: Caller, id: string, allowed: boolean, detail: string): Promise<void> {
    return this.audit.recordFor(caller, allowed ? 'allowed' : 'denied', {
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
      detail,
    });
  }

  /** Stores a prescription (PDF, JPEG or PNG by content) and points the appointment at its download path. */
  async attachPrescription(
    caller: Caller,
    id: string,
    file: { fileName: string; bytes: Buffer },
  ): Promise<{ id: string; prescriptionUrl: string }> {
    const doctor = await this.doctorFor(caller, {
      action: 'appointment.prescription.upload',
      resourceType: 'appointment',
      resourceId: id,
    });
    const name = sanitizeFileName(file.fileName);
    const detected = detectFileType(file.bytes, name);
    if (!detected || !CREDENTIAL_FILE_TYPES.includes(detected)) {
      throw new ApiException(400, MESSAGES.credentialTypeInvalid, { file: MESSAGES.credentialTypeInvalid });
    }
    const url = prescriptionPath(id);
    const ok = await this.ds.transaction(async (m) => {
      const owned = await m.query<{ id: string }[]>(
        `SELECT id FROM appointments a WHERE a.id = $1 AND a.doctor_id = $2 AND ${activeAppointmentSql('a')}
            FOR UPDATE`,
        [id, doctor.id],
      );
      if (!owned[0]) return false;
      await m.query(
        `INSERT INTO prescription_files (appointment_id, name, content_type, size, bytes, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (appointment_id) DO UPDATE SET name = EXCLUDED.name, content_type = EXCLUDED.content_type,
           size = EXCLUDED.size, bytes = EXCLUDED.bytes, uploaded_by = EXCLUDED.uploaded_by, created_at = now()`,
        [id, name, CONTENT_TYPES[detected], file.bytes.length, file.bytes, doctor.userId],
      );
      await m.query(`UPDATE appointments SET prescription_url = $2, updated_at = now() WHERE id = $1`, [
        id,
        url,
      ]);
      return true;
    });
    await this.audit.recordFor(caller, ok ? 'allowed' : 'denied', {
      action: 'appointment.prescription.upload',
      resourceType: 'appointment',
      resourceId: id,
    });
    if (!ok) throw new ApiException(404, MESSAGES.notFound);
    return { id, prescriptionUrl: url };
  }

  /** The prescription file: the appointment's patient, its doctor, or an admin. */
  async prescription(
    caller: Caller,
    id: string,
  ): Promise<{ name: string; contentType: string; bytes: Buffer }> {
    const rows = await this.ds.query<
      {
        patient_uid: string;
        doctor_uid: string | null;
        doctor_of_patient: boolean;
        name: string | null;
        content_type: string | null;
        bytes: Buffer | null;
      }[]
    >(
      // The appointment's doctor reads it only while they are a doctor of its patient (approved, with
      // an active appointment): a rejected doctor or a cancelled relationship loses access.
      `SELECT a.patient_uid, u.firebase_uid AS doctor_uid, ${doctorOfPatientSql('$2', 'a.patient_uid')} AS doctor_of_patient,
              f.name, f.content_type, f.bytes
         FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         LEFT JOIN users u ON u.id = d.user_id
         LEFT JOIN prescription_files f ON f.appointment_id = a.id
        WHERE a.id = $1`,
      [id, caller.uid],
    );
    const row = rows[0];
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    const allowed =
      caller.role === 'admin' ||
      caller.uid === row.patient_uid ||
      (caller.uid === row.doctor_uid && row.doctor_of_patient);
    await this.audit.recordFor(caller, allowed ? 'allowed' : 'denied', {
      action: 'appointment.prescription.download',
      resourceType: 'appointment',
      resourceId: id,
    });
    if (!allowed) throw new ApiException(403, MESSAGES.forbidden);
    if (!row.bytes) throw new ApiException(404, MESSAGES.prescriptionMissing);
    return {
      name: row.name ?? 'prescription',
      contentType: row.content_type ?? 'application/octet-stream',
      bytes: row.bytes,
    };
  }

  async schedule(caller: Caller): Promise<ProviderScheduleResponse> {
    const doctor = await this.doctorFor(caller, {
      action: 'read',
      resourceType: 'schedule',
      resourceId: null,
    });
    const row = await this.ds.getRepository(DoctorEntity).findOneByOrFail({ id: doctor.id });
    return this.scheduleResponse(row);
  }

  /**
   * Replaces the weekly schedule and clinic zone; booking reads it on the next request. Existing
   * bookings are never dropped: those that no longer fit stay booked and are listed in the answer.
   * Slots arrive canonical ('hh:mm AM/PM', from the shared schema) and are stored once each, in
   * time order; the zone must be one Postgres knows (issue 13 §3).
   */
  async updateSchedule(caller: Caller, input: ProviderScheduleInput): Promise<ProviderScheduleResponse> {
    const doctor = await this.doctorFor(caller, {
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
      resourceId: null,
    });
    await assertDatabaseTimeZone(this.ds, input.timeZone);
    const days = [...new Set(input.availableDays)];
    const timeSlots: Record<string, string[]> = {};
    for (const day of days) {
      timeSlots[day] = [...new Set(input.timeSlots[day] ?? [])].sort(
        (a, b) => (parseTime12h(a) ?? 0) - (parseTime12h(b) ?? 0),
      );
    }
    const repo = this.ds.getRepository(DoctorEntity);
    await repo.update(
      { id: doctor.id },
      { schedule: { availableDays: days, timeSlots }, timeZone: input.timeZone },
    );
    await this.audit.recordFor(caller, 'allowed', {
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
      resourceId: doctor.id,
    });
    return this.scheduleResponse(await repo.findOneByOrFail({ id: doctor.id }));
  }

  private async scheduleResponse(row: DoctorEntity): Promise<ProviderScheduleResponse> {
    const schedule = {
      availableDays: row.schedule?.availableDays ?? [],
      timeSlots: row.schedule?.timeSlots ?? {},
    };
    const timeZone = clinicTimeZone(row.timeZone);
    const upcoming = await this.ds.query<{ id: string; starts_at: Date; patient_uid: string }[]>(
      `SELECT id, starts_at, patient_uid FROM appointments
        WHERE doctor_id = $1 AND ${upcomingAppointmentSql('appointments')} ORDER BY starts_at`,
      [row.id],
    );
    const outsideSchedule = upcoming
      .map((a) => ({ a, slot: slotOf(new Date(a.starts_at), timeZone) }))
      .filter(({ slot }) => !slotsFor(schedule, slot.date).includes(slot.time))
      .map(({ a, slot }) => ({
        id: a.id,
        date: formatAppointmentDate(slot.date, slot.time),
        patientUid: a.patient_uid,
      }));
    return { ...schedule, timeZone, outsideSchedule };
  }
}
