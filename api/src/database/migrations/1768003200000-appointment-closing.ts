import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who cancelled an appointment and why (a doctor's reason is shown to the patient), and when
 * a visit was closed as Completed or No-Show (the doctor may undo that within 24 hours).
 */
export class AppointmentClosing1768003200000 implements MigrationInterface {
  name = 'AppointmentClosing1768003200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        ADD COLUMN closed_at timestamptz NULL,
        ADD COLUMN cancelled_at timestamptz NULL,
        ADD COLUMN cancelled_by text NULL,
        ADD COLUMN cancel_reason text NULL,
        ADD CONSTRAINT chk_appointments_cancelled_by CHECK (cancelled_by IN ('patient', 'doctor', 'admin')),
        ADD CONSTRAINT chk_appointments_cancel_reason CHECK (char_length(cancel_reason) <= 2000)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        DROP CONSTRAINT IF EXISTS chk_appointments_cancel_reason,
        DROP CONSTRAINT IF EXISTS chk_appointments_cancelled_by,
        DROP COLUMN IF EXISTS cancel_reason,
        DROP COLUMN IF EXISTS cancelled_by,
        DROP COLUMN IF EXISTS cancelled_at,
        DROP COLUMN IF EXISTS closed_at`);
  }
}
