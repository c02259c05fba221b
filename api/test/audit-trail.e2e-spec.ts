import pg from 'pg';
import request from 'supertest';
import {
  AUDIT_DEFAULT_WINDOW_DAYS,
  AUDIT_MAX_LIMIT,
  MESSAGES,
  type AuditPage,
  type AuditQuery,
} from '@medora/shared';
import { AUDIT_RETENTION_QUEUE, AUDIT_RETENTION_SCHEDULE, JOB_SCHEMA } from '../src/database/job-schema.js';
import { AuditRetentionJob } from '../src/jobs/audit-retention-job.service.js';
import { AuditRepository } from '../src/audit/audit.repository.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { registeredPatient } from './booking-helpers.js';

/**
 * The audit trail a regulator would accept: the API's own database role cannot change or
 * erase it, its rows say where each call came from, the role guard's refusals name their target, and
 * reading it answers bad filters with a 400 instead of a 500.
 */

let t: TestApp;
let admin: TestUser;
let patient: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await registeredPatient(t);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
  patient = await registeredPatient(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The SQLSTATE of a failed statement on the API's own DataSource, or 'ok'. */
async function sqlState(sql: string, params: unknown[] = []): Promise<string> {
  try {
    await t.dataSource.query(sql, params);
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; driverError?: { code?: string } };
    return e.driverError?.code ?? e.code ?? String(error);
  }
}

describe('the API’s database role', () => {
  it('is medora_app, not the owner that ran the migrations', async () => {
    const [who] = await t.dataSource.query<{ current_user: string; session_user: string }[]>(
      'SELECT current_user, session_user',
    );
    expect(who!.current_user).toBe('medora_app');
    const applied = await t.dataSource.query<{ name: string }[]>('SELECT name FROM migrations');
    expect(applied.map((m) => m.name)).toEqual(
      expect.arrayContaining(['AuditClient1767916800000', 'AppRole1767916900000']),
    );
  });

  it('may INSERT and SELECT audit_log, but never UPDATE, DELETE or TRUNCATE it (42501)', async () => {
    const insert = await sqlState(
      `INSERT INTO audit_log (actor_uid, action, resource_type, outcome) VALUES ('probe', 'read', 'profile', 'allowed')`,
    );
    const select = await sqlState(`SELECT count(*) FROM audit_log WHERE actor_uid = 'probe'`);
    expect({ insert, select }).toEqual({ insert: 'ok', select: 'ok' });
    expect({
      update: await sqlState(`UPDATE audit_log SET outcome = 'allowed' WHERE actor_uid = 'probe'`),
      delete: await sqlState(`DELETE FROM audit_log`),
      truncate: await sqlState(`TRUNCATE audit_log`),
      forgeMigration: await sqlState(`DELETE FROM migrations`),
      ddl: await sqlState(`ALTER TABLE audit_log DROP COLUMN detail`),
    }).toEqual({
      update: '42501',
      delete: '42501',
      truncate: '42501',
      forgeMigration: '42501',
      ddl: '42501',
    });
    const [{ n }] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_log WHERE actor_uid = 'probe'`,
    );
    expect(n).toBe(1);
  });

  it('still reads and writes the other tables', async () => {
    expect(
      await sqlState(`UPDATE users SET updated_at = updated_at WHERE firebase_uid = $1`, [patient.uid]),
    ).toBe('ok');
  });

  it('stays medora_app on the connections the pool opens after every connection was killed', async () => {
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      const db = new URL(t.databaseUrl).pathname.slice(1);
      await owner.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [db],
      );
    } finally {
      await owner.end();
    }
    const [who] = await t.dataSource.query<{ current_user: string }[]>('SELECT current_user');
    expect(who!.current_user).toBe('medora_app');
    expect(await sqlState(`DELETE FROM audit_log`)).toBe('42501');
  });
});

describe('audit rows', () => {
  it('carry the client IP and user agent of the call', async () => {
    const res = await request(t.http)
      .get(`/api/patients/${patient.uid}`)
      .set('User-Agent', 'audit-trail/ip-ua')
      .set(authHeader(patient));
    expect([200, 404]).toContain(res.status);
    const rows = await t.dataSource.query<{ client_ip: string | null; user_agent: string | null }[]>(
      `SELECT client_ip, user_agent FROM audit_log WHERE actor_uid = $1 AND resource_type = 'profile'`,
      [patient.uid],
    );
    expect(rows).toEqual([
      { client_ip: expect.stringMatching(/127\.0\.0\.1|::1/), user_agent: 'audit-trail/ip-ua' },
    ]);
    const listed = await request(t.http)
      .get('/api/audit')
      .query({ actor: patient.uid, resourceType: 'profile' })
      .set(authHeader(admin));
    expect(listed.status).toBe(200);
    expect((listed.body as AuditPage).items[0]).toMatchObject({ userAgent: 'audit-trail/ip-ua' });
  });

  it('record a refusal of the role guard with the route’s resource and the path’s id', async () => {
    const id = '2b1f8f5e-7c44-4b0e-9a53-9f5f1b0c2d11';
    const res = await request(t.http)
      .post(`/api/admin/doctors/${id}/approve`)
      .set('User-Agent', 'audit-trail/guard')
      .set(authHeader(patient));
    expect(res.status).toBe(403);
    const rows = await t.dataSource.query(
      `SELECT actor_uid, actor_role, action, resource_type, resource_id, outcome FROM audit_log
        WHERE user_agent = 'audit-trail/guard'`,
    );
    expect(rows).toEqual([
      {
        actor_uid: patient.uid,
        actor_role: 'patient',
        action: 'access',
        resource_type: 'doctor',
        resource_id: id,
        outcome: 'denied',
      },
    ]);
  });

  it('record an admin reading the audit log itself, with the filters used', async () => {
    const res = await request(t.http)
      .get('/api/audit')
      .query({ outcome: 'denied', limit: '5' })
      .set('User-Agent', 'audit-trail/read-log')
      .set(authHeader(admin));
    expect(res.status).toBe(200);
    const rows = await t.dataSource.query(
      `SELECT action, resource_type, detail FROM audit_log WHERE user_agent = 'audit-trail/read-log'`,
    );
    expect(rows).toEqual([
      { action: 'audit.read', resource_type: 'audit_log', detail: 'outcome=denied&limit=5' },
    ]);
  });
});

describe('GET /api/audit filters', () => {
  const get = (query: string) => request(t.http).get(`/api/audit?${query}`).set(authHeader(admin));

  it.each([
    ['from=0000-01-01T00:00:00Z', 'from must be between the years 2000 and 9999'],
    ['to=1999-12-31T23:59:59Z', 'to must be between the years 2000 and 9999'],
    ['from=9999-12-31T23:00:00-05:00', 'from must be between the years 2000 and 9999'],
    ['from=yesterday', 'from must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z'],
    ['from=2026-02-30T00:00:00Z', 'from must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z'],
    ['from=2026-03-01T00:00:00Z&to=2026-02-01T00:00:00Z', 'from must not be later than to'],
    [
      'from=2026-01-01T00:00:00Z&from=2026-01-02T00:00:00Z',
      'from must be an ISO 8601 timestamp, e.g. 2026-01-31T00:00:00Z',
    ],
    ['limit=0', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=201', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=501', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=abc', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=1e2', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=', `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`],
    ['limit=5&limit=6', 'limit must be given once, as a whole number'],
    ['action=drop', 'action must be one of the audit log’s actions'],
    ['resourceType=everything', expect.stringContaining('resourceType must be one of: profile, document')],
    ['outcome=maybe', 'outcome must be one of: allowed, denied, not_found, rejected, failed'],
    ['actor=', 'actor must not be empty'],
    // The filters have one name each: the old aliases are unknown fields.
    ['actorUid=u1', expect.any(String)],
    ['subject=u1', expect.any(String)],
    ['before=2b1f8f5e-7c44-4b0e-9a53-9f5f1b0c2d11', expect.any(String)],
    ['cursor=not%20base64', MESSAGES.listCursorInvalid],
    [`resourceId=${'x'.repeat(129)}`, 'resourceId must be at most 128 characters'],
    ['secret=1', expect.any(String)],
  ])('%s → 400 (%s)', async (query, message) => {
    const res = await get(query);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
  });

  it('accepts a sane range and every filter at once', async () => {
    const res = await get(
      'from=2000-01-01T00:00:00Z&to=9999-12-31T23:59:59Z&limit=200&outcome=denied&action=access&resourceType=doctor',
    );
    expect(res.status).toBe(200);
    const { items } = res.body as AuditPage;
    expect(items.every((r) => r.action === 'access' && r.outcome === 'denied')).toBe(true);
  });
});

/**
 * The audit log at scale. Rows seeded with generate_series (as the owner), then the plan of
 * the route's own statement (`AuditRepository.listQuery`) for each filter: its index, never a
 * sequential scan, also when nothing matches; the default window; the retention.
 */
describe('the audit log at scale', () => {
  const get = (query: string) => request(t.http).get(`/api/audit?${query}`).set(authHeader(admin));
  const SEEDED = 200_000;
  const RUN = Date.now().toString(36);
  let owner: pg.Client;

  beforeAll(async () => {
    owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    // 200,000 rows over the last ~58 days (one every 25 s), 500 actors: the filtered values are rare,
    // as in the measurement (downloads 1 in 500, documents 1 in 700, denials 1 in 1,000) — a
    // common value is found fastest by walking the time index, which the planner rightly prefers.
    await owner.query(
      `INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome, created_at)
       SELECT 'seed-${RUN}-' || (g % 500), 'patient',
              CASE WHEN g % 500 = 0 THEN 'download' ELSE (ARRAY['read', 'list', 'write'])[1 + g % 3] END,
              CASE WHEN g % 700 = 0 THEN 'document' ELSE (ARRAY['profile', 'appointment'])[1 + g % 2] END,
              'subject-${RUN}-' || (g % 20000),
              CASE WHEN g % 1000 = 0 THEN 'denied' ELSE 'allowed' END,
              clock_timestamp() - make_interval(secs => g * 25)
         FROM generate_series(1, $1::int) g`,
      [SEEDED],
    );
    await owner.query('ANALYZE audit_log');
  }, 120_000);

  afterAll(async () => {
    await owner?.end();
  });

  /** The plan of the route's statement for `query`, as JSON text. */
  async function plan(query: AuditQuery): Promise<string> {
    const { sql, params } = AuditRepository.listQuery(query, 100);
    const res = await owner.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    return JSON.stringify(res.rows[0]!['QUERY PLAN']);
  }

  it.each<[string, AuditQuery, string]>([
    ['action', { action: 'download' }, 'idx_audit_log_action'],
    ['outcome denied', { outcome: 'denied' }, 'idx_audit_log_outcome'],
    ['resource type', { resourceType: 'document' }, 'idx_audit_log_type'],
    ['actor', { actor: `seed-${RUN}-7` }, 'idx_audit_log_actor'],
    ['subject', { resourceId: `subject-${RUN}-42` }, 'idx_audit_log_subject'],
    ['time only', {}, 'idx_audit_log_created'],
    ['an action nobody took', { action: 'doctor.reinstate' }, 'idx_audit_log_action'],
    ['a type nobody has', { resourceType: 'schedule', outcome: 'denied' }, 'idx_audit_log_'],
  ])('a filter on %s is served by its index, without a sequential scan', async (_name, query, index) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toContain('Seq Scan');
  });

  it('a common action whose newest rows are of other kinds is still read through its own index', async () => {
    // The log's newest rows are mostly its own reads ('audit.read') and lists: walking the time index
    // for 'read' would skip them all first.
    await owner.query(
      `INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome, created_at)
       SELECT 'admin-${RUN}', 'admin', 'audit.read', 'audit_log', NULL, 'allowed', clock_timestamp() + make_interval(secs => g)
         FROM generate_series(1, 5000) g`,
    );
    await owner.query('ANALYZE audit_log');
    for (const query of [
      { action: 'read' },
      { outcome: 'allowed' },
      { resourceType: 'profile' },
    ] as AuditQuery[]) {
      const text = await plan(query);
      expect([query, text.includes('idx_audit_log_created'), text.includes('Sort')]).toEqual([
        query,
        false,
        false,
      ]);
    }
    // Same rows, same order as the time order.
    const res = await get('action=read&limit=50');
    expect(res.status).toBe(200);
    const rows = (res.body as AuditPage).items;
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.action === 'read')).toBe(true);
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it(`reads the last ${AUDIT_DEFAULT_WINDOW_DAYS} days unless from/to say otherwise`, async () => {
    await owner.query(
      `INSERT INTO audit_log (actor_uid, action, resource_type, resource_id, outcome, created_at)
       VALUES ('old-${RUN}', 'read', 'profile', 'old-${RUN}', 'allowed', now() - interval '45 days')`,
    );
    const recent = await get(`resourceId=old-${RUN}`);
    expect(recent.status).toBe(200);
    expect(recent.body).toEqual({ items: [], nextCursor: null });
    const ranged = await get(`resourceId=old-${RUN}&from=2000-01-01T00:00:00Z`);
    expect((ranged.body as AuditPage).items.map((r) => r.actorUid)).toEqual([`old-${RUN}`]);
    // `actor` matches a uid exactly (an account that no longer exists, here).
    const byActor = await get(`resourceId=old-${RUN}&actor=old-${RUN}&from=2000-01-01T00:00:00Z`);
    expect((byActor.body as AuditPage).items.map((r) => r.resourceId)).toEqual([`old-${RUN}`]);
  });

  it('retention is a daily job of the API that applies the owner’s policy and nothing else', async () => {
    const count = async (older: boolean) =>
      (
        await owner.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log
            WHERE created_at ${older ? '<' : '>='} now() - interval '1 month'`,
        )
      ).rows[0]!.n;
    const newer = await count(false);
    expect(await count(true)).toBeGreaterThan(10_000);
    const job = t.app.get(AuditRetentionJob);

    // No policy (AUDIT_RETENTION_MONTHS unset): the job deletes nothing.
    expect(await job.run()).toBe(0);
    // The API's own role may neither set the policy nor delete rows of its choosing.
    expect(await sqlState(`UPDATE audit_retention_policy SET months = 1`)).toBe('42501');
    expect(await sqlState(`DELETE FROM audit_log WHERE created_at < now() - interval '1 day'`)).toBe('42501');

    // The owner's policy (written by the migration run from AUDIT_RETENTION_MONTHS): one month.
    await owner.query(`UPDATE audit_retention_policy SET months = 1`);
    const gone = await job.run();
    expect(gone).toBeGreaterThan(10_000);
    expect(await count(true)).toBe(0);
    expect(await count(false)).toBeGreaterThanOrEqual(newer);

    // pg-boss holds the daily schedule, so exactly one process runs it each day.
    const scheduled = await owner.query<{ cron: string }>(
      `SELECT cron FROM ${JOB_SCHEMA}.schedule WHERE name = $1`,
      [AUDIT_RETENTION_QUEUE],
    );
    expect(scheduled.rows).toEqual([{ cron: AUDIT_RETENTION_SCHEDULE }]);
  }, 120_000);

  it('takes the policy from AUDIT_RETENTION_MONTHS when the migrations run', async () => {
    const other = await createTestApp({ seed: false, env: { AUDIT_RETENTION_MONTHS: '24' } });
    try {
      const policy = await other.dataSource.query<{ months: number | null }[]>(
        'SELECT months FROM audit_retention_policy',
      );
      expect(policy).toEqual([{ months: 24 }]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
