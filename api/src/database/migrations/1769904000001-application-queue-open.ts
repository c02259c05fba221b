import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's application tabs other than "suspended" (pending, approved, rejected)
 * read applications that are not suspended, and their `total` counts them on every page. The queue
 * index of AdminListIndexes1769558400000 does not know `suspended_at`, so Postgres visited every
 * matching row in the table to check it (a bitmap heap scan of all 5,000 pending applications at M,
 * 7–14 ms a request). This partial index carries that condition: the count is an index-only scan, and
 * the page one ordered range of it.
 */
export class ApplicationQueueOpen1769904000001 implements MigrationInterface {
  name = 'ApplicationQueueOpen1769904000001';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_doctors_application_queue_open ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed AND seed_key IS NULL AND suspended_at IS NULL`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_doctors_application_queue_open`);
  }
}
