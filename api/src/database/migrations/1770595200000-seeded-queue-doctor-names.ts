import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCOUNT_NAME_MAX_LENGTH } from '@medora/shared';

/**
 * - The admin desk lists seeded (demo) doctors too: the "Approved" counter always counted them, so the
 *   tab has to show the same doctors, and an admin must be able to find and suspend one. The two queue
 *   indexes were partial on `seed_key IS NULL`, which the queue no longer asks for, so Postgres could
 *   not use them; they are made again over every submitted application.
 * - A doctor's account name (the settings page's "Full name") was never set from their application:
 *   accounts without a name take their doctor record's name. Later applications set it as they are
 *   submitted (DoctorApplicationsService).
 */
export class SeededQueueDoctorNames1770595200000 implements MigrationInterface {
  name = 'SeededQueueDoctorNames1770595200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_doctors_application_queue`);
    await q.query(`DROP INDEX IF EXISTS idx_doctors_application_queue_open`);
    await q.query(
      `CREATE INDEX idx_doctors_application_queue ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed`,
    );
    await q.query(
      `CREATE INDEX idx_doctors_application_queue_open ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed AND suspended_at IS NULL`,
    );
    await q.query(
      `UPDATE users u SET name = left(btrim(d.name), $1)
         FROM doctors d
        WHERE d.user_id = u.id AND COALESCE(u.name, '') = '' AND btrim(COALESCE(d.name, '')) <> ''`,
      [ACCOUNT_NAME_MAX_LENGTH],
    );
  }

  // The names stay: they are the accounts' names now, and the owner may have edited them since.
  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_doctors_application_queue`);
    await q.query(`DROP INDEX IF EXISTS idx_doctors_application_queue_open`);
    await q.query(
      `CREATE INDEX idx_doctors_application_queue ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed AND seed_key IS NULL`,
    );
    await q.query(
      `CREATE INDEX idx_doctors_application_queue_open ON doctors (verification_status, created_at, id)
        WHERE onboarding_completed AND seed_key IS NULL AND suspended_at IS NULL`,
    );
  }
}
