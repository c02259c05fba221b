import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  activeAppointmentSql,
  approvedDoctorSql,
  careEndSql,
  inCareWindowSql,
} from '../appointments/appointment-sql.rules.js';

/**
 * The statements of the access rules AccessPolicy applies: "doctor of patient" and the admin's
 * break-the-glass grant. Auth is global, so other repositories embed the doctor-of-patient fragments
 * (`careUntilSql`, `doctorOfPatientSql`) in their own statements rather than restating the rule.
 *
 * "Doctor of patient" (docs/security.md#access-rules), defined once: the account is the linked user of an
 * admin-approved doctor record that is caring for the patient — an open appointment with them, or a
 * Completed / No-Show one closed no more than CARE_ACCESS_DAYS ago. A cancelled appointment gives
 * nothing. Within the window after the last closed visit the doctor sees the patient's visits up to that
 * visit's close only (`careUntilSql`). The appointment conditions are in `appointments/appointment-sql.rules.ts`. Every
 * route that shows a patient's health data to a doctor decides with these fragments; none re-states them.
 */

/** An admin's open break-the-glass grant for one patient. */
export interface OpenGrant {
  id: string;
  reason: string;
  grantedAt: Date;
  expiresAt: Date;
}

/** An access_grants row as the grant reads return it. */
export interface GrantRow {
  id: string;
  reason: string;
  granted_at: Date;
  expires_at: Date;
}

/** What of the patient a doctor may see now (`AccessRepository.careOfPatient`). */
export interface CareOfPatient {
  related: boolean;
  /** The last submission time that is the doctor's; null: everything (an appointment is open). */
  until: Date | null;
}

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

/** A grant row as an OpenGrant. */
export function toOpenGrant(row: GrantRow): OpenGrant {
  return { id: row.id, reason: row.reason, grantedAt: row.granted_at, expiresAt: row.expires_at };
}

// The writer and the reader of the break-the-glass reason in an audit detail sit together, so the
// format cannot drift between them.

/** The audit detail of a break-the-glass read: the route's own detail, then the stated reason. */
export function breakGlassDetail(detail: string | undefined, reason: string): string {
  const text = `break-the-glass: ${reason}`;
  return detail ? `${detail}; ${text}` : text;
}

/** The stated reason in an audit detail written by `breakGlassDetail` (SQL, over the column `detail`). */
export const BREAK_GLASS_REASON_SQL = `substring(detail from 'break-the-glass: (.*)$')`;

@Injectable()
export class AccessRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Whether `doctorUid` is a doctor of `patientUid` right now (one indexed lookup). */
  async isDoctorOfPatient(doctorUid: string, patientUid: string, careDays: number): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `SELECT 1 WHERE ${doctorOfPatientSql('$1', '$2', careDays)}`,
      [doctorUid, patientUid],
    );
    return rows.length > 0;
  }

  /** What of the patient the doctor may see now (`related` false: nothing). */
  async careOfPatient(doctorUid: string, patientUid: string, careDays: number): Promise<CareOfPatient> {
    const [row] = await this.ds.query<CareOfPatient[]>(
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
  async caredForPatient(doctorUid: string, patientUid: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 ${relationSql('$1', '$2')} LIMIT 1`, [
      doctorUid,
      patientUid,
    ]);
    return rows.length > 0;
  }

  /** The admin's grant for the patient that is open now (the latest, if several), or null; index idx_access_grants_open. */
  async openGrant(adminUid: string, patientUid: string): Promise<OpenGrant | null> {
    const rows = await this.ds.query<GrantRow[]>(
      `SELECT id, reason, granted_at, expires_at FROM access_grants
        WHERE admin_uid = $1 AND patient_uid = $2 AND expires_at > clock_timestamp()
        ORDER BY expires_at DESC LIMIT 1`,
      [adminUid, patientUid],
    );
    return rows[0] ? toOpenGrant(rows[0]) : null;
  }
}
