import request from 'supertest';
import { createTestApp, authHeader, type TestApp } from './helpers.js';
import { MATRIX } from './support/authz/matrix.js';
import { ACTORS, World } from './support/authz/world.js';
import { routeTable } from './support/route-table.js';

/**
 * Answers carry personal or health data (records, appointments, visits, notifications, /api/me), and a
 * browser's disk cache keeps what it may store after logout. Every route of Nest's route table is
 * called by a caller it serves (2xx, with the matrix's ids and query); each answer must say
 * `Cache-Control: no-store`. Only a route listed here may be cached, and only publicly.
 */
const PUBLICLY_CACHEABLE = new Set(['GET /api/doctors']);

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await World.build(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('Cache-Control on every GET route (the route table)', () => {
  it('is no-store on every 2xx answer, except the public lists', async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const route of routeTable(t.app).filter((r) => r.method === 'GET' && !r.key.includes('/api/docs'))) {
      const entry = MATRIX[route.key];
      if (!entry) throw new Error(`No authorization matrix entry for ${route.key}`);
      const actor = ACTORS.find((a) => (entry.expect[a] ?? 0) >= 200 && (entry.expect[a] ?? 0) < 300);
      if (!actor) continue;
      let path = route.key.split(' ')[1]!;
      for (const [name, subject] of Object.entries(entry.params ?? {})) {
        path = path.replace(`{${name}}`, encodeURIComponent(await w.resolve(subject)));
      }
      const user = w.user(actor);
      let req = request(t.http)
        .get(path)
        .query(entry.query?.(w) ?? {});
      if (user) req = req.set(authHeader(user));
      const res = await req;
      if (res.status >= 300)
        throw new Error(`${route.key} as ${actor}: ${res.status} ${res.text.slice(0, 200)}`);
      seen.push(route.key);
      const value = String(res.headers['cache-control'] ?? '');
      const ok = PUBLICLY_CACHEABLE.has(route.key) ? /^public\b/.test(value) : /\bno-store\b/.test(value);
      if (!ok) wrong.push(`${route.key}: ${value || '(none)'}`);
    }
    expect(seen.length).toBeGreaterThan(20);
    expect(seen).toEqual(
      expect.arrayContaining(['GET /api/patients/{uid}', 'GET /api/me', 'GET /api/notifications']),
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
