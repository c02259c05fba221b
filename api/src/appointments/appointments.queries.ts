// Plain module, no Nest: the bench's baseline server (scripts/lib/bench/baseline-server.ts)
// runs this very statement without the framework. In the API it is reached through AppointmentsRepository.
import { auditEntry, type AuditActor, type AuditRecord } from '../audit/audit.queries.js';
import { breakGlassDetail } from '../auth/access-grants.js';
import { APPOINTMENT_COLUMNS } from './appointment-mapper.js';

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
