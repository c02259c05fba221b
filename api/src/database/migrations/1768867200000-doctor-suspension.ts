import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An admin suspends an approved doctor (with a reason) and reinstates them. A suspended
 * doctor keeps `verification_status = 'approved'` (the decision on the application stands) but the one
 * approved-doctor rule (`approvedDoctorSql`) requires `suspended_at IS NULL`: not bookable, no
 * dashboard, no access to patients' records.
 */
export class DoctorSuspension1768867200000 implements MigrationInterface {
  name = 'DoctorSuspension1768867200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE doctors
        ADD COLUMN suspended_at timestamptz NULL,
        ADD COLUMN suspension_reason text NULL,
        ADD CONSTRAINT chk_doctors_suspension CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE doctors
        DROP CONSTRAINT IF EXISTS chk_doctors_suspension,
        DROP COLUMN IF EXISTS suspension_reason,
        DROP COLUMN IF EXISTS suspended_at`);
  }
}
