import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per reminder the sweep enqueued, keyed by the appointment and the start it was
 * for. The key makes two sweeps at once record (and so enqueue) each reminder once; a rescheduled
 * appointment has a new start, hence a new key and a reminder for its new time. pg-boss's own tables
 * are not here: `installJobSchema` installs them in their own schema after the migrations.
 */
export class AppointmentReminders1769731200000 implements MigrationInterface {
  name = 'AppointmentReminders1769731200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointment_reminders (
        appointment_id uuid NOT NULL,
        starts_at timestamptz NOT NULL,
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_appointment_reminders PRIMARY KEY (appointment_id, starts_at),
        CONSTRAINT fk_appointment_reminders_appointment FOREIGN KEY (appointment_id)
          REFERENCES appointments (id) ON DELETE CASCADE
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE appointment_reminders`);
  }
}
