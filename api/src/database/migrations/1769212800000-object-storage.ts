import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The three tables that hold file bytes, with their key column. */
const FILE_TABLES = ['document_files', 'credential_files', 'prescription_files'] as const;

/**
 * File bytes may live in S3-compatible object storage. Each file row says where its
 * bytes are — `storage = 'db'` (the `bytes` column, the embedded default) or `'s3'` (the object
 * `object_key`) — so rows of both kinds coexist while `npm run storage:migrate` moves them.
 */
export class ObjectStorage1769212800000 implements MigrationInterface {
  name = 'ObjectStorage1769212800000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of FILE_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN storage text NOT NULL DEFAULT 'db'`);
      await q.query(`ALTER TABLE ${table} ADD COLUMN object_key text NULL`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN bytes DROP NOT NULL`);
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT chk_${table}_storage CHECK (
           (storage = 'db' AND bytes IS NOT NULL AND object_key IS NULL)
           OR (storage = 's3' AND bytes IS NULL AND object_key IS NOT NULL))`,
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of FILE_TABLES) {
      // Rows whose bytes are in the bucket cannot go back: `npm run storage:migrate -- --to-db` first.
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS chk_${table}_storage`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN bytes SET NOT NULL`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN object_key`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN storage`);
    }
  }
}
