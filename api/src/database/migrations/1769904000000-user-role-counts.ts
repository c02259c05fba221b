import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * `GET /api/admin/overview` counted users by role by reading all of `idx_users_role`
 * on every request (111 ms at 215,000 users). Counts are now kept per role in `user_role_counts` by
 * statement-level triggers on `users` (insert, delete, update, truncate) that add each statement's
 * net change per role, so the overview reads three rows whatever the number of users.
 *
 * - One row per role; the trigger function runs as the owner (SECURITY DEFINER) and the serving role
 *   may only read the table, so no API code path can set a count.
 * - Concurrent sign-ups of one role wait on that role's row until they commit (a row lock held for the
 *   rest of the transaction): sign-ups are rare next to reads, and a count is never lost.
 * - An UPDATE that does not change any role leaves the counts alone (its net change is zero).
 */
export class UserRoleCounts1769904000000 implements MigrationInterface {
  name = 'UserRoleCounts1769904000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE user_role_counts (role text PRIMARY KEY, n bigint NOT NULL DEFAULT 0)`);
    await q.query(`CREATE FUNCTION user_role_counts_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE user_role_counts SET n = 0 WHERE n <> 0;
          RETURN NULL;
        END IF;
        -- Each branch names only the transition tables its event has (plpgsql plans a statement when
        -- it first runs it).
        IF TG_OP = 'INSERT' THEN
          INSERT INTO user_role_counts AS c (role, n)
          SELECT role, count(*) FROM new_rows GROUP BY role
          ON CONFLICT (role) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO user_role_counts AS c (role, n)
          SELECT role, -count(*) FROM old_rows GROUP BY role
          ON CONFLICT (role) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSE
          INSERT INTO user_role_counts AS c (role, n)
          SELECT role, sum(d) FROM (
            SELECT role, 1 AS d FROM new_rows UNION ALL SELECT role, -1 FROM old_rows
          ) change GROUP BY role HAVING sum(d) <> 0
          ON CONFLICT (role) DO UPDATE SET n = c.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER trg_users_role_counts_insert AFTER INSERT ON users
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply()`);
    await q.query(`CREATE TRIGGER trg_users_role_counts_delete AFTER DELETE ON users
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply()`);
    await q.query(`CREATE TRIGGER trg_users_role_counts_update AFTER UPDATE ON users
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply()`);
    await q.query(`CREATE TRIGGER trg_users_role_counts_truncate AFTER TRUNCATE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_apply()`);
    // The counts of the users already there, taken after the triggers exist and under a lock that
    // keeps writers out until this migration commits.
    await q.query(`LOCK TABLE users IN SHARE MODE`);
    await q.query(`INSERT INTO user_role_counts (role, n) SELECT role, count(*) FROM users GROUP BY role`);
    await q.query(`REVOKE ALL ON user_role_counts FROM ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT ON user_role_counts TO ${APP_DB_ROLE}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS trg_users_role_counts_truncate ON users`);
    await q.query(`DROP TRIGGER IF EXISTS trg_users_role_counts_update ON users`);
    await q.query(`DROP TRIGGER IF EXISTS trg_users_role_counts_delete ON users`);
    await q.query(`DROP TRIGGER IF EXISTS trg_users_role_counts_insert ON users`);
    await q.query(`DROP FUNCTION IF EXISTS user_role_counts_apply()`);
    await q.query(`DROP TABLE IF EXISTS user_role_counts`);
  }
}
