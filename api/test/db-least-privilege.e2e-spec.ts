import pg from 'pg';
import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import { APP_DB_ROLE, ensureApiLogin } from '../src/database/app-role.js';
import { servingLoginProblem } from '../src/database/migrate.js';
import { authHeader, createTestApp, type TestApp } from './helpers.js';
import { registeredPatient } from './booking-helpers.js';

/**
 * What arbitrary SQL on one of the API's own serving connections (an injection, a stolen connection)
 * can do: the login under the app role is only a member of medora_app, so there is no way back to the
 * owner or a superuser, and the audit trail stays append-only even after leaving the app role.
 */

let t: TestApp;
let runner: QueryRunner;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  runner = t.dataSource.createQueryRunner();
  await runner.connect();
  await runner.query(
    `INSERT INTO audit_log (actor_uid, action, resource_type, outcome) VALUES ('probe', 'read', 'profile', 'allowed')`,
  );
}, 120_000);

afterAll(async () => {
  // Back to the app role before the connection returns to the pool.
  await runner?.query(`SET ROLE ${APP_DB_ROLE}`).catch(() => undefined);
  await runner?.release();
  await t?.close();
});

/** The SQLSTATE of a statement on the pinned serving connection, or 'ok'. */
async function sqlState(sql: string): Promise<string> {
  try {
    await runner.query(sql);
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; driverError?: { code?: string } };
    return e.driverError?.code ?? e.code ?? String(error);
  }
}

/** Rows of the audit probe, read as the owner. */
async function probeRows(): Promise<{ outcome: string }[]> {
  const owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
  try {
    return (await owner.query<{ outcome: string }>(`SELECT outcome FROM audit_log WHERE actor_uid = 'probe'`))
      .rows;
  } finally {
    await owner.end();
  }
}

describe('the API’s serving connection', () => {
  it('logs in as a role that is no superuser, owns nothing and has no CREATEROLE', async () => {
    const [who] = await runner.query(
      `SELECT current_user, session_user, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
              pg_has_role(session_user, d.datdba, 'MEMBER') AS owner_member
         FROM pg_roles r, pg_database d
        WHERE r.rolname = session_user AND d.datname = current_database()`,
    );
    expect(who).toMatchObject({
      current_user: APP_DB_ROLE,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      owner_member: false,
    });
    expect(who.session_user).not.toBe('postgres');
  });

  it('is what the start-up check accepts, while the owner’s login would be warned about', async () => {
    expect(await servingLoginProblem(t.apiDatabaseUrl)).toBeUndefined();
    expect(await servingLoginProblem(t.databaseUrl)).toMatch(/^DATABASE_URL logs in as \S+, a superuser$/);
  });

  it('is never made from a privileged role: the set-up refuses the owner, a superuser or a member of another role', async () => {
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    // Roles belong to the whole server: a name of this test's own, dropped at the end.
    const name = `medora_lp_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    try {
      const [{ me }] = (await owner.query<{ me: string }>('SELECT current_user AS me')).rows;
      await expect(ensureApiLogin(t.databaseUrl, { user: me!, password: '' })).rejects.toThrow(
        /log in as the same role/,
      );
      await owner.query(`CREATE ROLE ${name} LOGIN SUPERUSER`);
      await expect(ensureApiLogin(t.databaseUrl, { user: name, password: '' })).rejects.toThrow(
        /is a superuser/,
      );
      await owner.query(`ALTER ROLE ${name} NOSUPERUSER`);
      await owner.query(`GRANT pg_read_all_data TO ${name}`);
      await expect(ensureApiLogin(t.databaseUrl, { user: name, password: '' })).rejects.toThrow(
        /is a member of pg_read_all_data/,
      );
      await owner.query(`REVOKE pg_read_all_data FROM ${name}`);
      await ensureApiLogin(t.databaseUrl, { user: name, password: '' });
      const { rows } = await owner.query(
        `SELECT rolcanlogin, rolsuper, pg_has_role($1, $2, 'MEMBER') AS app FROM pg_roles WHERE rolname = $1`,
        [name, APP_DB_ROLE],
      );
      expect(rows).toEqual([{ rolcanlogin: true, rolsuper: false, app: true }]);
    } finally {
      await owner.query(`DROP ROLE IF EXISTS ${name}`).catch(() => undefined);
      await owner.end();
    }
  });

  it('cannot SET ROLE or SET SESSION AUTHORIZATION to the superuser or the owner', async () => {
    const [{ owner }] = await runner.query(
      `SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()`,
    );
    expect({
      postgres: await sqlState('SET ROLE postgres'),
      owner: await sqlState(`SET ROLE "${owner}"`),
      session: await sqlState('SET SESSION AUTHORIZATION postgres'),
    }).toEqual({ postgres: '42501', owner: '42501', session: '42501' });
  });

  it.each(['RESET ROLE', 'SET ROLE NONE'])(
    'after %s, still cannot UPDATE, DELETE, TRUNCATE or ALTER audit_log, nor create a role',
    async (leave) => {
      expect(await sqlState(leave)).toBe('ok');
      const tried = {
        update: await sqlState(`UPDATE audit_log SET outcome = 'denied' WHERE actor_uid = 'probe'`),
        delete: await sqlState(`DELETE FROM audit_log WHERE actor_uid = 'probe'`),
        truncate: await sqlState('TRUNCATE audit_log'),
        alter: await sqlState('ALTER TABLE audit_log DISABLE TRIGGER ALL'),
        drop: await sqlState('ALTER TABLE audit_log DROP COLUMN detail'),
        createRole: await sqlState('CREATE ROLE medora_intruder SUPERUSER LOGIN'),
        grant: await sqlState('GRANT postgres TO CURRENT_USER'),
      };
      // Back to the app role before asserting, so a failure here cannot spill into the next test.
      await runner.query(`SET ROLE ${APP_DB_ROLE}`);
      expect(tried).toEqual({
        update: '42501',
        delete: '42501',
        truncate: '42501',
        alter: '42501',
        drop: '42501',
        createRole: '42501',
        grant: '42501',
      });
      expect(await probeRows()).toEqual([{ outcome: 'allowed' }]);
    },
  );

  it('still serves the app: a sign-up writes its user, a profile read writes its audit row', async () => {
    const patient = await registeredPatient(t);
    const res = await request(t.http).get(`/api/patients/${patient.uid}`).set(authHeader(patient));
    expect([200, 404]).toContain(res.status);
    const [row] = await t.dataSource.query<{ users: number; audited: number }[]>(
      `SELECT (SELECT count(*)::int FROM users WHERE firebase_uid = $1) AS users,
              (SELECT count(*)::int FROM audit_log WHERE actor_uid = $1 AND resource_type = 'profile') AS audited`,
      [patient.uid],
    );
    expect(row).toEqual({ users: 1, audited: 1 });
  });
});
