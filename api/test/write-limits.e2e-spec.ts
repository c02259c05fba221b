import request from 'supertest';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { World } from './support/authz/world.js';
import { routeTable } from './support/route-table.js';

/**
 * One rate-limit policy over every write: each POST, PUT, PATCH and DELETE route of Nest's route table
 * declares its class (`@RateLimit`), and so do the exports. Past a class's limit the caller gets 429
 * with Retry-After; the counters are the one RequestCounter (Redis when REDIS_URL is set, so replicas
 * count together: rate-limits.e2e-spec.ts).
 */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Reads that produce a whole record and are limited like writes. */
const EXPORTS = ['GET /api/patients/{uid}/fhir'];

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      RATE_LIMIT_WRITE_PER_USER: '3',
      RATE_LIMIT_AUTOSAVE_PER_USER: '4',
      RATE_LIMIT_EXPORT_PER_USER: '2',
      // The world is built with many writes from one address.
      RATE_LIMIT_WRITE_PER_IP: '100000',
      RATE_LIMIT_AUTOSAVE_PER_IP: '100000',
      RATE_LIMIT_EXPORT_PER_IP: '100000',
    },
  });
  w = await World.build(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('has a rate-limit class on every write route and on the exports', () => {
    const routes = routeTable(t.app);
    const writes = routes.filter((r) => WRITE_METHODS.has(r.method) || EXPORTS.includes(r.key));
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((r) => !r.rateLimit).map((r) => r.key)).toEqual([]);
    expect(routes.find((r) => r.key === 'GET /api/patients/{uid}/fhir')?.rateLimit).toBe('export');
  });
});

describe('past a class limit: 429 with Retry-After', () => {
  type Call = (user: TestUser) => request.Test;
  const account: Call = (u) =>
    request(t.http).patch('/api/me/account').set(authHeader(u)).send({ name: 'Ann' });
  const markRead: Call = (u) =>
    request(t.http).post('/api/notifications/read').set(authHeader(u)).send({ ids: [] });
  const draft: Call = (u) =>
    request(t.http)
      .put(`/api/patients/${u.uid}/draft`)
      .set(authHeader(u))
      .send({ mode: 'new', screen: 'question', answers: {} });
  const fhir: Call = (u) => request(t.http).get(`/api/patients/${u.uid}/fhir`).set(authHeader(u));

  /** `limit` calls answered (a refused body counts too: the limit runs first), the next one 429. */
  async function expectLimit(user: TestUser, calls: Call[], limit: number) {
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await calls[i % calls.length]!(user)).status);
    expect(statuses.filter((s) => s === 429 || s >= 500)).toEqual([]);
    const over = await calls[limit % calls.length]!(user);
    expect([over.status, Number(over.headers['retry-after']) > 0]).toEqual([429, true]);
  }

  it('the write class: account changes and marking notifications read share one count', async () => {
    await expectLimit(await w.registered('patient'), [account, markRead], 3);
  });

  it('the autosave class: draft saves have their own count', async () => {
    await expectLimit(await w.registered('patient'), [draft], 4);
  });

  it('the export class: the FHIR export', async () => {
    const user = await w.registered('patient');
    await expectLimit(user, [fhir], 2);
  });
});
