import type { DataSource } from 'typeorm';
import { activeAppointmentSql, approvedDoctorSql } from '../common/sql-rules.js';

/**
 * "Doctor of patient" (docs/product.md#who-may-see-health-data), defined once: the account is the linked user
 * of an admin-approved doctor record that shares an ACTIVE appointment with the patient. Active means
 * anything but Cancelled — a Completed or No-Show visit keeps the relationship, a cancelled one ends it (a
 * doctor's own cancellation included); both conditions are in `common/sql-rules.ts`. Every route that shows a
 * patient's health data to a doctor decides with these fragments; none re-states the conditions.
 */

/**
 * SQL boolean: the account whose Firebase uid is the SQL expression `doctorUid` is a doctor of the
 * patient whose uid is the SQL expression `patientUid` (e.g. `'$1'`, `'a.patient_uid'`).
 */
export function doctorOfPatientSql(doctorUid: string, patientUid: string): string {
  return `EXISTS (SELECT 1 FROM appointments rel_a
      JOIN doctors rel_d ON rel_d.id = rel_a.doctor_id
      JOIN users rel_u ON rel_u.id = rel_d.user_id
     WHERE rel_u.firebase_uid = ${doctorUid} AND rel_a.patient_uid = ${patientUid}
       AND ${activeAppointmentSql('rel_a')} AND ${approvedDoctorSql('rel_d')})`;
}

/** Whether `doctorUid` is a doctor of `patientUid` right now (one indexed lookup). */
export async function isDoctorOfPatient(
  db: Pick<DataSource, 'query'>,
  doctorUid: string,
  patientUid: string,
): Promise<boolean> {
  const rows: unknown[] = await db.query(`SELECT 1 WHERE ${doctorOfPatientSql('$1', '$2')}`, [
    doctorUid,
    patientUid,
  ]);
  return rows.length > 0;
}
