import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * My medicines: the patient's medicine list (a stopped or paused medicine keeps its row, the history),
 * the intake suggestions they dismissed (so one stays dismissed), and each doctor's "reviewed at this
 * visit". A proposal key is confirmed at most once per patient.
 */
export class Medications1770508800000 implements MigrationInterface {
  name = 'Medications1770508800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE medications (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        patient_uid text NOT NULL,
        name text NOT NULL,
        medicine_id text NULL,
        strength text NULL,
        form text NULL,
        dose text NULL,
        frequency text NULL,
        started_on date NULL,
        started_text text NULL,
        reason text NULL,
        condition_key text NULL,
        prescriber text NULL,
        prescriber_uid text NULL,
        appointment_id uuid NULL,
        status text NOT NULL DEFAULT 'taking',
        status_on date NULL,
        status_reason text NULL,
        notes text NULL,
        source text NOT NULL,
        confirmed_at timestamptz NULL,
        reminder jsonb NOT NULL DEFAULT '{"kind":"off"}',
        proposal_key text NULL,
        patient_changed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1,
        CONSTRAINT pk_medications PRIMARY KEY (id),
        CONSTRAINT uq_medications_proposal UNIQUE (patient_uid, proposal_key),
        CONSTRAINT ck_medications_status CHECK (status IN ('taking', 'paused', 'stopped')),
        CONSTRAINT ck_medications_source CHECK (source IN ('patient', 'intake', 'doctor', 'import'))
      )`);
    await q.query(
      `CREATE INDEX idx_medications_patient_status ON medications (patient_uid, status, updated_at, id)`,
    );
    await q.query(`
      CREATE TABLE medication_dismissals (
        patient_uid text NOT NULL,
        proposal_key text NOT NULL,
        source_text text NULL,
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_medication_dismissals PRIMARY KEY (patient_uid, proposal_key)
      )`);
    await q.query(`
      CREATE TABLE medication_reviews (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        patient_uid text NOT NULL,
        doctor_uid text NOT NULL,
        doctor_name text NOT NULL,
        appointment_id uuid NULL,
        reviewed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_medication_reviews PRIMARY KEY (id)
      )`);
    await q.query(
      `CREATE INDEX idx_medication_reviews_patient ON medication_reviews (patient_uid, reviewed_at)`,
    );
    // One row per medication reminder enqueued (the sweep's record, as appointment_reminders).
    await q.query(`
      CREATE TABLE medication_reminders_sent (
        medication_id uuid NOT NULL,
        due_at timestamptz NOT NULL,
        enqueued_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_medication_reminders_sent PRIMARY KEY (medication_id, due_at),
        CONSTRAINT fk_medication_reminders_sent_medication FOREIGN KEY (medication_id)
          REFERENCES medications (id) ON DELETE CASCADE
      )`);
    // Stated for each table (the default privileges give the same): the serving role reads and writes
    // the list; a review is a clinician's statement, never rewritten or erased by the API.
    await q.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON medications, medication_dismissals, medication_reminders_sent TO ${APP_DB_ROLE}`,
    );
    await q.query(`REVOKE UPDATE, DELETE ON medication_reviews FROM ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT, INSERT ON medication_reviews TO ${APP_DB_ROLE}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE medication_reminders_sent`);
    await q.query(`DROP TABLE medication_reviews`);
    await q.query(`DROP TABLE medication_dismissals`);
    await q.query(`DROP TABLE medications`);
  }
}
