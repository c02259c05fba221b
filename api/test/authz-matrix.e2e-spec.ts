import request from 'supertest';
import { MESSAGES, RESPONSE_SCHEMAS, errorBodySchema } from '@medora/shared';
import { authHeader, createTestApp, type TestApp } from './helpers.js';
import { applicationVersion, uploadRequiredCredentials } from './application-helpers.js';
import { MATRIX, type AuditExpectation, type RouteCase } from './support/authz/matrix.js';
import { ACTORS, APPLICATION, World, type Actor, type Subject } from './support/authz/world.js';

/**
 * The authorization matrix: every route of the OpenAPI document, called as every kind of
 * caller against real objects, must answer exactly the status the matrix lists. A new route without
 * an entry fails the first test; so does an entry whose route is gone.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { security?: Record<string, unknown>[] }>>>;
}

interface DocumentedRoute {
  key: string;
  /** The document says the route needs `Authorization: Bearer`. */
  bearer: boolean;
}

// Limits far above what the matrix sends, so a 429 never hides the status under test.
const GENEROUS = '10000';
const LIMITS = {
  BOOKING_MAX_PER_HOUR: GENEROUS,
  BOOKING_MAX_UPCOMING: GENEROUS,
  RATE_LIMIT_SIGN_IN_PER_USER: GENEROUS,
  RATE_LIMIT_SIGN_IN_PER_IP: GENEROUS,
  RATE_LIMIT_UPLOAD_PER_USER: GENEROUS,
  RATE_LIMIT_UPLOAD_PER_IP: GENEROUS,
  RATE_LIMIT_BOOKING_PER_USER: GENEROUS,
  RATE_LIMIT_BOOKING_PER_IP: GENEROUS,
};

let t: TestApp;
let w: World;
let routes: DocumentedRoute[];

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIMITS });
  w = await World.build(t);
  const res = await request(t.http).get('/api/docs-json');
  expect(res.status).toBe(200);
  const doc = res.body as OpenApiDocument;
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    METHODS.filter((m) => operations[m]).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      bearer: (operations[m]!.security ?? []).some((s) => 'bearer' in s),
    })),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const pathParams = (key: string) => [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

interface Call {
  res: request.Response;
  /** The User-Agent this call alone was sent with: its audit rows carry it. */
  userAgent: string;
  /**
   * Database time just before the call (for rows written without the client's details), as text: a
   * JavaScript Date keeps milliseconds only, and a row written in the same millisecond just before
   * would count as the call's own.
   */
  startedAt: string;
  /** The values the path's ids resolved to. */
  ids: string[];
}

let calls = 0;

/** Calls the route of `key` as `actor`, with fresh objects where the entry asks for them. */
async function call(key: string, entry: RouteCase, actor: Actor): Promise<Call> {
  const [method, template] = key.split(' ') as [string, string];
  let path = template;
  const ids: string[] = [];
  for (const name of pathParams(key)) {
    const id = await w.resolve(entry.params![name]!);
    ids.push(id);
    path = path.replace(`{${name}}`, encodeURIComponent(id));
  }
  if (entry.query) path += `?${new URLSearchParams(entry.query(w)).toString()}`;
  const user = w.user(actor);
  const userAgent = `authz-matrix/${++calls} (${actor})`;
  const [{ now: startedAt }] = await t.dataSource.query<{ now: string }[]>(
    'SELECT clock_timestamp()::text AS now',
  );
  let req = (request(t.http) as unknown as Record<string, (p: string) => request.Test>)[
    method.toLowerCase()
  ]!(path).set('User-Agent', userAgent);
  if (user) req = req.set(authHeader(user));
  return { res: await send(req, entry), userAgent, startedAt, ids };
}

async function send(req: request.Test, entry: RouteCase): Promise<request.Response> {
  if (entry.file) {
    for (const [name, value] of Object.entries(entry.file.fields ?? {})) req = req.field(name, value);
    return req.attach(entry.file.field, entry.file.bytes, {
      filename: entry.file.name,
      contentType: 'application/octet-stream',
    });
  }
  return entry.body ? req.send(entry.body(w)) : req;
}

describe('the authorization matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for a route that is gone', () => {
    const documented = routes.map((r) => r.key).sort();
    const listed = Object.keys(MATRIX).sort();
    expect(documented.length).toBeGreaterThan(30);
    expect({
      withoutEntry: documented.filter((k) => !listed.includes(k)),
      stale: listed.filter((k) => !documented.includes(k)),
    }).toEqual({ withoutEntry: [], stale: [] });
  });

  it('lists every caller for a route with an id, and at least the caller without a token elsewhere', () => {
    for (const [key, entry] of Object.entries(MATRIX)) {
      const params = pathParams(key);
      expect([key, Object.keys(entry.params ?? {}).sort()]).toEqual([key, [...params].sort()]);
      const callers = Object.keys(entry.expect);
      if (params.length > 0) expect([key, callers.sort()]).toEqual([key, [...ACTORS].sort()]);
      else expect([key, callers.includes('anonymous')]).toEqual([key, true]);
    }
  });

  it('expects 401 without a token exactly where the document asks for a bearer token', () => {
    for (const route of routes) {
      const anonymous = MATRIX[route.key]?.expect.anonymous;
      expect([route.key, anonymous === 401]).toEqual([route.key, route.bearer]);
    }
  });

  it('declares for every route what its calls leave in the audit log', () => {
    const undeclared = Object.entries(MATRIX)
      .filter(([, entry]) => (entry as Partial<RouteCase>).audit === undefined)
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s answers every caller as the matrix says', async (key) => {
    const entry = MATRIX[key]!;
    const actual: Partial<Record<Actor, number>> = {};
    const auditProblems: string[] = [];
    const bodyProblems: string[] = [];
    for (const actor of ACTORS) {
      if (!(actor in entry.expect)) continue;
      const made = await call(key, entry, actor);
      const { res } = made;
      actual[actor] = res.status;
      auditProblems.push(...(await auditMismatches(entry, actor, made)));
      // Every answer has the body its schema (the one OpenAPI shows) describes.
      bodyProblems.push(...bodyMismatches(key, actor, res));
      if (res.status >= 400) {
        // Refusals are clear and never a server error: 401 is the catalogue's unauthenticated text.
        expect([key, actor, res.status < 500, typeof res.body.message]).toEqual([key, actor, true, 'string']);
        if (res.status === 401) expect(res.body.message).toBe(MESSAGES.unauthenticated);
      }
      await entry.restore?.(w);
    }
    expect(actual).toEqual(entry.expect);
    expect(auditProblems).toEqual([]);
    expect(bodyProblems).toEqual([]);
  });
});

/** Where an answer's body differs from `RESPONSE_SCHEMAS` (a success) or the error body (a refusal). */
function bodyMismatches(key: string, actor: Actor, res: request.Response): string[] {
  const schema = res.status >= 400 ? errorBodySchema : RESPONSE_SCHEMAS[key];
  if (!schema || res.status === 204) return [];
  const parsed = schema.safeParse(res.body);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (i) => `${actor} (${res.status}): ${i.path.join('.') || '(body)'}: ${i.message}`,
  );
}

interface AuditRow {
  actor_uid: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  outcome: string;
  detail: string | null;
  client_ip: string | null;
  user_agent: string | null;
}

/** The subject a `{uid}` path parameter names, when it is one of the callers. */
function ownerOf(entry: RouteCase): Actor | null {
  const uid: Subject | undefined = entry.params?.uid;
  return uid === 'patient' || uid === 'applicant' || uid === 'unbookedDoctor' ? uid : null;
}

/** What is wrong with the audit rows one call wrote, against the entry's `audit` (matrix.ts). */
async function auditMismatches(entry: RouteCase, actor: Actor, made: Call): Promise<string[]> {
  const expected: AuditExpectation = entry.audit;
  const status = made.res.status;
  const uid = w.user(actor)?.uid ?? null;
  // The call's rows: those with its own User-Agent, and (to report them) any of the caller's rows
  // written since the call began without one.
  const rows = await t.dataSource.query<AuditRow[]>(
    `SELECT actor_uid, action, resource_type, resource_id, outcome, detail, client_ip, user_agent
       FROM audit_log
      WHERE user_agent = $1 OR (user_agent IS NULL AND actor_uid = $2 AND created_at >= $3::timestamptz)`,
    [made.userAgent, uid, made.startedAt],
  );
  const describe = (r: AuditRow) => `${r.action} ${r.resource_type}/${r.resource_id ?? '-'} ${r.outcome}`;
  const problem = (what: string) => [
    `${actor} (${status}): ${what}; rows: [${rows.map(describe).join(', ')}]`,
  ];
  if (rows.some((r) => r.actor_uid !== uid)) return problem(`a row without the caller's uid`);
  const withoutClient = rows.some((r) => !r.client_ip || r.user_agent !== made.userAgent);
  if (withoutClient && !(expected !== 'none' && expected.clientUnrecorded)) {
    return problem(`a row without the caller's IP and user agent`);
  }
  const allowed = status >= 200 && status < 300;
  if (expected === 'none') return allowed && rows.length > 0 ? problem('rows on a route declared none') : [];
  if (allowed && expected.perSubject) {
    const { action, resourceType } = expected.perSubject;
    const stray = rows.filter(
      (r) => r.outcome !== 'allowed' || r.action !== action || r.resource_type !== resourceType,
    );
    return stray.length > 0 ? problem(`rows other than ${action} ${resourceType}`) : [];
  }
  const quiet = !expected.action || (expected.exceptOwner && ownerOf(entry) === actor);
  if (allowed && quiet) return rows.length > 0 ? problem('rows where none were expected') : [];
  if (allowed) {
    const found = rows.some(
      (r) =>
        r.outcome === 'allowed' && r.action === expected.action && r.resource_type === expected.resourceType,
    );
    return found ? [] : problem(`no allowed ${expected.action} ${expected.resourceType} row`);
  }
  if (status !== 403 || expected.refusals === 'unaudited') return [];
  const names = (r: AuditRow) =>
    made.ids.length === 0 || made.ids.some((id) => r.resource_id === id || (r.detail ?? '').includes(id));
  const found = rows.some(
    (r) => r.outcome === 'denied' && r.resource_type === expected.resourceType && names(r),
  );
  return found ? [] : problem(`no denied row naming the ${expected.resourceType}`);
}

describe('the audit rows of an admin’s list of applications', () => {
  it('name every application returned, one row each, with the admin’s IP and user agent', async () => {
    const res = await request(t.http)
      .get('/api/admin/applications')
      .set('User-Agent', 'authz-matrix/applications')
      .set(authHeader(w.users.admin));
    expect(res.status).toBe(200);
    const ids = (res.body as { items: { id: string }[] }).items.map((a) => a.id).sort();
    expect(ids.length).toBeGreaterThan(0);
    const rows = await t.dataSource.query<{ resource_id: string; actor_uid: string; client_ip: string }[]>(
      `SELECT resource_id, actor_uid, client_ip FROM audit_log
        WHERE user_agent = 'authz-matrix/applications' AND action = 'application.read'`,
    );
    expect(rows.map((r) => r.resource_id).sort()).toEqual(ids);
    expect(new Set(rows.map((r) => r.actor_uid))).toEqual(new Set([w.users.admin.uid]));
    expect(rows.every((r) => /^(::ffff:)?127\.0\.0\.1$|^::1$/.test(r.client_ip))).toBe(true);
  });
});

describe('ids that do not belong together', () => {
  it('never reaches another patient’s document through one’s own uid in the path', async () => {
    const { patient, otherPatient } = w.users;
    const foreign = `/api/patients/${otherPatient.uid}/documents/${w.documentId}`;
    const download = await request(t.http).get(`${foreign}/file`).set(authHeader(otherPatient));
    expect(download.status).toBe(404);
    const remove = await request(t.http).delete(foreign).set(authHeader(otherPatient));
    expect(remove.status).toBe(404);
    const own = await request(t.http)
      .get(`/api/patients/${patient.uid}/documents/${w.documentId}/file`)
      .set(authHeader(patient));
    expect(own.status).toBe(200);
  });
});

describe('a doctor whose approval is withdrawn', () => {
  it('no longer reads the records, documents and appointments of the patients who booked them', async () => {
    const { patient, admin } = w.users;
    const doctor = await w.registered('doctor');
    await uploadRequiredCredentials(t.http, doctor);
    const applied = await request(t.http)
      .post('/api/doctors')
      .set(authHeader(doctor))
      .send({ uid: doctor.uid, data: APPLICATION });
    expect(applied.status).toBe(201);
    const record = await request(t.http).get(`/api/doctors/${doctor.uid}`).set(authHeader(doctor));
    const doctorId = (record.body as { data: { id: string } }).data.id;
    const decide = async (what: 'approve' | 'reject' | 'reopen') => {
      const version = await applicationVersion(t.dataSource, doctorId);
      return request(t.http)
        .post(`/api/admin/doctors/${doctorId}/${what}`)
        .set(authHeader(admin))
        .send(what === 'reject' ? { reason: 'Licence suspended by the board', version } : { version });
    };
    expect((await decide('approve')).status).toBe(200);
    const [booked] = (await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, clinic, specialty, doctor_name)
       VALUES ($1, $2, now() + interval '3 days', 'Clinic', 'Cardiology', 'Dr. Matrix') RETURNING id`,
      [patient.uid, doctorId],
    )) as { id: string }[];
    await t.dataSource.query(
      `INSERT INTO prescription_files (appointment_id, name, content_type, size, bytes)
       VALUES ($1, 'rx.pdf', 'application/pdf', 8, '\\x255044462d312e34'::bytea)`,
      [booked!.id],
    );
    const reads = [
      `/api/patients/${patient.uid}`,
      `/api/patients/${patient.uid}/documents`,
      `/api/patients/${patient.uid}/documents/${w.documentId}/file`,
      `/api/appointments/${booked!.id}`,
      `/api/appointments/${booked!.id}/ics`,
      `/api/appointments/${booked!.id}/prescription`,
    ];
    const statuses = async () =>
      Promise.all(reads.map(async (p) => (await request(t.http).get(p).set(authHeader(doctor))).status));
    expect(await statuses()).toEqual([200, 200, 200, 200, 200, 200]);
    // A decided application is decided again only after a re-open.
    expect((await decide('reopen')).status).toBe(200);
    expect((await decide('reject')).status).toBe(200);
    expect(await statuses()).toEqual([403, 403, 403, 403, 403, 403]);
  });
});
