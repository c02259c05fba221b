import request from 'supertest';
import { MESSAGES, RESPONSE_SCHEMAS, type HealthResponse } from '@medora/shared';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import { dropDatabases } from '../src/database/embedded.js';
import { DEMO_DOCTORS } from '../src/database/seed/demo-data.js';
import { freePort } from './free-port.js';
import { createTestApp, testProjectId, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database up', async () => {
    const res = await request(t.http).get('/api/health');
    expect(res.status).toBe(200);
    const body = res.body as HealthResponse;
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(typeof body.database.latencyMs).toBe('number');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/doctors', () => {
  it('lists the seeded doctors with public fields only', async () => {
    const res = await request(t.http).get('/api/doctors');
    expect(res.status).toBe(200);
    const doctors = res.body as Record<string, unknown>[];
    expect(doctors).toHaveLength(DEMO_DOCTORS.length);
    expect(doctors.map((d) => d.specialty)).toEqual(
      expect.arrayContaining(['Cardiology', 'General Medicine', 'Pediatrics']),
    );
    for (const d of doctors) {
      expect(Object.keys(d).sort()).toEqual(['clinic', 'id', 'name', 'schedule', 'specialty', 'timeZone']);
      const schedule = d.schedule as { availableDays: string[]; timeSlots: Record<string, string[]> };
      expect(schedule.availableDays.length).toBeGreaterThanOrEqual(3);
      for (const day of schedule.availableDays) {
        expect(schedule.timeSlots[day]!.every((s) => /^\d{2}:\d{2} (AM|PM)$/.test(s))).toBe(true);
      }
    }
    expect(JSON.stringify(doctors)).not.toContain('@');
  });

  it('hides pending and unavailable doctors', async () => {
    await t.dataSource.query(
      `INSERT INTO doctors (name, specialty, clinic, email) VALUES ('Dr. Pending', 'Neurology', 'Nowhere', 'p@x.test')`,
    );
    const res = await request(t.http).get('/api/doctors');
    expect((res.body as { name: string }[]).map((d) => d.name)).not.toContain('Dr. Pending');
  });

  it('seeding twice keeps one row per demo doctor', async () => {
    const { seedDemoData } = await import('../src/database/seed/demo-data.js');
    await seedDemoData(t.dataSource);
    const rows = await t.dataSource.query(
      // Demo accounts (emulator only) have their own rows, keyed demo-account-<role>.
      `SELECT count(*)::int AS n FROM doctors WHERE seed_key IS NOT NULL AND seed_key NOT LIKE 'demo-account-%'`,
    );
    expect(rows).toEqual([{ n: DEMO_DOCTORS.length }]);
  });
});

describe('error bodies', () => {
  it('answers an unknown route with 404 and the error body', async () => {
    const res = await request(t.http).get('/api/definitely-not-a-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await request(t.http)
      .post('/api/users')
      .set('Content-Type', 'application/json')
      .send('{"uid": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await request(t.http).post('/api/users').set('Content-Type', 'application/xml').send('<a/>');
    expect(res.status).toBe(415);
    expect(res.body.statusCode).toBe(415);
    expect(res.body.error).toBe('Unsupported Media Type');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.http)
      .post('/api/users')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ uid: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Payload Too Large');
  });
});

describe('database schema', () => {
  it('is built by migrations, with synchronize off', async () => {
    const rows = await t.dataSource.query(`SELECT name FROM migrations`);
    expect(rows.map((r: { name: string }) => r.name)).toContain('InitialSchema1767225600000');
    expect(t.dataSource.options.synchronize).toBe(false);
    expect(await t.dataSource.showMigrations()).toBe(false);
  });

  it('refuses the admin-only role values the check constraint does not list', async () => {
    await expect(
      t.dataSource.query(`INSERT INTO users (firebase_uid, role) VALUES ('x-role-check', 'superuser')`),
    ).rejects.toThrow(/chk_users_role/);
  });
});

describe('OpenAPI', () => {
  it('serves the document with bearer auth at /api/docs-json and the UI at /api/docs', async () => {
    const json = await request(t.http).get('/api/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(json.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/users', '/api/me', '/api/users/{uid}', '/api/doctors']),
    );
    const ui = await request(t.http).get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });
});

describe('OpenAPI response schemas', () => {
  const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

  it('lists every route in RESPONSE_SCHEMAS and shows its JSON success body in the document', async () => {
    const json = await request(t.http).get('/api/docs-json');
    const paths = json.body.paths as Record<string, Record<string, Operation>>;
    const problems: string[] = [];
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of METHODS.filter((m) => operations[m])) {
        const key = `${method.toUpperCase()} ${path}`;
        documented.push(key);
        if (!(key in RESPONSE_SCHEMAS)) {
          problems.push(`${key}: no entry in RESPONSE_SCHEMAS`);
          continue;
        }
        if (RESPONSE_SCHEMAS[key] === null) continue;
        const success = Object.entries(operations[method]!.responses).filter(([s]) => /^2\d\d$/.test(s));
        if (success.length === 0) problems.push(`${key}: no success response`);
        for (const [status, response] of success) {
          const schema = response.content?.['application/json']?.schema as { type?: string } | undefined;
          if (!schema?.type) problems.push(`${key} ${status}: no JSON schema`);
        }
      }
    }
    const stale = Object.keys(RESPONSE_SCHEMAS).filter((k) => !documented.includes(k));
    expect({ problems, stale }).toEqual({ problems: [], stale: [] });
    // Spot check: a documented body is the shared schema's, required fields and all.
    const me = paths['/api/me']!.get!.responses['200']!.content!['application/json']!.schema as {
      required: string[];
    };
    expect(me.required).toEqual(expect.arrayContaining(['registered', 'user', 'access']));
  });
});

describe('CORS', () => {
  it('allows the configured origin only', async () => {
    const ok = await request(t.http).get('/api/health').set('Origin', 'http://localhost:8080');
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const other = await request(t.http).get('/api/health').set('Origin', 'http://evil.test');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('database failures', () => {
  it('health answers 503 when the database is gone', async () => {
    const doomed = await createTestApp({ seed: false });
    try {
      const name = new URL(doomed.databaseUrl).pathname.slice(1);
      await dropDatabases(doomed.databaseUrl, [name]);
      const res = await request(doomed.http).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    } finally {
      await doomed.close();
    }
  });

  it('a wrong DATABASE_URL fails fast with a clear message', async () => {
    const port = await freePort();
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/medora`;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      FIREBASE_PROJECT_ID: testProjectId(),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    });
    const started = Date.now();
    await expect(createApp({ ...config, databaseUrl: url })).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
