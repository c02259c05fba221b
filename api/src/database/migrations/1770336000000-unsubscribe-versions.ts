import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per user for each preference an unsubscribe link can change (so far the reminder
 * e-mails): a link names the version it was made for and changes the preference only while it still
 * holds. The trigger, not the API, keeps it: every change of `email_reminders`, from a link or the
 * settings page, bumps it (a first row that turns reminders off starts at 1: the default is on), and
 * nothing else can set it. So a link works once, and never after a later change.
 */
export class UnsubscribeVersions1770336000000 implements MigrationInterface {
  name = 'UnsubscribeVersions1770336000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE user_preferences ADD COLUMN email_reminders_version integer NOT NULL DEFAULT 0`,
    );
    await q.query(`
      CREATE FUNCTION user_preferences_versions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          NEW.email_reminders_version := CASE WHEN NEW.email_reminders THEN 0 ELSE 1 END;
        ELSIF NEW.email_reminders IS DISTINCT FROM OLD.email_reminders THEN
          NEW.email_reminders_version := OLD.email_reminders_version + 1;
        ELSE
          NEW.email_reminders_version := OLD.email_reminders_version;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_user_preferences_versions BEFORE INSERT OR UPDATE ON user_preferences
        FOR EACH ROW EXECUTE FUNCTION user_preferences_versions()`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS trg_user_preferences_versions ON user_preferences`);
    await q.query(`DROP FUNCTION IF EXISTS user_preferences_versions()`);
    await q.query(`ALTER TABLE user_preferences DROP COLUMN email_reminders_version`);
  }
}
