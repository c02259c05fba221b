import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The application's own searchable text (name, e-mail, licence), as the trigram index and the search
 * (`AdminRepository.applicationsPage`) both spell it: the index serves only this exact expression.
 */
export const APPLICATION_SEARCH_TEXT_SQL = `coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(license_number, '')`;

/**
 * Indexes for every filter the admin lists offer, so that their cost does not grow with the
 * data.
 *
 * - Applications (`GET /api/admin/applications`): the queue (status, submission date, id — the keyset
 *   order) over submitted, unseeded applications; the search `q` through trigram (pg_trgm) GIN indexes
 *   on the application's name, e-mail and licence and on the account's e-mail, when the server has
 *   pg_trgm (embedded PostgreSQL 18 ships it; without it the search filters the queue's index rows).
 * - Audit (`GET /api/audit`): one index per filter, each ending in the list's order (created_at, id
 *   newest first): action, outcome, resource type, subject (resource id); actor and time exist.
 * - Overview (`GET /api/admin/overview`): users by role, listed doctors by status, and active
 *   appointments by start (the week's count), all answerable from the index alone.
 */
export class AdminListIndexes1769558400000 implements MigrationInterface {
  name = 'AdminListIndexes1769558400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_doctors_application_queue ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed AND seed_key IS NULL`,
    );
    await q.query(
      `CREATE INDEX idx_doctors_listed_status ON doctors (verification_status)
        WHERE onboarding_completed OR seed_key IS NOT NULL`,
    );
    await q.query(`CREATE INDEX idx_users_role ON users (role)`);
    await q.query(
      `CREATE INDEX idx_appointments_starts_active ON appointments (starts_at) WHERE status <> 'Cancelled'`,
    );
    await q.query(`CREATE INDEX idx_audit_log_action ON audit_log (action, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX idx_audit_log_outcome ON audit_log (outcome, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX idx_audit_log_type ON audit_log (resource_type, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX idx_audit_log_subject ON audit_log (resource_id, created_at DESC)`);
    // pg_trgm needs the right to create extensions: where the owner lacks it, the search still works
    // (on the queue index's rows), only without its own index. The notice says which.
    await q.query(`
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm unavailable (%): the applications search runs without a trigram index', SQLERRM;
      END $$`);
    await q.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          EXECUTE $i$CREATE INDEX idx_doctors_application_search ON doctors
            USING gin ((${APPLICATION_SEARCH_TEXT_SQL}) gin_trgm_ops)$i$;
          EXECUTE $i$CREATE INDEX idx_users_email_trgm ON users USING gin (email gin_trgm_ops)$i$;
        END IF;
      END $$`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'idx_users_email_trgm',
      'idx_doctors_application_search',
      'idx_audit_log_subject',
      'idx_audit_log_type',
      'idx_audit_log_outcome',
      'idx_audit_log_action',
      'idx_appointments_starts_active',
      'idx_users_role',
      'idx_doctors_listed_status',
      'idx_doctors_application_queue',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
  }
}
