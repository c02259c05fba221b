import pg from 'pg';
import { AdminRepository } from '../src/admin/admin.repository.js';
import { createTestApp, type TestApp } from './helpers.js';

// The admin queue's `total` (pending, approved and rejected tabs: not suspended) is
// counted from the index alone (idx_doctors_application_queue_open), not by visiting every matching
// row to check `suspended_at`.

let t: TestApp;
let owner: pg.Client;
// As at L: most doctors approved, a quarter of them pending (bench:scale: 10,000 and 5,000).
const APPLICATIONS = 8000;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
  const run = Date.now().toString(36);
  await owner.query(
    `INSERT INTO users (firebase_uid, email, role) SELECT 'queue-${run}-' || n, NULL, 'doctor'
       FROM generate_series(1, $1::int) n`,
    [APPLICATIONS],
  );
  await owner.query(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, verification_status, onboarding_completed,
                          license_number, created_at, suspended_at, suspension_reason)
     SELECT u.id, 'Dr. Queue ' || n, 'q' || n || '@example.test', 'Cardiology', 'Queue Clinic',
            CASE WHEN n % 4 = 0 THEN 'pending' WHEN n % 4 = 1 THEN 'rejected' ELSE 'approved' END, true, 'LIC-Q-' || n,
            now() - n * interval '1 minute', CASE WHEN n % 20 = 2 THEN now() END,
            CASE WHEN n % 20 = 2 THEN 'Review' END
       FROM generate_series(1, $1::int) n JOIN users u ON u.firebase_uid = 'queue-${run}-' || n`,
    [APPLICATIONS],
  );
  // An index-only scan needs the pages marked all-visible, and VACUUM marks a page only when no open
  // snapshot predates its rows (the app's job workers poll this database): vacuum until every page is.
  for (let attempt = 0; attempt < 20; attempt++) {
    await owner.query('VACUUM ANALYZE doctors');
    const { rows } = await owner.query<{ pages: number; visible: number }>(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = 'doctors'::regclass`,
    );
    if (rows[0]!.visible >= rows[0]!.pages) break;
  }
}, 120_000);

afterAll(async () => {
  await owner?.end();
  await t?.close();
});

describe('the application queue’s total', () => {
  it.each(['pending', 'approved', 'rejected'] as const)(
    'of the %s tab is an index-only scan of idx_doctors_application_queue_open',
    async (status) => {
      const { count } = await t.app
        .get(AdminRepository)
        .applicationsPage({ status, sort: 'oldest', after: null, limit: 10 });
      const res = await owner.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) ${count.sql}`,
        count.params,
      );
      const plan = JSON.stringify(res.rows[0]!['QUERY PLAN']);
      expect(plan).toContain('"Index Only Scan"');
      expect(plan).toContain('idx_doctors_application_queue_open');
      expect(plan).not.toContain('Heap');
    },
  );

  it('still counts exactly the tab’s applications', async () => {
    const { count } = await t.app
      .get(AdminRepository)
      .applicationsPage({ status: 'pending', sort: 'oldest', after: null, limit: 10 });
    const res = await owner.query<{ n: string }>(count.sql, count.params);
    expect(Number(res.rows[0]!.n)).toBe(APPLICATIONS / 4);
  });
});
