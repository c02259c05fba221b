import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The bookable doctors as the partial indexes' predicate (the statements' approvedDoctorSql + is_available). */
const BOOKABLE = `verification_status = 'approved' AND suspended_at IS NULL AND is_available`;

/**
 * The doctor search reads a page by keyset (name, id) without walking every doctor.
 * - `idx_doctors_bookable_name`: the unfiltered page, in order, bookable doctors only.
 * - `idx_doctors_bookable_specialty_name`: the specialty filter (and the chronic-condition filter's
 *   "does any doctor match" probe), in page order.
 * - `idx_doctors_search_trgm`: free text on name and clinic (`ILIKE '%…%'`) through pg_trgm, which the
 *   embedded PostgreSQL ships (a trusted extension since PostgreSQL 13, so the database owner may create it).
 * Each is proven by an EXPLAIN in api/test/doctor-search.e2e-spec.ts.
 */
export class DoctorSearch1769385600000 implements MigrationInterface {
  name = 'DoctorSearch1769385600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX idx_doctors_bookable_name ON doctors (name, id) WHERE ${BOOKABLE}`);
    await q.query(
      `CREATE INDEX idx_doctors_bookable_specialty_name ON doctors (specialty, name, id) WHERE ${BOOKABLE}`,
    );
    await q.query(
      `CREATE INDEX idx_doctors_search_trgm ON doctors USING gin ((name || ' ' || clinic) gin_trgm_ops)
        WHERE ${BOOKABLE}`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_doctors_search_trgm`);
    await q.query(`DROP INDEX IF EXISTS idx_doctors_bookable_specialty_name`);
    await q.query(`DROP INDEX IF EXISTS idx_doctors_bookable_name`);
  }
}
