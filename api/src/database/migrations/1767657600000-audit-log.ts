import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log: who read or wrote a profile, document or appointment, and every denial. */
export class AuditLog1767657600000 implements MigrationInterface {
  name = 'AuditLog1767657600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        actor_uid text NULL,
        actor_role text NULL,
        action text NOT NULL,
        resource_type text NOT NULL,
        resource_id text NULL,
        outcome text NOT NULL,
        detail text NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT pk_audit_log PRIMARY KEY (id),
        CONSTRAINT ck_audit_log_outcome CHECK (outcome IN ('allowed', 'denied'))
      )`);
    await q.query(`CREATE INDEX idx_audit_log_created ON audit_log (created_at DESC)`);
    await q.query(`CREATE INDEX idx_audit_log_actor ON audit_log (actor_uid, created_at DESC)`);
    await q.query(
      `CREATE INDEX idx_audit_log_resource ON audit_log (resource_type, resource_id, created_at DESC)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS audit_log`);
  }
}
