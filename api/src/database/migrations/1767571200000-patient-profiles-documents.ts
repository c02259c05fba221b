import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Patient intake records and their documents. Document bytes live in their own table so
 * listing documents never reads file contents.
 */
export class PatientProfilesDocuments1767571200000 implements MigrationInterface {
  name = 'PatientProfilesDocuments1767571200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE patient_profiles (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        firebase_uid text NOT NULL,
        user_id uuid NULL,
        data jsonb NOT NULL,
        ai_summary jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_patient_profiles PRIMARY KEY (id),
        CONSTRAINT uq_patient_profiles_firebase_uid UNIQUE (firebase_uid),
        CONSTRAINT fk_patient_profiles_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX idx_patient_profiles_user ON patient_profiles (user_id)`);
    await q.query(`
      CREATE TABLE documents (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        patient_uid text NOT NULL,
        name text NOT NULL,
        type text NOT NULL,
        content_type text NULL,
        size integer NULL,
        file_url text NOT NULL DEFAULT '',
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_documents PRIMARY KEY (id),
        CONSTRAINT ck_documents_size CHECK (size IS NULL OR (size >= 0 AND size <= 10485760))
      )`);
    await q.query(`CREATE INDEX idx_documents_patient ON documents (patient_uid, uploaded_at DESC)`);
    await q.query(`
      CREATE TABLE document_files (
        document_id uuid NOT NULL,
        bytes bytea NOT NULL,
        CONSTRAINT pk_document_files PRIMARY KEY (document_id),
        CONSTRAINT fk_document_files_document FOREIGN KEY (document_id) REFERENCES documents (id) ON DELETE CASCADE
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS document_files`);
    await q.query(`DROP TABLE IF EXISTS documents`);
    await q.query(`DROP TABLE IF EXISTS patient_profiles`);
  }
}
