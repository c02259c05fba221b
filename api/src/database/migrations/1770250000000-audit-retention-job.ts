import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * The audit log's retention as a scheduled job of the serving API, without giving the API the right to
 * delete audit rows: the owner keeps the policy (how many months; written by the migration run from
 * AUDIT_RETENTION_MONTHS) in a table the app role may only read, and `prune_audit_log(batch)` — a
 * SECURITY DEFINER function of the owner that the app role may execute — deletes one batch of the rows
 * older than that policy, oldest first. The app role can trigger the owner's policy; it cannot choose
 * what to delete.
 */
export class AuditRetentionJob1770250000000 implements MigrationInterface {
  name = 'AuditRetentionJob1770250000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_retention_policy (
        only_row boolean PRIMARY KEY DEFAULT true CONSTRAINT ck_audit_retention_policy_one CHECK (only_row),
        months integer CONSTRAINT ck_audit_retention_policy_months CHECK (months BETWEEN 1 AND 1200),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO audit_retention_policy DEFAULT VALUES`);
    await q.query(`REVOKE ALL ON audit_retention_policy FROM ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT ON audit_retention_policy TO ${APP_DB_ROLE}`);
    await q.query(`
      CREATE FUNCTION prune_audit_log(batch integer) RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
      DECLARE
        kept integer;
        gone integer;
      BEGIN
        SELECT months INTO kept FROM audit_retention_policy;
        IF kept IS NULL THEN
          RETURN 0;
        END IF;
        DELETE FROM audit_log WHERE id IN (
          SELECT id FROM audit_log WHERE created_at < now() - make_interval(months => kept)
           ORDER BY created_at LIMIT least(greatest(batch, 1), 10000));
        GET DIAGNOSTICS gone = ROW_COUNT;
        RETURN gone;
      END $$`);
    await q.query(`REVOKE ALL ON FUNCTION prune_audit_log(integer) FROM PUBLIC`);
    await q.query(`GRANT EXECUTE ON FUNCTION prune_audit_log(integer) TO ${APP_DB_ROLE}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION prune_audit_log(integer)`);
    await q.query(`DROP TABLE audit_retention_policy`);
  }
}
