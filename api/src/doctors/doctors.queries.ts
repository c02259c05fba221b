// Plain module, no Nest (issue 14 §2): the bench's baseline server (scripts/lib/bench/baseline-server.ts)
// runs this very statement and mapping without the framework. In the API only DoctorsRepository runs it.
import {
  BOOKING_WINDOW_DAYS,
  clinicTimeZone,
  formatAppointmentDate,
  type DoctorListingItem,
  type DoctorSchedule,
  type DoctorsWithContextResponse,
} from '@medora/shared';
import { cachedSlotOf } from '../common/cached-slot.js';
import { activeAppointmentSql, approvedDoctorSql, hasHoursSql } from '../common/sql-rules.js';

/** Instants travel as epoch milliseconds: a float parses far faster than a timestamp's text. */
const EPOCH_MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * `GET /api/doctors-with-context/{uid}` in one statement ($1 = patient uid, $2/$3 = the booking
 * window): bookable doctors with this patient's visits to each, every slot already taken inside the
 * window, and the patient's totals. A doctor without weekly hours is not listed (issue 16 §2). A doctor not accepting new patients is listed only to patients
 * with a (non-cancelled) booking with them. The totals CTE is the driving row, so an empty doctor list still
 * carries them (one row with null doctor columns).
 */
export const DOCTORS_WITH_CONTEXT_SQL = `WITH mine AS (
    SELECT doctor_id, count(*)::int AS visits,
           max(starts_at) FILTER (WHERE starts_at <= now()) AS last_start
      FROM appointments WHERE patient_uid = $1 AND ${activeAppointmentSql('appointments')} GROUP BY doctor_id
  ), taken AS (
    SELECT doctor_id, array_agg(${EPOCH_MS('starts_at')} ORDER BY starts_at) AS starts
      FROM appointments WHERE ${activeAppointmentSql('appointments')} AND starts_at >= $2 AND starts_at < $3
     GROUP BY doctor_id
  ), totals AS (
    SELECT count(*)::int AS total,
           (SELECT doctor_name FROM appointments WHERE patient_uid = $1 AND ${activeAppointmentSql('appointments')}
             ORDER BY starts_at DESC LIMIT 1) AS last_doctor_name
      FROM appointments WHERE patient_uid = $1
  )
  SELECT t.total AS "totalAppointments", t.last_doctor_name AS "lastDoctorName",
         d.id, d.name, d.specialty, d.clinic, d.time_zone AS "timeZone", d.schedule,
         COALESCE(m.visits, 0) AS "visitCount", ${EPOCH_MS('m.last_start')} AS "lastStart",
         tk.starts AS "takenStarts"
    FROM totals t
    LEFT JOIN (doctors d LEFT JOIN mine m ON m.doctor_id = d.id)
      ON ${approvedDoctorSql('d')} AND d.is_available AND ${hasHoursSql('d')}
         AND (d.accepting_new_patients OR m.doctor_id IS NOT NULL)
    LEFT JOIN taken tk ON tk.doctor_id = d.id
   ORDER BY d.name`;

/** A row of DOCTORS_WITH_CONTEXT_SQL (doctor columns are null when no doctor is bookable). */
export interface DoctorWithContextRow {
  totalAppointments: number;
  lastDoctorName: string | null;
  id: string | null;
  name: string;
  specialty: string;
  clinic: string;
  timeZone: string;
  schedule: Partial<DoctorSchedule> | null;
  visitCount: number;
  /** Epoch milliseconds of the patient's latest past visit (issue 15 §5: "Last visit" is never a future one). */
  lastStart: number | null;
  takenStarts: number[] | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The $2/$3 parameters: the booking window with a day of margin on both sides, which covers every
 * clinic zone's "tomorrow" and "30 days from now".
 */
export function bookingWindowParams(now: Date): [Date, Date] {
  return [new Date(now.getTime() - DAY_MS), new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * DAY_MS)];
}

/** The response body from the rows: taken starts become slots (date → times) in each clinic's zone. */
export function toDoctorsWithContext(rows: DoctorWithContextRow[]): DoctorsWithContextResponse {
  const doctors: DoctorListingItem[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    const timeZone = clinicTimeZone(r.timeZone);
    const takenSlots: Record<string, string[]> = {};
    for (const start of r.takenStarts ?? []) {
      const slot = cachedSlotOf(start, timeZone);
      (takenSlots[slot.date] ??= []).push(slot.time);
    }
    const last = r.lastStart !== null ? cachedSlotOf(r.lastStart, timeZone) : null;
    doctors.push({
      id: r.id,
      name: r.name,
      specialty: r.specialty,
      clinic: r.clinic,
      timeZone,
      schedule: {
        availableDays: r.schedule?.availableDays ?? [],
        timeSlots: r.schedule?.timeSlots ?? {},
        exceptions: r.schedule?.exceptions ?? [],
      },
      visitCount: r.visitCount,
      lastVisitDate: last ? formatAppointmentDate(last.date, last.time) : null,
      takenSlots,
    });
  }
  return {
    doctors,
    lastDoctorName: rows[0]?.lastDoctorName ?? null,
    totalAppointments: rows[0]?.totalAppointments ?? 0,
  };
}
