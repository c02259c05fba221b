import type { DataSource } from 'typeorm';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  careEndSql,
  inCareWindowSql,
} from '../appointments/appointment-sql.rules.js';

/**
 * "Doctor of patient" (docs/security.md#access-rules), defined once: the account is the linked user of an
 * admin-approved doctor record that is caring for the patient — an open appointment with them, or a
 * Completed / No-Show one closed no more than CARE_ACCESS_DAYS ago. A cancelled appointment gives
 * nothing. Within the window after the last closed visit the doctor sees the patient's visits up to that
 * visit's close only (`careUntilSql`). The appointment conditions are in `appointments/appointment-sql.rules.ts`. Every
 * route that shows a patient's health data to a doctor decides with these fragments; none re-states them.
 */

type Db = Pick<DataSource, 'query'>;

/** The doctor's appointments with the patient, joined to the doctor's record and account. */
function relationSql(doctorUid: string, patientUid: string): string {
  return `FROM appointments rel_a
      JOIN doctors rel_d ON rel_d.id = rel_a.doctor_id
      JOIN users rel_u ON rel_u.id = rel_d.user_id
     WHERE rel_u.firebase_uid = ${doctorUid} AND rel_a.patient_uid = ${patientUid}
       AND ${activeAppointmentSql('rel_a')} AND ${approvedDoctorSql('rel_d')}`;
}

/**
 * SQL timestamptz: up to when the patient's submissions are the doctor's to see — 'infinity' while an
 * appointment is open, else the close of the last one within the window; NULL when the doctor may not
 * see the record at all. `doctorUid` and `patientUid` are SQL expressions (e.g. `$1`, `a.patient_uid`).
 */
export function careUntilSql(doctorUid: string, patientUid: string, careDays: number): string {
  return `(SELECT max(${careEndSql('rel_a')}) ${relationSql(doctorUid, patientUid)}
       AND ${inCareWindowSql('rel_a', careDays)})`;
}

/** SQL boolean: the account `doctorUid` is a doctor of the patient `patientUid` right now. */
export function doctorOfPatientSql(doctorUid: string, patientUid: string, careDays: number): string {
  return `(${careUntilSql(doctorUid, patientUid, careDays)} IS NOT NULL)`;
}

/** Whether `doctorUid` is a doctor of `patientUid` right now (one indexed lookup). */
export async function isDoctorOfPatient(
  db: Db,
  doctorUid: string,
  patientUid: string,
  careDays: number,
): Promise<boolean> {
  const rows: unknown[] = await db.query(`SELECT 1 WHERE ${doctorOfPatientSql('$1', '$2', careDays)}`, [
    doctorUid,
    patientUid,
  ]);
  return rows.length > 0;
}

/**
 * What of the patient the doctor may see now: `related` false when nothing; else `until`, the last
 * submission time that is theirs (null: everything, an appointment is open).
 */
export async function careOfPatient(
  db: Db,
  doctorUid: string,
  patientUid: string,
  careDays: number,
): Promise<{ related: boolean; until: Date | null }> {
  const [row] = await db.query<{ related: boolean; until: Date | null }[]>(
    `SELECT c.until IS NOT NULL AS related,
            CASE WHEN c.until = 'infinity'::timestamptz THEN NULL ELSE c.until END AS until
       FROM (SELECT ${careUntilSql('$1', '$2', careDays)} AS until) c`,
    [doctorUid, patientUid],
  );
  return { related: row?.related === true, until: row?.until ? new Date(row.until) : null };
}

/**
 * Whether the doctor once cared for the patient (an active appointment, however old): a refusal then
 * says the care window ended rather than a bare "no access".
 */
export async function caredForPatient(db: Db, doctorUid: string, patientUid: string): Promise<boolean> {
  const rows: unknown[] = await db.query(`SELECT 1 ${relationSql('$1', '$2')} LIMIT 1`, [
    doctorUid,
    patientUid,
  ]);
  return rows.length > 0;
}
