import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read state of the header bell's notifications, per user. */
export class NotificationReads1767312000000 implements MigrationInterface {
  name = 'NotificationReads1767312000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_reads (
        user_id uuid NOT NULL,
        notification_id text NOT NULL,
        read_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_notification_reads PRIMARY KEY (user_id, notification_id),
        CONSTRAINT fk_notification_reads_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS notification_reads`);
  }
}
