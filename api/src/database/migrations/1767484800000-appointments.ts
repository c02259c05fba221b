import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appointments. The partial unique index is the guarantee of one active booking per doctor and start time
 * whatever the concurrency (docs/product.md#booking-an-appointment); a cancelled row no longer holds its
 * slot.
 */
export class Appointments1767484800000 implements MigrationInterface {
  name = 'Appointments1767484800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appointments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        patient_uid text NOT NULL,
        doctor_id uuid NOT NULL,
        starts_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'Scheduled',
        notes text NOT NULL DEFAULT '',
        clinic text NOT NULL,
        specialty text NOT NULL,
        doctor_name text NOT NULL,
        prescription_url text NULL,
        booked_at timestamptz NOT NULL DEFAULT now(),
        idempotency_key text NULL,
        request_hash text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_appointments_patient FOREIGN KEY (patient_uid) REFERENCES users (firebase_uid) ON DELETE CASCADE,
        CONSTRAINT fk_appointments_doctor FOREIGN KEY (doctor_id) REFERENCES doctors (id) ON DELETE RESTRICT,
        CONSTRAINT chk_appointments_status CHECK (status IN ('Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'No-Show')),
        CONSTRAINT chk_appointments_idempotency CHECK ((idempotency_key IS NULL) = (request_hash IS NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX uq_appointments_doctor_slot_active ON appointments (doctor_id, starts_at)
       WHERE status <> 'Cancelled'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX uq_appointments_patient_idempotency ON appointments (patient_uid, idempotency_key)
       WHERE idempotency_key IS NOT NULL`,
    );
    await q.query(`CREATE INDEX idx_appointments_patient_starts ON appointments (patient_uid, starts_at)`);
    await q.query(`CREATE INDEX idx_appointments_doctor_starts ON appointments (doctor_id, starts_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS appointments`);
  }
}
