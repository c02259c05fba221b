import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The doctor application record, credentials with their bytes, and the prescription file of an appointment.
 */
export class DoctorApplications1767744000000 implements MigrationInterface {
  name = 'DoctorApplications1767744000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE doctors
        ADD COLUMN phone text NULL,
        ADD COLUMN gender text NULL,
        ADD COLUMN dob text NULL,
        ADD COLUMN sub_specialties text[] NOT NULL DEFAULT '{}',
        ADD COLUMN qualification text NULL,
        ADD COLUMN experience integer NULL,
        ADD COLUMN license_number text NULL,
        ADD COLUMN npi_number text NULL,
        ADD COLUMN bio text NULL,
        ADD COLUMN clinic_address jsonb NULL,
        ADD COLUMN consultation_fee numeric(10,2) NOT NULL DEFAULT 150,
        ADD COLUMN consultation_duration integer NOT NULL DEFAULT 30,
        ADD COLUMN languages text[] NOT NULL DEFAULT '{English}',
        ADD COLUMN accepting_new_patients boolean NOT NULL DEFAULT true,
        ADD COLUMN credentials_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN documents_submitted boolean NOT NULL DEFAULT false,
        ADD COLUMN rejection_reason text NULL,
        ADD COLUMN reviewed_at timestamptz NULL,
        ADD COLUMN reviewed_by uuid NULL,
        ADD CONSTRAINT chk_doctors_experience CHECK (experience IS NULL OR experience >= 0),
        ADD CONSTRAINT fk_doctors_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES users (id) ON DELETE SET NULL`);
    // Seeded demo doctors are verified already.
    await q.query(
      `UPDATE doctors SET credentials_verified = true, documents_submitted = true WHERE verification_status = 'approved'`,
    );
    await q.query(`
      CREATE TABLE credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        doctor_id uuid NOT NULL,
        type text NOT NULL,
        document_name text NOT NULL,
        issuing_organization text NULL,
        verification_status text NOT NULL DEFAULT 'pending',
        content_type text NULL,
        size integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_credentials_doctor FOREIGN KEY (doctor_id) REFERENCES doctors (id) ON DELETE CASCADE,
        CONSTRAINT chk_credentials_type CHECK (type IN ('degree', 'license', 'identity', 'address', 'certification', 'experience')),
        CONSTRAINT chk_credentials_status CHECK (verification_status IN ('pending', 'approved', 'rejected'))
      )`);
    await q.query(`CREATE INDEX idx_credentials_doctor ON credentials (doctor_id, created_at)`);
    await q.query(`
      CREATE TABLE credential_files (
        credential_id uuid PRIMARY KEY,
        bytes bytea NOT NULL,
        CONSTRAINT fk_credential_files_credential FOREIGN KEY (credential_id) REFERENCES credentials (id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE prescription_files (
        appointment_id uuid PRIMARY KEY,
        name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        bytes bytea NOT NULL,
        uploaded_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_prescription_files_appointment FOREIGN KEY (appointment_id) REFERENCES appointments (id) ON DELETE CASCADE,
        CONSTRAINT fk_prescription_files_user FOREIGN KEY (uploaded_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS prescription_files`);
    await q.query(`DROP TABLE IF EXISTS credential_files`);
    await q.query(`DROP TABLE IF EXISTS credentials`);
    await q.query(`
      ALTER TABLE doctors
        DROP CONSTRAINT IF EXISTS fk_doctors_reviewed_by,
        DROP CONSTRAINT IF EXISTS chk_doctors_experience,
        DROP COLUMN phone, DROP COLUMN gender, DROP COLUMN dob, DROP COLUMN sub_specialties,
        DROP COLUMN qualification, DROP COLUMN experience, DROP COLUMN license_number,
        DROP COLUMN npi_number, DROP COLUMN bio, DROP COLUMN clinic_address, DROP COLUMN consultation_fee,
        DROP COLUMN consultation_duration, DROP COLUMN languages, DROP COLUMN accepting_new_patients,
        DROP COLUMN credentials_verified, DROP COLUMN documents_submitted, DROP COLUMN rejection_reason,
        DROP COLUMN reviewed_at, DROP COLUMN reviewed_by`);
  }
}
