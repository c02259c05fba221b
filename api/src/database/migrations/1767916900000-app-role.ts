import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * The role the API serves traffic as: reads and writes every table, but may only INSERT and
 * SELECT on audit_log (no UPDATE, DELETE, TRUNCATE) and only read the migrations table. Migrations keep
 * running as the owner (the user of MIGRATION_DATABASE_URL, else DATABASE_URL). Tables created by
 * later migrations get the same DML grants through default privileges; a later table that must be
 * append-only revokes them in its own migration. The owner must be a superuser or have CREATEROLE
 * (checked with a non-superuser CREATEROLE owner on PostgreSQL 18), or the role must exist already.
 */
export class AppRole1767916900000 implements MigrationInterface {
  name = 'AppRole1767916900000';

  public async up(q: QueryRunner): Promise<void> {
    // Roles are cluster-wide: test databases on one server migrate at the same time, so a concurrent
    // CREATE ROLE may fail with duplicate_object or (racing on the catalog index) unique_violation.
    await q.query(`
      DO $$
      BEGIN
        CREATE ROLE ${APP_DB_ROLE} NOLOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL;
      END $$`);
    // A non-superuser owner needs membership to SET ROLE to it at connection start (a superuser may
    // always). If the server refuses, the API's first connection says so ("permission denied to set
    // role"): grant it by hand or give DATABASE_URL a login role that is a member.
    await q.query(`
      DO $$
      BEGIN
        IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
          EXECUTE format('GRANT ${APP_DB_ROLE} TO %I', current_user);
        END IF;
      EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'Cannot grant ${APP_DB_ROLE} to %: %', current_user, SQLERRM;
      END $$`);
    await q.query(`GRANT USAGE ON SCHEMA public TO ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_DB_ROLE}`);
    await q.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_DB_ROLE}`);
    await q.query(`REVOKE ALL ON audit_log FROM ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT, INSERT ON audit_log TO ${APP_DB_ROLE}`);
    await q.query(`REVOKE ALL ON migrations FROM ${APP_DB_ROLE}`);
    await q.query(`GRANT SELECT ON migrations TO ${APP_DB_ROLE}`);
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_DB_ROLE}`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_DB_ROLE}`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    // The role itself stays: it is cluster-wide and other databases on the server may use it.
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT ON SEQUENCES FROM ${APP_DB_ROLE}`,
    );
    await q.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM ${APP_DB_ROLE}`,
    );
    await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${APP_DB_ROLE}`);
    await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_DB_ROLE}`);
    await q.query(`REVOKE USAGE ON SCHEMA public FROM ${APP_DB_ROLE}`);
  }
}
