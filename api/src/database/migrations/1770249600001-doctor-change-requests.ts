import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An approved doctor's change of licence number or specialty waits for an admin as a change request;
 * the doctors row keeps the approved values (the doctor stays bookable) until it is approved. At most
 * one open request per doctor (a new edit updates it). `version` names what the admin reviewed, as
 * the application's does.
 */
export class DoctorChangeRequests1770249600001 implements MigrationInterface {
  name = 'DoctorChangeRequests1770249600001';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE doctor_change_requests (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        doctor_id uuid NOT NULL,
        changes jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        reason text,
        decided_by uuid,
        decided_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_doctor_change_requests PRIMARY KEY (id),
        CONSTRAINT fk_doctor_change_requests_doctor FOREIGN KEY (doctor_id)
          REFERENCES doctors (id) ON DELETE CASCADE,
        CONSTRAINT fk_doctor_change_requests_decided_by FOREIGN KEY (decided_by)
          REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT chk_doctor_change_requests_status CHECK (status IN ('pending', 'approved', 'rejected')),
        CONSTRAINT chk_doctor_change_requests_reason CHECK (status <> 'rejected' OR reason IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX idx_doctor_change_requests_doctor ON doctor_change_requests (doctor_id, created_at)`,
    );
    // One open request per doctor, and the admin desk's list of open ones.
    await q.query(
      `CREATE UNIQUE INDEX uq_doctor_change_requests_open ON doctor_change_requests (doctor_id)
        WHERE status = 'pending'`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE doctor_change_requests`);
  }
}
