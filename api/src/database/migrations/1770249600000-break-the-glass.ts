import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Break-the-glass and "Who looked at my record":
 * - `access_grants`: an admin's stated reason for reading one patient's health data, open until
 *   `expires_at` (ACCESS_GRANT_MINUTES after it was given). Rows stay after they expire: they are the
 *   record of why access was opened.
 * - `audit_log.subject_uid`: the patient whose data a row's call reached (the owner the access check
 *   was made against), so the patient's own list is one index range whatever the resource type. Rows
 *   written before this migration name their patient in `resource_id` (profile rows) or in the detail
 *   (`patient <uid>`): those are filled in once here.
 */
export class BreakTheGlass1770249600000 implements MigrationInterface {
  name = 'BreakTheGlass1770249600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_grants (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        admin_uid text NOT NULL,
        patient_uid text NOT NULL,
        reason text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT pk_access_grants PRIMARY KEY (id),
        CONSTRAINT chk_access_grants_window CHECK (expires_at > granted_at)
      )`);
    await q.query(
      `CREATE INDEX idx_access_grants_open ON access_grants (admin_uid, patient_uid, expires_at)`,
    );
    await q.query(`ALTER TABLE audit_log ADD COLUMN subject_uid text`);
    await q.query(`UPDATE audit_log SET subject_uid = resource_id WHERE resource_type = 'profile'`);
    await q.query(
      `UPDATE audit_log SET subject_uid = substring(detail from '^patient (\\S+)')
        WHERE subject_uid IS NULL AND detail LIKE 'patient %'`,
    );
    await q.query(
      `CREATE INDEX idx_audit_log_subject_uid ON audit_log (subject_uid, created_at DESC, id DESC)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_audit_log_subject_uid`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN subject_uid`);
    await q.query(`DROP TABLE access_grants`);
  }
}
