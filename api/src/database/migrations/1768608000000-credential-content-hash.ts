import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A retried application upload must not store the same document twice (an admin saw six
 * documents after one retry). `content_hash` is the SHA-256 of a credential's bytes; one current (not
 * superseded) document per application, type and content.
 */
export class CredentialContentHash1768608000000 implements MigrationInterface {
  name = 'CredentialContentHash1768608000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credentials ADD COLUMN content_hash text NULL`);
    await q.query(
      `CREATE UNIQUE INDEX uq_credentials_current_content ON credentials (doctor_id, type, content_hash)
        WHERE superseded_at IS NULL AND content_hash IS NOT NULL`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS uq_credentials_current_content`);
    await q.query(`ALTER TABLE credentials DROP COLUMN IF EXISTS content_hash`);
  }
}
