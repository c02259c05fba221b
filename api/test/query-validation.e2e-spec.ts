import request from 'supertest';
import fc from 'fast-check';
import { errorBodySchema } from '@medora/shared';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { MATRIX } from './support/authz/matrix.js';
import { ACTORS, World } from './support/authz/world.js';
import { nastyString } from './support/fuzz/arbitraries.js';
import { routeTable, type TableRoute } from './support/route-table.js';

/**
 * Every query parameter of every GET route, walked from Nest's route table, gets junk, odd dates and
 * time zones from a caller the route lets in (so validation, not the guard, answers): never a 5xx, and
 * every refusal the one error body. Date pairs that pass field by field but break the rules between
 * fields (order, window length, year edges) are sent to routes with both `from` and `to`.
 */

const GENEROUS = '100000';
const LIMITS = Object.fromEntries(
  ['SIGN_IN', 'UPLOAD', 'BOOKING'].flatMap((p) => [
    [`RATE_LIMIT_${p}_PER_USER`, GENEROUS],
    [`RATE_LIMIT_${p}_PER_IP`, GENEROUS],
  ]),
);

/** Values every parameter gets (one at a time, the others left out). */
const JUNK = [
  '',
  'x',
  ' ',
  '2026-02-30',
  '2026-13-01',
  '0001-01-01',
  '0000-00-00',
  '9999-12-31',
  '9999-12-30',
  '10000-01-01',
  '+002026-01-01',
  '2026-01-01T00:00:00Z',
  '2026-01-01T25:00:00+99:00',
  '1970-01-01',
  'Europe/Berlin',
  'Etc/GMT+14',
  'Mars/Olympus_Mons',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '$1 $$ \\x00 %s %n',
  '<script>alert(1)</script>',
  '__proto__',
  '../../../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
];

/** [from, to] pairs: each date fine on its own or not, the pair against the window rules. */
const DATE_PAIRS: [string, string][] = [
  ['x', '2026-12-01'],
  ['2026-02-30', '2026-03-02'],
  ['0001-01-01', '0001-01-05'],
  ['9999-12-30', '9999-12-31'],
  ['9000-12-30', '9000-12-31'],
  ['1900-01-01', '1900-01-02'],
  ['2026-12-01', '2026-01-01'],
  ['2026-01-01', '2027-01-01'],
  ['2026-01-01', 'x'],
];

let t: TestApp;
let w: World;
let routes: TableRoute[];

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ...LIMITS, LOG_LEVEL: 'error' } });
  w = await World.build(t);
  routes = routeTable(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The route's path with the ids its matrix entry names, and a caller who gets a 2xx from it. */
async function target(key: string): Promise<{ path: string; caller: TestUser | null }> {
  const entry = MATRIX[key];
  if (!entry) throw new Error(`No authorization matrix entry for ${key}`);
  let path = key.split(' ')[1]!;
  for (const [name, subject] of Object.entries(entry.params ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(await w.resolve(subject)));
  }
  const actor = ACTORS.find((a) => (entry.expect[a] ?? 0) >= 200 && (entry.expect[a] ?? 0) < 300);
  return { path, caller: actor ? w.user(actor) : null };
}

const failures: string[] = [];
let sent = 0;

async function send(path: string, caller: TestUser | null, query: Record<string, string | string[]>) {
  const req = request(t.http).get(path).query(query);
  const res = await (caller ? req.set(authHeader(caller)) : req);
  sent++;
  const shown = `GET ${path}?${new URLSearchParams(query as Record<string, string>).toString().slice(0, 120)}`;
  if (res.status >= 500) failures.push(`${res.status} ${shown}: ${res.text.slice(0, 200)}`);
  else if (res.status >= 400 && !errorBodySchema.safeParse(res.body).success) {
    failures.push(`${res.status} without the error body: ${shown}`);
  }
}

describe('the date windows of the slots and provider lists', () => {
  const dateMessage = (name: string) => `${name} must be a date (YYYY-MM-DD) from 1900-01-01 to 9000-12-31`;

  it.each([
    [{ from: 'x', to: '2026-12-01' }, dateMessage('from')],
    [{ from: '2026-02-30', to: '2026-03-02' }, dateMessage('from')],
    [{ from: '0001-01-01', to: '0001-01-05' }, dateMessage('from')],
    [{ from: '9999-12-30', to: '9999-12-31' }, dateMessage('from')],
    [{ from: "' OR 1=1 --", to: '2026-12-01' }, dateMessage('from')],
    [{ from: '2026-12-01', to: '2026-11-01' }, 'from must not be later than to'],
  ])(
    'GET /api/doctors/{uid}/slots?%j without a token: 400 naming the first broken rule',
    async (query, message) => {
      const res = await request(t.http).get(`/api/doctors/${w.bookedDoctor.id}/slots`).query(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    },
  );

  it.each([{ from: 'x' }, { from: 'x', to: '2026-12-01' }, { from: '9999-12-30' }, { to: '2026-02-30' }])(
    'GET /api/provider/appointments?%j as a doctor: 400',
    async (query) => {
      const res = await request(t.http)
        .get('/api/provider/appointments')
        .query(query)
        .set(authHeader(w.users.bookedDoctor));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/must be a date \(YYYY-MM-DD\) from 1900-01-01 to 9000-12-31/);
    },
  );
});

describe('query strings of every GET route (the route table)', () => {
  it('every @Query() argument is validated by a schema whose parameters can be read', () => {
    const unvalidated = routes.filter((r) => r.query === null).map((r) => r.key);
    expect(unvalidated).toEqual([]);
    // The walk below must reach the routes the attack found, or it proves nothing.
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/doctors/{uid}/slots', 'GET /api/provider/appointments']),
    );
  });

  it('answers junk, impossible dates, year edges, zones and injection strings with 4xx or 2xx, never 5xx', async () => {
    for (const route of routes.filter((r) => r.method === 'GET' && r.query && r.query.length > 0)) {
      const { path, caller } = await target(route.key);
      const names = route.query!;
      for (const name of names) {
        for (const value of JUNK) await send(path, caller, { [name]: value });
        await send(path, caller, { [name]: ['1', '2'] });
      }
      if (names.includes('from') && names.includes('to')) {
        for (const [from, to] of DATE_PAIRS) {
          await send(path, caller, { from, to });
          await send(path, caller, { from });
          await send(path, caller, { to });
        }
      }
      // Generated text too, in every parameter at once, plus one the route does not know.
      await fc.assert(
        fc.asyncProperty(
          fc.array(nastyString, { minLength: names.length, maxLength: names.length }),
          async (values) => {
            await send(
              path,
              caller,
              Object.fromEntries([...names.map((n, i) => [n, values[i]!]), ['zz', values[0] ?? '']]),
            );
          },
        ),
        { numRuns: 20 },
      );
    }
    console.log(`query walk: ${sent} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 300_000);
});
