import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users and doctors with their weekly schedule. */
export class InitialSchema1767225600000 implements MigrationInterface {
  name = 'InitialSchema1767225600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        firebase_uid text NOT NULL,
        email text NULL,
        role text NOT NULL,
        email_verified boolean NOT NULL DEFAULT false,
        phone text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_users_firebase_uid UNIQUE (firebase_uid),
        CONSTRAINT chk_users_role CHECK (role IN ('patient', 'provider', 'doctor', 'admin'))
      )`);
    await q.query(`
      CREATE TABLE doctors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NULL,
        seed_key text NULL,
        name text NOT NULL,
        email text NULL,
        specialty text NOT NULL,
        clinic text NOT NULL,
        time_zone text NOT NULL DEFAULT 'America/New_York',
        schedule jsonb NOT NULL DEFAULT '{"availableDays":[],"timeSlots":{}}'::jsonb,
        verification_status text NOT NULL DEFAULT 'pending',
        is_available boolean NOT NULL DEFAULT false,
        onboarding_completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_doctors_user_id UNIQUE (user_id),
        CONSTRAINT uq_doctors_seed_key UNIQUE (seed_key),
        CONSTRAINT fk_doctors_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT chk_doctors_verification_status CHECK (verification_status IN ('pending', 'approved', 'rejected'))
      )`);
    await q.query(
      `CREATE INDEX idx_doctors_verification_available ON doctors (verification_status, is_available)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS doctors`);
    await q.query(`DROP TABLE IF EXISTS users`);
  }
}
