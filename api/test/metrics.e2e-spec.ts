import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  book,
  bookableSlots,
  bookingBody,
  registeredPatient,
  seededDoctor,
  type SeededDoctor,
} from './booking-helpers.js';
import { freePort } from './free-port.js';
import { authHeader, createTestApp, type TestApp } from './helpers.js';

/**
 * Prometheus metrics on METRICS_PORT behind METRICS_TOKEN — request durations by route
 * template, the database pool, booking outcomes (201/409/429) and the process defaults — and nothing
 * of it on the API's own port.
 */
let t: TestApp;
let metricsUrl: string;
let doctor: SeededDoctor;
const token = randomBytes(24).toString('base64url');

beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  t = await createTestApp({
    env: { METRICS_PORT: String(port), METRICS_TOKEN: token, BOOKING_MAX_PER_HOUR: '1' },
  });
  doctor = await seededDoctor(t, 'demo-doctor-cardiology');
});

afterAll(async () => {
  await t?.close();
});

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${token}` }) => {
  const res = await fetch(metricsUrl, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('metrics port', () => {
  it('answers only with the token', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: `Bearer ${token}x` })).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toContain('text/plain');
  });

  it('is not reachable on the public API port, with or without the token', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      expect((await request(t.http).get(path)).status).toBe(404);
      expect((await request(t.http).get(path).set('Authorization', `Bearer ${token}`)).status).toBe(404);
    }
  });

  it('counts booking outcomes: a 201, a 409 for the same slot, a 429 past the hourly limit', async () => {
    const before = (await scrape()).text;
    const [slot, next] = bookableSlots(doctor);
    const first = await registeredPatient(t);
    const second = await registeredPatient(t);
    expect((await book(t, first, bookingBody(first, doctor, slot!))).status).toBe(201);
    expect((await book(t, second, bookingBody(second, doctor, slot!))).status).toBe(409);
    expect((await book(t, first, bookingBody(first, doctor, next!))).status).toBe(429);
    const after = (await scrape()).text;
    for (const status of ['201', '409', '429']) {
      expect(sample(after, 'medora_booking_requests_total', { status })).toBe(
        sample(before, 'medora_booking_requests_total', { status }) + 1,
      );
    }
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/appointments',
        status: '409',
      }),
    ).toBe(1);
  });

  it('times requests by route template, never by raw URL', async () => {
    const patient = await registeredPatient(t);
    const res = await request(t.http).get(`/api/patients/${patient.uid}`).set(authHeader(patient));
    expect(res.status).toBe(404);
    const { text } = await scrape();
    const labels = { method: 'GET', route: '/api/patients/:uid', status: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(text).not.toContain(patient.uid);
  });

  it('reports the database pool and the process', async () => {
    const { text } = await scrape();
    expect(sample(text, 'medora_db_pool_max_connections')).toBe(4);
    const total = sample(text, 'medora_db_pool_connections');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(4);
    expect(sample(text, 'medora_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(text).toMatch(/^medora_db_pool_waiting_requests \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});
