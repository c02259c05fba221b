import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings (docs/product.md#settings): the account's name beside its phone, and each user's notification
 * preferences (a row only once the user saves them: the defaults live once, in `@medora/shared`, so the
 * columns have none).
 */
export class AccountSettings1768348800000 implements MigrationInterface {
  name = 'AccountSettings1768348800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN name text`);
    // When the token whose e-mail the row holds was issued: an older token (still valid for up to an
    // hour after an e-mail change) must not put the old address back.
    await q.query(`ALTER TABLE users ADD COLUMN email_token_issued_at timestamptz`);
    await q.query(`
      CREATE TABLE user_preferences (
        user_id uuid NOT NULL,
        email_booking_confirmations boolean NOT NULL,
        email_reminders boolean NOT NULL,
        reminder_lead_hours integer NOT NULL,
        in_app_notifications boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_user_preferences PRIMARY KEY (user_id),
        CONSTRAINT fk_user_preferences_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT chk_user_preferences_lead CHECK (reminder_lead_hours IN (2, 24, 48))
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS user_preferences`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS email_token_issued_at`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS name`);
  }
}
