import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CONTENT_TYPES,
  MESSAGES,
  clinicTimeZone,
  detectFileType,
  formatAppointmentDate,
  parseTime12h,
  sanitizeFileName,
  slotOf,
  slotsFor,
  type AppointmentStatusUpdate,
  type ProviderAppointment,
  type ProviderOverview,
  type ProviderScheduleInput,
  type ProviderScheduleResponse,
} from '@medora/shared';
import { AuditService } from '../audit/audit.service.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CREDENTIAL_FILE_TYPES } from '../credentials/multipart.js';
import { DoctorEntity } from '../doctors/doctor.entity.js';
import { assertDatabaseTimeZone } from '../doctors/time-zone.js';

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

  /** The caller's approved doctor record, or 403 (patients, unapproved doctors, admins). */
  async doctorFor(caller: Caller): Promise<ProviderDoctor> {
    if (caller.role !== 'doctor' && caller.role !== 'provider')
      throw new ApiException(403, MESSAGES.forbidden);
    const rows = await this.ds.query<ProviderDoctor[]>(
      `SELECT d.id, d.user_id AS "userId", d.time_zone AS "timeZone" FROM doctors d
         JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND d.verification_status = 'approved' AND d.onboarding_completed`,
      [caller.uid],
    );
    if (!rows[0]) throw new ApiException(403, MESSAGES.notApprovedProvider);
    return rows[0];
  }

  async overview(caller: Caller, now = new Date()): Promise<ProviderOverview> {
    const doctor = await this.doctorFor(caller);
    const timeZone = clinicTimeZone(doctor.timeZone);
    const [row] = await this.ds.query<Record<keyof ProviderOverview, number>[]>(
      `SELECT
         count(*) FILTER (WHERE status <> 'Cancelled'
           AND (starts_at AT TIME ZONE $2)::date = ($3::timestamptz AT TIME ZONE $2)::date)::int AS today,
         count(*) FILTER (WHERE status IN ('Scheduled', 'Confirmed') AND starts_at >= $3)::int AS upcoming,
         count(DISTINCT patient_uid) FILTER (WHERE status <> 'Cancelled')::int AS patients,
         count(*) FILTER (WHERE status = 'Completed')::int AS completed
       FROM appointments WHERE doctor_id = $1`,
      [doctor.id, timeZone, now],
    );
    return {
      today: row?.today ?? 0,
      upcoming: row?.upcoming ?? 0,
      patients: row?.patients ?? 0,
      completed: row?.completed ?? 0,
    };
  }

  /** This doctor's appointments (upcoming first, then the rest), each with the patient's intake and summary. */
  async appointments(caller: Caller): Promise<ProviderAppointment[]> {
    const doctor = await this.doctorFor(caller);
    const timeZone = clinicTimeZone(doctor.timeZone);
    const rows = await this.ds.query<
      {
        id: string;
        starts_at: Date;
        status: string | null;
        notes: string;
        prescription_url: string | null;
        patient_uid: string;
        email: string | null;
        data: Record<string, unknown> | null;
        ai_summary: unknown;
      }[]
    >(
      `SELECT a.id, a.starts_at, a.status, a.notes, a.prescription_url, a.patient_uid, u.email, p.data, p.ai_summary
         FROM appointments a
         LEFT JOIN users u ON u.firebase_uid = a.patient_uid
         LEFT JOIN patient_profiles p ON p.firebase_uid = a.patient_uid
        WHERE a.doctor_id = $1
        ORDER BY (a.status IN ('Scheduled', 'Confirmed') AND a.starts_at >= now()) DESC, a.starts_at ASC
        LIMIT 500`,
      [doctor.id],
    );
    return rows.map((r) => {
      const slot = slotOf(new Date(r.starts_at), timeZone);
      const name = typeof r.data?.name === 'string' ? r.data.name : null;
      return {
        id: r.id,
        date: formatAppointmentDate(slot.date, slot.time),
        startsAt: new Date(r.starts_at).toISOString(),
        status: r.status ?? 'Scheduled',
        notes: r.notes,
        prescriptionUrl: r.prescription_url,
        patient: { uid: r.patient_uid, name, email: r.email, summary: r.ai_summary ?? null, intake: r.data },
      };
    });
  }

  async setStatus(
    caller: Caller,
    id: string,
    input: AppointmentStatusUpdate,
  ): Promise<{ id: string; status: string }> {
    const doctor = await this.doctorFor(caller);
    // TypeORM answers an UPDATE … RETURNING on Postgres with [rows, affectedCount].
    const result = (await this.ds.query(
      `UPDATE appointments SET status = $3, updated_at = now()
        WHERE id = $1 AND doctor_id = $2 AND status <> 'Cancelled' RETURNING id, status`,
      [id, doctor.id, input.status],
    )) as [{ id: string; status: string }[], number];
    const row = result[0]?.[0];
    await this.audit.record({
      actorUid: caller.uid,
      actorRole: caller.role,
      action: 'appointment.status',
      resourceType: 'appointment',
      resourceId: id,
      outcome: row ? 'allowed' : 'denied',
      detail: input.status,
    });
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    return { id: row.id, status: row.status };
  }

  /** Stores a prescription (PDF, JPEG or PNG by content) and points the appointment at its download path. */
  async attachPrescription(
    caller: Caller,
    id: string,
    file: { fileName: string; bytes: Buffer },
  ): Promise<{ id: string; prescriptionUrl: string }> {
    const doctor = await this.doctorFor(caller);
    const name = sanitizeFileName(file.fileName);
    const detected = detectFileType(file.bytes, name);
    if (!detected || !CREDENTIAL_FILE_TYPES.has(detected)) {
      throw new ApiException(400, MESSAGES.credentialTypeInvalid, { file: MESSAGES.credentialTypeInvalid });
    }
    const url = prescriptionPath(id);
    const ok = await this.ds.transaction(async (m) => {
      const owned = await m.query<{ id: string }[]>(
        `SELECT id FROM appointments WHERE id = $1 AND doctor_id = $2 FOR UPDATE`,
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
    await this.audit.record({
      actorUid: caller.uid,
      actorRole: caller.role,
      action: 'appointment.prescription.upload',
      resourceType: 'appointment',
      resourceId: id,
      outcome: ok ? 'allowed' : 'denied',
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
        name: string | null;
        content_type: string | null;
        bytes: Buffer | null;
      }[]
    >(
      // The doctor's uid only while they are approved (a rejected doctor loses access, as in findRow).
      `SELECT a.patient_uid, CASE WHEN d.verification_status = 'approved' THEN u.firebase_uid END AS doctor_uid,
              f.name, f.content_type, f.bytes
         FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         LEFT JOIN users u ON u.id = d.user_id
         LEFT JOIN prescription_files f ON f.appointment_id = a.id
        WHERE a.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    const allowed =
      caller.role === 'admin' || caller.uid === row.patient_uid || caller.uid === row.doctor_uid;
    await this.audit.record({
      actorUid: caller.uid,
      actorRole: caller.role,
      action: 'appointment.prescription.download',
      resourceType: 'appointment',
      resourceId: id,
      outcome: allowed ? 'allowed' : 'denied',
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
    const doctor = await this.doctorFor(caller);
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
    const doctor = await this.doctorFor(caller);
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
    await this.audit.record({
      actorUid: caller.uid,
      actorRole: caller.role,
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
      resourceId: doctor.id,
      outcome: 'allowed',
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
        WHERE doctor_id = $1 AND status IN ('Scheduled', 'Confirmed') AND starts_at >= now() ORDER BY starts_at`,
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
