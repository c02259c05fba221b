import type { DataSource } from 'typeorm';

/** An admin's open break-the-glass grant for one patient. */
export interface OpenGrant {
  id: string;
  reason: string;
  grantedAt: Date;
  expiresAt: Date;
}

/**
 * The admin's grant for the patient that is open now (the latest, if several), or null. Auth's own
 * statement, beside the policy that asks it (like doctor-of-patient.ts); index idx_access_grants_open.
 */
export async function openGrant(
  ds: DataSource,
  adminUid: string,
  patientUid: string,
): Promise<OpenGrant | null> {
  const rows = await ds.query<{ id: string; reason: string; granted_at: Date; expires_at: Date }[]>(
    `SELECT id, reason, granted_at, expires_at FROM access_grants
      WHERE admin_uid = $1 AND patient_uid = $2 AND expires_at > clock_timestamp()
      ORDER BY expires_at DESC LIMIT 1`,
    [adminUid, patientUid],
  );
  const row = rows[0];
  return row
    ? { id: row.id, reason: row.reason, grantedAt: row.granted_at, expiresAt: row.expires_at }
    : null;
}

/** The audit detail of a break-the-glass read: the route's own detail, then the stated reason. */
export function breakGlassDetail(detail: string | undefined, reason: string): string {
  const text = `break-the-glass: ${reason}`;
  return detail ? `${detail}; ${text}` : text;
}

/** The stated reason in an audit detail written by `breakGlassDetail` (SQL, over the column `detail`). */
export const BREAK_GLASS_REASON_SQL = `substring(detail from 'break-the-glass: (.*)$')`;
