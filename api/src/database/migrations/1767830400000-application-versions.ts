import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A doctor application carries a version that every change raises (an admin's decision
 * names the version they reviewed), and a resubmission marks the earlier credentials superseded.
 * Clinic zones Postgres does not know are reset to the default.
 */
export class ApplicationVersions1767830400000 implements MigrationInterface {
  name = 'ApplicationVersions1767830400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE doctors ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await q.query(`ALTER TABLE credentials ADD COLUMN superseded_at timestamptz NULL`);
    // Zones saved before Postgres was asked (e.g. 'US/Pacific-New', known to Node only) made every
    // AT TIME ZONE query of that doctor fail: they fall back to the default clinic zone.
    await q.query(
      `UPDATE doctors SET time_zone = 'America/New_York'
        WHERE time_zone NOT IN (SELECT name FROM pg_timezone_names)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credentials DROP COLUMN superseded_at`);
    await q.query(`ALTER TABLE doctors DROP COLUMN version`);
  }
}
