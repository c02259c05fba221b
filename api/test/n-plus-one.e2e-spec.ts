/**
 * No N+1: every list route issues the same number of SQL statements with 1 doctor as with 100
 * doctors (and many appointments, applications, documents, patients), and at most 3 — counting every
 * statement of the request: the guard's caller lookup, access checks, audit rows and the reads.
 * Statements are counted through a TypeORM logger on the app's DataSource, which sees each one.
 */
import request from 'supertest';
import type { Logger, QueryRunner } from 'typeorm';
import { DEFAULT_CLINIC_TIME_ZONE, addDays, todayIn } from '@medora/shared';
import { encodeCursor } from '../src/common/keyset-cursor.js';
import { registeredPatient } from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

const MAX_STATEMENTS = 3;

/** Records every statement TypeORM sends while recording; delegates everything to the app's logger. */
class StatementRecorder implements Logger {
  private recorded: string[] | null = null;

  constructor(private readonly inner: Logger) {}

  start(): void {
    this.recorded = [];
  }

  stop(): string[] {
    const statements = this.recorded ?? [];
    this.recorded = null;
    return statements;
  }

  logQuery(query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
    // One line per statement, whitespace collapsed, so a failing comparison prints readable SQL.
    this.recorded?.push(query.replace(/\s+/g, ' ').trim());
    return this.inner.logQuery(query, parameters, queryRunner);
  }
  logQueryError(error: string | Error, query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
    return this.inner.logQueryError(error, query, parameters, queryRunner);
  }
  logQuerySlow(time: number, query: string, parameters?: unknown[], queryRunner?: QueryRunner) {
    return this.inner.logQuerySlow(time, query, parameters, queryRunner);
  }
  logSchemaBuild(message: string, queryRunner?: QueryRunner) {
    return this.inner.logSchemaBuild(message, queryRunner);
  }
  logMigration(message: string, queryRunner?: QueryRunner) {
    return this.inner.logMigration(message, queryRunner);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown, queryRunner?: QueryRunner) {
    return this.inner.log(level, message, queryRunner);
  }
}

interface World {
  t: TestApp;
  recorder: StatementRecorder;
  patient: TestUser;
  admin: TestUser;
  provider: TestUser;
  /** The provider account's doctor record (the admin reads its upcoming appointments). */
  providerDoctorId: string;
}

const SCHEDULE = JSON.stringify({
  availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  timeSlots: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => [d, ['09:00 AM', '10:00 AM']]),
  ),
});

/**
 * A world with `n` approved doctors (the first one linked to the provider account), `n` pending
 * applications with two credentials each, `n` appointments of the patient (one per doctor, the first
 * within 48 hours so reminders show), `n` other patients with a profile and an appointment with the
 * provider, `n` documents, `n` read notifications and `n` audit rows of the patient. Bulk rows go in
 * by SQL: the routes that write them are tested elsewhere, and this only needs them to exist.
 */
async function buildWorld(n: number): Promise<World> {
  const t = await createTestApp({ seed: false });
  const patient = await registeredPatient(t);
  const admin = await registeredPatient(t);
  const provider = await registeredPatient(t);
  const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);
  await q(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
  await q(`UPDATE users SET role = 'doctor' WHERE firebase_uid = $1`, [provider.uid]);
  await q(
    `INSERT INTO doctors (user_id, name, specialty, clinic, schedule, verification_status, is_available,
                          onboarding_completed, documents_submitted, credentials_verified, created_at)
     SELECT CASE WHEN g = 1 THEN (SELECT id FROM users WHERE firebase_uid = $2) END,
            'Dr. Approved ' || g, 'Cardiology', 'Clinic ' || g, $3::jsonb, 'approved', true, true, true, true,
            now() - g * interval '1 minute'
       FROM generate_series(1, $1::int) g`,
    [n, provider.uid, SCHEDULE],
  );
  await q(
    `WITH applicants AS (
       INSERT INTO doctors (name, specialty, clinic, verification_status, onboarding_completed,
                            documents_submitted, created_at)
       SELECT 'Dr. Applicant ' || g, 'Dermatology', 'Skin Clinic ' || g, 'pending', true, true,
              now() - g * interval '1 minute'
         FROM generate_series(1, $1::int) g
       RETURNING id
     ), creds AS (
       INSERT INTO credentials (doctor_id, type, document_name, content_type, size)
       SELECT a.id, c.type, c.type || '.pdf', 'application/pdf', 4 FROM applicants a
        CROSS JOIN (VALUES ('license'), ('degree')) c(type)
       RETURNING id, type
     )
     INSERT INTO credential_files (credential_id, bytes)
     SELECT id, '\\x25504446'::bytea FROM creds WHERE type = 'license'`,
    [n],
  );
  // The patient: one appointment per approved doctor, starting 2 h, 3 h, … from now.
  await q(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     SELECT $1, d.id, date_trunc('hour', now()) + (1 + row_number() OVER (ORDER BY d.name)) * interval '1 hour',
            'Checkup', d.clinic, d.specialty, d.name
       FROM doctors d WHERE d.verification_status = 'approved'`,
    [patient.uid],
  );
  // Other patients of the provider, each with a profile (the provider list joins users and profiles).
  await q(
    `WITH others AS (
       INSERT INTO users (firebase_uid, email, role)
       SELECT 'n-plus-one-' || $2 || '-' || g, 'other' || g || '@test.medora', 'patient'
         FROM generate_series(1, $1::int) g
       RETURNING id, firebase_uid
     ), profiles AS (
       INSERT INTO patient_profiles (firebase_uid, user_id, data)
       SELECT firebase_uid, id, jsonb_build_object('name', 'Patient ' || firebase_uid) FROM others
     )
     INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     SELECT o.firebase_uid, d.id,
            date_trunc('hour', now()) + interval '30 days' + row_number() OVER (ORDER BY o.firebase_uid) * interval '1 hour',
            'Follow-up', d.clinic, d.specialty, d.name
       FROM others o
      CROSS JOIN (SELECT d.id, d.clinic, d.specialty, d.name FROM doctors d JOIN users u ON u.id = d.user_id
                   WHERE u.firebase_uid = $3) d`,
    [n, patient.uid, provider.uid],
  );
  await q(
    `WITH docs AS (
       INSERT INTO documents (patient_uid, name, type, content_type, size, file_url)
       SELECT $1, 'scan-' || g || '.pdf', 'Lab Report', 'application/pdf', 4, '' FROM generate_series(1, $2::int) g
       RETURNING id
     )
     INSERT INTO document_files (document_id, bytes) SELECT id, '\\x25504446'::bytea FROM docs`,
    [patient.uid, n],
  );
  // The patient's visits: one intake submission each.
  await q(
    `INSERT INTO patient_visits (firebase_uid, kind, reason, data, visited_at)
     SELECT $1, 'visit', 'Visit ' || g, '{}'::jsonb, now() - g * interval '1 day' FROM generate_series(1, $2::int) g`,
    [patient.uid, n],
  );
  // Confirmed imported items: listed by the imported route and part of the FHIR export.
  await q(
    `INSERT INTO imported_record_items (patient_uid, kind, text, status, resource)
     SELECT $1, 'condition', 'Condition ' || g, 'confirmed',
            jsonb_build_object('resourceType', 'Condition', 'code', jsonb_build_object('text', 'Condition ' || g))
       FROM generate_series(1, $2::int) g`,
    [patient.uid, n],
  );
  await q(
    `INSERT INTO notification_reads (user_id, notification_id)
     SELECT u.id, 'appointment:' || a.id FROM appointments a JOIN users u ON u.firebase_uid = a.patient_uid
      WHERE a.patient_uid = $1`,
    [patient.uid],
  );
  await q(
    `INSERT INTO medications (patient_uid, name, source, status, confirmed_at)
     SELECT $1, 'Medicine ' || g, 'patient', CASE WHEN g % 2 = 0 THEN 'stopped' ELSE 'taking' END, now()
       FROM generate_series(1, $2::int * 2) g`,
    [patient.uid, n],
  );
  await q(
    `INSERT INTO audit_log (actor_uid, actor_role, action, resource_type, resource_id, outcome)
     SELECT $1, 'patient', 'read', 'profile', $1, 'allowed' FROM generate_series(1, $2::int)`,
    [patient.uid, n],
  );
  const [providerDoctor] = (await q(
    `SELECT d.id FROM doctors d JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = $1`,
    [provider.uid],
  )) as { id: string }[];
  const recorder = new StatementRecorder(t.dataSource.logger);
  (t.dataSource as { logger: Logger }).logger = recorder;
  return { t, recorder, patient, admin, provider, providerDoctorId: providerDoctor!.id };
}

/** Clinic dates 20 to 40 days ahead: the provider's appointments with the other patients. */
const providerWindowQuery = () => {
  const today = todayIn(DEFAULT_CLINIC_TIME_ZONE);
  return `from=${addDays(today, 20)}&to=${addDays(today, 40)}`;
};

interface ListRoute {
  /** The route as the OpenAPI document names it. */
  route: string;
  url: (w: World) => string;
  caller: (w: World) => TestUser | null;
  /** How many items the answer lists: proves the bigger world really answers with more rows. */
  items: (body: unknown) => number;
}

const length = (body: unknown) => (body as unknown[]).length;

const LIST_ROUTES: ListRoute[] = [
  { route: '/api/doctors', url: () => '/api/doctors', caller: () => null, items: length },
  {
    route: '/api/doctors-with-context/{uid}',
    url: (w) => `/api/doctors-with-context/${w.patient.uid}`,
    caller: (w) => w.patient,
    items: (body) => (body as { doctors: unknown[] }).doctors.length,
  },
  {
    route: '/api/appointments',
    url: (w) => `/api/appointments?uid=${w.patient.uid}`,
    caller: (w) => w.patient,
    items: length,
  },
  {
    route: '/api/provider/appointments',
    // A window holding the other patients' appointments (30 days and some hours ahead).
    url: () => `/api/provider/appointments?${providerWindowQuery()}`,
    caller: (w) => w.provider,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  {
    route: '/api/admin/applications',
    url: () => '/api/admin/applications?status=pending',
    caller: (w) => w.admin,
    // A bounded page; the total counts every application.
    items: (body) => (body as { total: number }).total,
  },
  {
    route: '/api/admin/doctors/{id}/upcoming',
    url: (w) => `/api/admin/doctors/${w.providerDoctorId}/upcoming`,
    caller: (w) => w.admin,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  {
    route: '/api/notifications',
    url: () => '/api/notifications',
    caller: (w) => w.patient,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  {
    route: '/api/patients/{uid}/documents',
    url: (w) => `/api/patients/${w.patient.uid}/documents`,
    caller: (w) => w.patient,
    items: length,
  },
  {
    route: '/api/patients/{uid}/visits',
    url: (w) => `/api/patients/${w.patient.uid}/visits`,
    caller: (w) => w.patient,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  // My medicines: one statement for the list (medicines, suggestions' intake, last review), one keyset
  // page for the history.
  {
    route: '/api/patients/{uid}/medications',
    url: (w) => `/api/patients/${w.patient.uid}/medications`,
    caller: (w) => w.patient,
    items: (body) => (body as { current: unknown[] }).current.length,
  },
  {
    route: '/api/patients/{uid}/medications/history',
    url: (w) => `/api/patients/${w.patient.uid}/medications/history`,
    caller: (w) => w.patient,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  // The FHIR export lists every visit, appointment and document of the record.
  {
    route: '/api/patients/{uid}/fhir',
    url: (w) => `/api/patients/${w.patient.uid}/fhir`,
    caller: (w) => w.patient,
    items: (body) => (body as { entry: unknown[] }).entry.length,
  },
  {
    route: '/api/patients/{uid}/fhir/imported',
    url: (w) => `/api/patients/${w.patient.uid}/fhir/imported`,
    caller: (w) => w.patient,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
  {
    route: '/api/audit',
    url: () => '/api/audit?limit=200',
    caller: (w) => w.admin,
    items: (body) => (body as { items: unknown[] }).items.length,
  },
];

/** GET routes that answer one object, a file or counters: no list, so no N+1 to look for. */
const NOT_LISTS = new Set([
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/me',
  '/api/me/account',
  '/api/me/preferences',
  '/api/users/{uid}',
  '/api/patients/{uid}',
  '/api/patients/{uid}/documents/{id}/file',
  '/api/patients/{uid}/visits/{id}',
  '/api/patients/{uid}/draft',
  '/api/doctors/{uid}',
  // One doctor's free slots; measured in its own block at the end.
  '/api/doctors/{uid}/slots',
  '/api/appointments/{id}',
  '/api/appointments/{id}/ics',
  '/api/appointments/{id}/prescription',
  '/api/provider/overview',
  '/api/provider/appointments/{id}/intake',
  '/api/provider/schedule',
  '/api/admin/overview',
  // One account by its e-mail.
  '/api/admin/patients',
  '/api/admin/credentials/{id}/file',
  // One keyset statement over pg-boss's dead-letter partition; no doctor or patient rows.
  '/api/admin/mail/failed',
  // One application's documents (measured in its own block at the end).
  '/api/admin/applications/{id}/credentials',
  // Checks one unsubscribe token.
  '/api/mail/unsubscribe',
  // One doctor's latest change request: one row by its doctor.
  '/api/doctors/{uid}/change-request',
  // The open change requests: one keyset statement (the requests joined to their doctors),
  // CHANGE_REQUESTS_MAX_ROWS a page, audited in the same statement.
  '/api/admin/change-requests',
  // Who looked at my record: one keyset statement over the audit log's subject index, 20 a page, the
  // readers' names joined in the same statement (break-the-glass.e2e-spec.ts pages through it).
  '/api/patients/{uid}/access-log',
]);

async function measure(w: World, route: ListRoute): Promise<{ statements: string[]; items: number }> {
  const caller = route.caller(w);
  const req = request(w.t.http).get(route.url(w));
  if (caller) void req.set(authHeader(caller));
  w.recorder.start();
  const res = await req;
  // Sorted: statements a route sends concurrently may arrive in either order.
  const statements = w.recorder.stop().sort();
  expect({ route: route.route, status: res.status }).toEqual({ route: route.route, status: 200 });
  return { statements, items: route.items(res.body) };
}

let small: World;
let large: World;

beforeAll(async () => {
  small = await buildWorld(1);
  large = await buildWorld(100);
}, 120_000);

afterAll(async () => {
  await small?.t.close();
  await large?.t.close();
});

describe('SQL statements per list request', () => {
  it.each(LIST_ROUTES.map((r) => [r.route, r] as const))(
    'GET %s: the same statements with 1 and with 100 doctors, at most 3',
    async (_name, route) => {
      const one = await measure(small, route);
      const many = await measure(large, route);
      // The bigger world must list more, or an N+1 would have nothing to show up on.
      expect(many.items).toBeGreaterThan(one.items);
      expect(one.items).toBeGreaterThan(0);
      expect(many.statements).toEqual(one.statements);
      expect(one.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
    },
  );

  it('knows every GET route of the OpenAPI document as a list (measured above) or not a list', async () => {
    const res = await request(small.t.http).get('/api/docs-json');
    expect(res.status).toBe(200);
    const gets = Object.entries((res.body as { paths: Record<string, Record<string, unknown>> }).paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path)
      .filter((path) => !path.startsWith('/api/dev/'));
    const known = new Set([...LIST_ROUTES.map((r) => r.route), ...NOT_LISTS]);
    // A new GET route fails here until it is added to LIST_ROUTES (and measured) or to NOT_LISTS.
    expect(gets.filter((path) => !known.has(path))).toEqual([]);
    expect([...known].filter((path) => !gets.includes(path))).toEqual([]);
  });
});

describe('audited list reads', () => {
  it('still write one audit row per read of a patient’s appointments, in the same statement', async () => {
    const countRows = async () => {
      const [row] = (await large.t.dataSource.query(
        `SELECT count(*)::int AS n FROM audit_log
          WHERE actor_uid = $1 AND action = 'list' AND resource_type = 'appointment' AND outcome = 'allowed'`,
        [large.patient.uid],
      )) as { n: number }[];
      return row!.n;
    };
    const before = await countRows();
    const { statements } = await measure(
      large,
      LIST_ROUTES.find((r) => r.route === '/api/appointments')!,
    );
    expect(await countRows()).toBe(before + 1);
    expect(statements.filter((s) => /INSERT INTO audit_log/i.test(s))).toHaveLength(1);
  });

  it('writes a denied row, and answers 403, for another patient’s appointments', async () => {
    const res = await request(large.t.http)
      .get(`/api/appointments?uid=${large.patient.uid}`)
      .set(authHeader(large.provider));
    expect(res.status).toBe(403);
    const rows = (await large.t.dataSource.query(
      `SELECT outcome, detail FROM audit_log WHERE actor_uid = $1 AND action = 'list' AND resource_type = 'appointment'`,
      [large.provider.uid],
    )) as { outcome: string; detail: string }[];
    expect(rows).toEqual([{ outcome: 'denied', detail: `patient ${large.patient.uid}` }]);
  });
});

/**
 * The admin lists by keyset — a later page, a search, one application's documents and
 * a filtered audit page — send the same statements at 1 and at 100 rows of each kind, at most 3.
 */
describe('admin lists by keyset', () => {
  /** A page after a cursor (before every application: the same statement in both worlds). */
  const AFTER_2000 = encodeCursor(
    { list: 'applications', status: 'pending', sort: 'oldest' },
    { at: '2000-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' },
  );
  const laterPage = async () => `/api/admin/applications?status=pending&limit=5&cursor=${AFTER_2000}`;
  async function anApplication(w: World): Promise<string> {
    const [row] = (await w.t.dataSource.query(
      `SELECT id FROM doctors WHERE verification_status = 'pending' ORDER BY created_at LIMIT 1`,
    )) as { id: string }[];
    return `/api/admin/applications/${row!.id}/credentials`;
  }

  it.each([
    ['a page of applications after a cursor', laterPage],
    ['a search of applications', async () => '/api/admin/applications?status=pending&q=Applicant%201'],
    ['one application’s documents', anApplication],
    ['a filtered audit page', async () => '/api/audit?action=read&outcome=allowed&resourceType=profile'],
  ] as const)('%s: the same statements with 1 and with 100 rows, at most 3', async (_name, url) => {
    const run = async (w: World) => {
      const path = await url(w);
      w.recorder.start();
      const res = await request(w.t.http).get(path).set(authHeader(w.admin));
      const statements = w.recorder.stop().sort();
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return statements;
    };
    const one = await run(small);
    const many = await run(large);
    expect(many).toEqual(one);
    expect(one.length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});

describe('provider appointments by page', () => {
  const firstPage = async (w: World) => {
    const res = await request(w.t.http)
      .get(`/api/provider/appointments?${providerWindowQuery()}&limit=1`)
      .set(authHeader(w.provider));
    expect(res.status).toBe(200);
    return res.body as { items: unknown[]; nextCursor: string | null };
  };

  it('reads the next page with the same statements with 1 and with 100 patients', async () => {
    // The small world has one appointment in the window: a page of 1 then the end. The large has 100.
    const smallFirst = await firstPage(small);
    const largeFirst = await firstPage(large);
    expect(smallFirst.nextCursor).toBeNull();
    expect(largeFirst.nextCursor).toEqual(expect.any(String));
    const next: ListRoute = {
      route: '/api/provider/appointments',
      url: () =>
        `/api/provider/appointments?${providerWindowQuery()}&limit=50&cursor=${encodeURIComponent(largeFirst.nextCursor!)}`,
      caller: (w) => w.provider,
      items: (body) => (body as { items: unknown[] }).items.length,
    };
    const first: ListRoute = { ...next, url: () => `/api/provider/appointments?${providerWindowQuery()}` };
    const one = await measure(small, first);
    const many = await measure(large, next);
    expect(many.items).toBe(50);
    expect(one.items).toBe(1);
    expect(many.statements).toEqual(one.statements);
    expect(one.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});

// The doctor search with every filter and a cursor, and one doctor's free slots: the same
// statements with 1 and with 100 doctors (and their appointments), at most 3.
describe('doctor search and free slots', () => {
  const searchRoute = (query: string): ListRoute => ({
    route: `/api/doctors-with-context/{uid}${query}`,
    url: (w) => `/api/doctors-with-context/${w.patient.uid}${query}`,
    caller: (w) => w.patient,
    items: (body) => (body as { doctors: unknown[] }).doctors.length,
  });

  it.each([
    ['?specialty=Cardiology&limit=50'],
    ['?condition=Hypertension,Asthma&limit=50'],
    ['?q=approved&limit=50'],
    ['?availableFrom=2099-01-01'],
  ])('GET /api/doctors-with-context/{uid}%s: the same statements, at most 3', async (query) => {
    const route = searchRoute(query);
    const one = await measure(small, route);
    const many = await measure(large, route);
    if (!query.startsWith('?availableFrom')) {
      expect(many.items).toBeGreaterThan(one.items);
      expect(one.items).toBeGreaterThan(0);
    }
    expect(many.statements).toEqual(one.statements);
    expect(one.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  it('walks a second page with the same statements as the first', async () => {
    const first = await request(large.t.http)
      .get(`/api/doctors-with-context/${large.patient.uid}?limit=10`)
      .set(authHeader(large.patient));
    const cursor = (first.body as { nextCursor: string }).nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const page = await measure(large, searchRoute(`?limit=10&cursor=${encodeURIComponent(cursor)}`));
    const start = await measure(small, searchRoute('?limit=10'));
    expect(page.items).toBe(10);
    expect(page.statements.length).toBe(start.statements.length);
  });

  it('GET /api/doctors/{uid}/slots: the same statements with 1 and with 100 appointments of the doctor', async () => {
    const slotsRoute: ListRoute = {
      route: '/api/doctors/{uid}/slots',
      url: (w) => {
        const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        return `/api/doctors/${w.providerDoctorId}/slots?from=${from}&to=${to}`;
      },
      caller: (w) => w.patient,
      items: (body) => (body as { days: unknown[] }).days.length,
    };
    const one = await measure(small, slotsRoute);
    const many = await measure(large, slotsRoute);
    expect(one.items).toBeGreaterThan(0);
    expect(many.statements).toEqual(one.statements);
    expect(one.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
