import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Audit rows say where a call came from: the client's IP and user agent. */
export class AuditClient1767916800000 implements MigrationInterface {
  name = 'AuditClient1767916800000';

  public async up(q: QueryRunner): Promise<void> {
    // text, not inet: `request.ip` is whatever Fastify derived, and a value inet refuses must never cost
    // the row (the insert shares its statement with the audited read).
    await q.query(`ALTER TABLE audit_log ADD COLUMN client_ip text NULL, ADD COLUMN user_agent text NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP COLUMN IF EXISTS client_ip, DROP COLUMN IF EXISTS user_agent`);
  }
}
