import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A patient moves an upcoming appointment to another slot of the same doctor. The row
 * keeps its id; `rescheduled_from` is the start it had before the latest move and `rescheduled_at`
 * when that happened (the notifications of the patient and the doctor are dated by it).
 */
export class AppointmentReschedule1768435200000 implements MigrationInterface {
  name = 'AppointmentReschedule1768435200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        ADD COLUMN rescheduled_from timestamptz NULL,
        ADD COLUMN rescheduled_at timestamptz NULL,
        ADD CONSTRAINT chk_appointments_rescheduled CHECK ((rescheduled_from IS NULL) = (rescheduled_at IS NULL))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE appointments
        DROP CONSTRAINT IF EXISTS chk_appointments_rescheduled,
        DROP COLUMN IF EXISTS rescheduled_at,
        DROP COLUMN IF EXISTS rescheduled_from`);
  }
}
