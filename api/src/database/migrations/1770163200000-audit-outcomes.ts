import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An audit row states what the caller actually got: besides 'allowed' and 'denied', 'not_found' (the
 * access check passed but the object was not there), 'rejected' (any other refusal of the request)
 * and 'failed' (a server error). See docs/security.md.
 */
export class AuditOutcomes1770163200000 implements MigrationInterface {
  name = 'AuditOutcomes1770163200000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP CONSTRAINT ck_audit_log_outcome`);
    await q.query(
      `ALTER TABLE audit_log ADD CONSTRAINT ck_audit_log_outcome
         CHECK (outcome IN ('allowed', 'denied', 'not_found', 'rejected', 'failed'))`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP CONSTRAINT ck_audit_log_outcome`);
    await q.query(
      `ALTER TABLE audit_log ADD CONSTRAINT ck_audit_log_outcome CHECK (outcome IN ('allowed', 'denied'))`,
    );
  }
}
