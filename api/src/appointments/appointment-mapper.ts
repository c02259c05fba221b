import {
  clinicTimeZone,
  formatAppointmentDate,
  type Appointment,
  type AppointmentStatus,
  type CancelledBy,
} from '@medora/shared';
import { cachedSlotOf } from './cached-slot.rules.js';
import { isActiveAppointment } from './appointment-sql.rules.js';

/** A row of `appointments` joined with its doctor's time zone, as raw SQL returns it. */
export interface AppointmentRow {
  id: string;
  patient_uid: string;
  doctor_id: string;
  starts_at: Date;
  status: AppointmentStatus;
  notes: string;
  clinic: string;
  specialty: string;
  doctor_name: string;
  prescription_url: string | null;
  booked_at: Date;
  request_hash: string | null;
  time_zone: string;
  cancelled_by?: CancelledBy | null;
  cancel_reason?: string | null;
  rescheduled_from?: Date | string | null;
}

/** Columns every appointment query selects (alias `a` for appointments, `d` for doctors). */
export const APPOINTMENT_COLUMNS = `a.id, a.patient_uid, a.doctor_id, a.starts_at, a.status, a.notes, a.clinic,
  a.specialty, a.doctor_name, a.prescription_url, a.booked_at, a.request_hash, d.time_zone,
  a.cancelled_by, a.cancel_reason, a.rescheduled_from`;

/**
 * The row as `viewerUid` may see it: the patient's notes are health data, and once the appointment is
 * cancelled the relationship behind it is gone, so only the patient still reads them (the doctor's
 * list hides them the same way, with the patient's name and summary: `windowOfDoctorQuery`).
 */
export function visibleTo(row: AppointmentRow, viewerUid: string): AppointmentRow {
  return isActiveAppointment(row.status) || row.patient_uid === viewerUid ? row : { ...row, notes: '' };
}

/** The API's `Appointment` (`@medora/shared`): the text date in the clinic's zone. */
export function toAppointment(row: AppointmentRow): Appointment {
  const startsAt = new Date(row.starts_at);
  const timeZone = clinicTimeZone(row.time_zone);
  const slot = cachedSlotOf(startsAt, timeZone);
  return {
    id: row.id,
    uid: row.patient_uid,
    date: formatAppointmentDate(slot.date, slot.time),
    doctor: row.doctor_name,
    doctorId: row.doctor_id,
    clinic: row.clinic,
    specialty: row.specialty,
    notes: row.notes,
    prescriptionUrl: row.prescription_url,
    bookedAt: new Date(row.booked_at).toISOString(),
    status: row.status,
    startsAt: startsAt.toISOString(),
    timeZone,
    cancelledBy: row.cancelled_by ?? null,
    cancelReason: row.cancel_reason ?? null,
    rescheduledFrom: row.rescheduled_from ? new Date(row.rescheduled_from).toISOString() : null,
  };
}
