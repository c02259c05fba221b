import request from 'supertest';
import { ROLES, type AdminDashboardOverview, type Role } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp } from './helpers.js';

// The overview's users by role come from counts the triggers of migration
// UserRoleCounts1769904000000 keep, not from counting `users`. They must equal a real count after
// every kind of change, and the serving role must not be able to set them.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});

afterAll(async () => {
  await t?.close();
});

/** The real count per role, every role present. */
async function counted(): Promise<Record<Role, number>> {
  const rows = await t.dataSource.query<{ role: Role; n: string }[]>(
    `SELECT role, count(*) AS n FROM users GROUP BY role`,
  );
  const out = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const r of rows) out[r.role] = Number(r.n);
  return out;
}

async function kept(): Promise<Record<Role, number>> {
  const rows = await t.dataSource.query<{ role: Role; n: string }[]>(`SELECT role, n FROM user_role_counts`);
  const out = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const r of rows) out[r.role] = Number(r.n);
  return out;
}

const fake = (i: number) => `role-count-${Date.now()}-${i}`;

describe('user counts by role (maintained by triggers)', () => {
  it('equal a real count after inserts, role changes, other updates and deletes, single and in bulk', async () => {
    expect(await kept()).toEqual(await counted());
    // The serving connection (medora_app) writes users; the owner-run triggers keep the counts.
    await t.dataSource.query(
      `INSERT INTO users (firebase_uid, email, role) SELECT 'rc-' || g || '-' || $1, NULL,
              CASE WHEN g % 3 = 0 THEN 'doctor' WHEN g % 3 = 1 THEN 'patient' ELSE 'provider' END
         FROM generate_series(1, 30) g`,
      [fake(0)],
    );
    expect(await kept()).toEqual(await counted());
    await t.dataSource.query(
      `UPDATE users SET role = 'admin' WHERE firebase_uid LIKE 'rc-%' AND role = 'provider'`,
    );
    expect(await kept()).toEqual(await counted());
    // An update that changes no role leaves the counts as they are.
    const before = await kept();
    await t.dataSource.query(
      `UPDATE users SET email_verified = NOT email_verified WHERE firebase_uid LIKE 'rc-%'`,
    );
    expect(await kept()).toEqual(before);
    // A role swap inside one statement: net zero for both roles.
    await t.dataSource.query(
      `UPDATE users SET role = CASE role WHEN 'doctor' THEN 'patient' ELSE 'doctor' END
        WHERE firebase_uid LIKE 'rc-%' AND role IN ('doctor', 'patient')`,
    );
    expect(await kept()).toEqual(await counted());
    await t.dataSource.query(`DELETE FROM users WHERE firebase_uid LIKE 'rc-%' AND role = 'patient'`);
    expect(await kept()).toEqual(await counted());
    await t.dataSource.query(`DELETE FROM users WHERE firebase_uid LIKE 'rc-%'`);
    expect(await kept()).toEqual(await counted());
  });

  it('follow sign-ups through the API, and the overview answers them', async () => {
    const admin = await signUpUser();
    expect(
      (
        await request(t.http)
          .post('/api/users')
          .set(authHeader(admin))
          .send({ uid: admin.uid, role: 'patient' })
      ).status,
    ).toBe(201);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
    for (const role of ['patient', 'doctor', 'provider'] as const) {
      const user = await signUpUser();
      const res = await request(t.http)
        .post('/api/users')
        .set(authHeader(user))
        .send({ uid: user.uid, role });
      expect(res.status).toBe(201);
    }
    const real = await counted();
    expect(await kept()).toEqual(real);
    const res = await request(t.http).get('/api/admin/overview').set(authHeader(admin));
    expect(res.status).toBe(200);
    const body = res.body as AdminDashboardOverview;
    expect(body.users.byRole).toEqual(real);
    expect(body.users.total).toBe(Object.values(real).reduce((a, b) => a + b, 0));
    expect(body.patients).toBe(real.patient);
  });

  it('may only be read by the serving role (42501 on any write)', async () => {
    for (const sql of [
      `UPDATE user_role_counts SET n = 0`,
      `INSERT INTO user_role_counts (role, n) VALUES ('x', 1)`,
      `DELETE FROM user_role_counts`,
    ]) {
      await expect(t.dataSource.query(sql)).rejects.toMatchObject({ driverError: { code: '42501' } });
    }
  });

  it('the overview reads them without counting users (no scan of users)', async () => {
    const [row] = await t.dataSource.query<{ 'QUERY PLAN': unknown }[]>(
      `EXPLAIN (FORMAT JSON) SELECT role AS key, n FROM user_role_counts`,
    );
    expect(JSON.stringify(row!['QUERY PLAN'])).not.toContain('"users"');
  });
});
