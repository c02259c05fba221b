import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The provider's appointments and the patient's visits are read a page at a time, ordered
 * by time with the id as tiebreak (cancelled rows may share a doctor's start). The id joins the
 * (doctor, time), (patient, time) and (patient, visited) indexes so a keyset page is one index range
 * scan with no sort; the two-column indexes they replace would be redundant beside them.
 */
export class AppointmentKeysetIndexes1769472000000 implements MigrationInterface {
  name = 'AppointmentKeysetIndexes1769472000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_appointments_doctor_starts_id ON appointments (doctor_id, starts_at, id)`,
    );
    await q.query(
      `CREATE INDEX idx_appointments_patient_starts_id ON appointments (patient_uid, starts_at, id)`,
    );
    await q.query(`DROP INDEX IF EXISTS idx_appointments_doctor_starts`);
    await q.query(`DROP INDEX IF EXISTS idx_appointments_patient_starts`);
    await q.query(
      `CREATE INDEX idx_patient_visits_patient_visited_id ON patient_visits (firebase_uid, visited_at, id)`,
    );
    await q.query(`DROP INDEX IF EXISTS idx_patient_visits_patient`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_patient_visits_patient ON patient_visits (firebase_uid, visited_at DESC)`,
    );
    await q.query(`DROP INDEX IF EXISTS idx_patient_visits_patient_visited_id`);
    await q.query(`CREATE INDEX idx_appointments_patient_starts ON appointments (patient_uid, starts_at)`);
    await q.query(`CREATE INDEX idx_appointments_doctor_starts ON appointments (doctor_id, starts_at)`);
    await q.query(`DROP INDEX IF EXISTS idx_appointments_patient_starts_id`);
    await q.query(`DROP INDEX IF EXISTS idx_appointments_doctor_starts_id`);
  }
}
