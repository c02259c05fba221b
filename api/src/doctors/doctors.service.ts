import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BOOKING_WINDOW_DAYS,
  clinicTimeZone,
  formatAppointmentDate,
  slotOf,
  type DoctorListingItem,
  type DoctorsWithContextResponse,
} from '@medora/shared';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { DoctorEntity, type DoctorSchedule } from './doctor.entity.js';

/** What anyone may see of a doctor: no email, no phone, no account link. */
export interface PublicDoctor {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

@Injectable()
export class DoctorsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly access: AccessPolicy,
  ) {}

  /** Approved and available doctors (spec §5 booking), public fields only, one lean query. */
  async listPublic(): Promise<PublicDoctor[]> {
    const rows = await this.ds
      .createQueryBuilder()
      .select([
        'd.id AS id',
        'd.name AS name',
        'd.specialty AS specialty',
        'd.clinic AS clinic',
        'd.time_zone AS "timeZone"',
        'd.schedule AS schedule',
      ])
      .from(DoctorEntity, 'd')
      .where('d.verification_status = :status', { status: 'approved' })
      .andWhere('d.is_available = true')
      .orderBy('d.name', 'ASC')
      .getRawMany<PublicDoctor>();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      specialty: r.specialty,
      clinic: r.clinic,
      timeZone: r.timeZone,
      schedule: { availableDays: r.schedule?.availableDays ?? [], timeSlots: r.schedule?.timeSlots ?? {} },
    }));
  }

  /**
   * `GET /api/doctors-with-context/{uid}` (spec §7), the owner or an admin: bookable doctors with this
   * patient's visits to each (non-cancelled appointments) and every slot already taken inside the
   * booking window, so the UI never offers one. One query for the list (aggregates in CTEs) and one for
   * the patient's totals.
   */
  async listWithContext(caller: Caller, uid: string, now = new Date()): Promise<DoctorsWithContextResponse> {
    await this.access.assertCanAccess(caller, uid, { allow: ['admin'] });
    const day = 24 * 60 * 60 * 1000;
    // A day of margin on both sides covers every clinic zone's "tomorrow" and "30 days from now".
    const from = new Date(now.getTime() - day);
    const to = new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * day);
    const rows: (PublicDoctor & {
      visitCount: number;
      lastStart: Date | null;
      takenStarts: string[] | null;
    })[] = await this.ds.query(
      `WITH mine AS (
         SELECT doctor_id, count(*)::int AS visits, max(starts_at) AS last_start
           FROM appointments WHERE patient_uid = $1 AND status <> 'Cancelled' GROUP BY doctor_id
       ), taken AS (
         SELECT doctor_id, json_agg(starts_at ORDER BY starts_at) AS starts
           FROM appointments WHERE status <> 'Cancelled' AND starts_at >= $2 AND starts_at < $3
          GROUP BY doctor_id
       )
       SELECT d.id, d.name, d.specialty, d.clinic, d.time_zone AS "timeZone", d.schedule,
              COALESCE(m.visits, 0) AS "visitCount", m.last_start AS "lastStart", t.starts AS "takenStarts"
         FROM doctors d
         LEFT JOIN mine m ON m.doctor_id = d.id
         LEFT JOIN taken t ON t.doctor_id = d.id
        WHERE d.verification_status = 'approved' AND d.is_available
        ORDER BY d.name`,
      [uid, from, to],
    );
    const [totals] = (await this.ds.query(
      `SELECT count(*)::int AS total,
              (SELECT doctor_name FROM appointments WHERE patient_uid = $1 AND status <> 'Cancelled'
                ORDER BY starts_at DESC LIMIT 1) AS "lastDoctorName"
         FROM appointments WHERE patient_uid = $1`,
      [uid],
    )) as { total: number; lastDoctorName: string | null }[];
    const doctors: DoctorListingItem[] = rows.map((r) => {
      const timeZone = clinicTimeZone(r.timeZone);
      const takenSlots: Record<string, string[]> = {};
      for (const start of r.takenStarts ?? []) {
        const slot = slotOf(new Date(start), timeZone);
        (takenSlots[slot.date] ??= []).push(slot.time);
      }
      const last = r.lastStart ? slotOf(new Date(r.lastStart), timeZone) : null;
      return {
        id: r.id,
        name: r.name,
        specialty: r.specialty,
        clinic: r.clinic,
        timeZone,
        schedule: { availableDays: r.schedule?.availableDays ?? [], timeSlots: r.schedule?.timeSlots ?? {} },
        visitCount: r.visitCount,
        lastVisitDate: last ? formatAppointmentDate(last.date, last.time) : null,
        takenSlots,
      };
    });
    return { doctors, lastDoctorName: totals?.lastDoctorName ?? null, totalAppointments: totals?.total ?? 0 };
  }
}
