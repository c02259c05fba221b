import { STATUS_CODES, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { nastyString } from './support/fuzz/arbitraries.js';
import { POLLUTION_SENTINEL, badJsonBodies, junkBodies, type FuzzBody } from './support/fuzz/bodies.js';
import { snapshotTables } from './support/fuzz/db-snapshot.js';
import { badMultipartBodies, oversizedUpload } from './support/fuzz/multipart.js';
import {
  FUZZ_ROUTES,
  acceptedBy,
  createFuzzTargets,
  type FuzzRoute,
  type FuzzTarget,
} from './support/fuzz/targets.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Every write route gets at least RUNS generated bad bodies (and, when it has path
 * parameters, PARAM_RUNS bad ids) from a caller who may use it. Only 4xx with the one error body may
 * come back, and neither the database nor Object.prototype may change. `FUZZ_RUNS=5000` digs deeper;
 * a failure prints fast-check's seed and path to replay it.
 */
const RUNS = Math.max(200, Number(process.env.FUZZ_RUNS) || 0);
const PARAM_RUNS = Math.ceil(RUNS / 5);

// Limits are set explicitly for this app: thousands of requests come from one account and address.
const NO_PRACTICAL_LIMIT = '1000000';
const LIMITS = Object.fromEntries(
  ['SIGN_IN', 'UPLOAD', 'BOOKING'].flatMap((p) => [
    [`RATE_LIMIT_${p}_PER_USER`, NO_PRACTICAL_LIMIT],
    [`RATE_LIMIT_${p}_PER_IP`, NO_PRACTICAL_LIMIT],
  ]),
);

let t: TestApp;
let port: number;
let targets: Record<FuzzRoute, FuzzTarget>;
const statusTally = new Map<number, number>();

beforeAll(async () => {
  // LOG_LEVEL error: a 5xx found here is logged with its stack by the exception filter.
  t = await createTestApp({ seed: false, env: { ...LIMITS, LOG_LEVEL: 'error' } });
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  port = (t.http.address() as AddressInfo).port;
  targets = await createFuzzTargets(t);
}, 60_000);

afterAll(async () => {
  if (statusTally.size > 0) {
    console.log(`fuzz answers by status: ${JSON.stringify(Object.fromEntries([...statusTally].sort()))}`);
  }
  await t?.close();
});

interface Answer {
  status: number;
  text: string;
}

/**
 * One request over a real socket. The server may answer (413) before it has read a huge body and
 * close the connection: a write error after the answer has arrived is expected, not a failure.
 */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(payload);
  });
}

async function send(target: FuzzTarget, method: string, path: string, body?: FuzzBody): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (target.caller) headers.authorization = `Bearer ${target.caller.idToken}`;
  let payload: string | Buffer | undefined;
  if (body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(body.value), 'utf8');
  } else if (body?.kind === 'raw') {
    headers['content-type'] = body.contentType;
    payload = typeof body.payload === 'string' ? Buffer.from(body.payload, 'utf8') : body.payload;
  }
  if (payload) headers['content-length'] = String(payload.length);
  const answer = await rawRequest(method, path, headers, payload);
  statusTally.set(answer.status, (statusTally.get(answer.status) ?? 0) + 1);
  return answer;
}

const LEAKS = [
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b/i,
  /\b(relation|column|constraint|table)\s+"/i,
  /violates|syntax error|duplicate key|QueryFailedError|TypeORM|postgres|pg_/i,
  /\n\s+at\s|\.[cm]?[jt]s:\d+|node_modules|\b[A-Z]\w*Error\b/,
];

/** Throws (with a short description, never the whole body) unless `answer` is a clean 4xx refusal. */
function expectRefused(answer: Answer, what: string): void {
  const fail = (why: string) => {
    throw new Error(`${what}: ${why} — ${answer.status} ${answer.text.slice(0, 300)}`);
  };
  if (answer.status < 400 || answer.status >= 500) fail('expected a 4xx answer');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return fail('the error body is not JSON');
  }
  const extra = Object.keys(body).filter((k) => !['statusCode', 'error', 'message', 'fields'].includes(k));
  if (extra.length > 0) fail(`unexpected keys ${extra.join(', ')}`);
  if (body.statusCode !== answer.status) fail('statusCode differs from the status');
  if (body.error !== STATUS_CODES[answer.status]) fail('error is not the status reason');
  const fields = (body.fields ?? {}) as Record<string, unknown>;
  if (Object.keys(fields).some((k) => k.length > 200)) fail('a field path is echoed at length');
  const texts = [body.message, ...Object.values(fields)];
  for (const text of texts) {
    if (typeof text !== 'string' || text.trim().length === 0) fail('a message is empty or not text');
    // A clear message is a sentence (or a list of options), not an echo of the input.
    if ((text as string).length > 1000) fail('a message is longer than 1000 characters');
    for (const leak of LEAKS) if (leak.test(text as string)) fail(`a message leaks internals (${leak})`);
  }
}

/**
 * fast-check prints counterexamples: show the category and a short excerpt, not a 1 MiB body. Built
 * only when fast-check prints one: serialising every generated body for it was a large part of this
 * file's time.
 */
function described(body: FuzzBody): FuzzBody & { [fc.toStringMethod]: () => string } {
  return Object.assign(body, {
    [fc.toStringMethod]: () => {
      const content = body.kind === 'json' ? JSON.stringify(body.value) : body.payload.toString();
      return `${body.category} (${content.length} chars): ${JSON.stringify(content.slice(0, 160))}`;
    },
  });
}

function bodiesFor(target: FuzzTarget): fc.Arbitrary<FuzzBody> {
  const kinds: fc.Arbitrary<FuzzBody>[] = [];
  if (target.json) kinds.push(badJsonBodies(target.json.base, acceptedBy(target.json.schema)));
  if (target.multipart) kinds.push(badMultipartBodies(target.multipart.fields));
  // Routes that read no body or only multipart get any JSON and junk too.
  if (target.noBody || (target.multipart && !target.json)) kinds.push(junkBodies());
  return fc.oneof(...kinds).map(described);
}

/** Percent-encodes every UTF-8 byte, so that any text (lone surrogates too) fits in a path. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const badParam: fc.Arbitrary<string> = fc.oneof(
  nastyString.filter((s) => s.length > 0).map(percentEncoded),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'null',
    'undefined',
    '-1',
    '1e999',
    "'%20OR%201=1--",
    '%F0%9F%92%8A',
  ),
  // Well-formed ids of nothing (or of nobody the caller may reach): 403 or 404.
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/),
  fc.integer({ min: 101, max: 5000 }).map((n) => 'a'.repeat(n)),
);

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('fuzzing the write routes', () => {
  it('has a fuzz target for every write route of the OpenAPI document, and no stale one', async () => {
    const res = await rawRequest('GET', '/api/docs-json', {});
    const doc = JSON.parse(res.text) as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((w) => !(FUZZ_ROUTES as readonly string[]).includes(w))).toEqual([]);
    expect(FUZZ_ROUTES.filter((r) => !writes.includes(r))).toEqual([]);
  });

  it.each(FUZZ_ROUTES)(
    '%s refuses generated bad input with 4xx and changes nothing',
    async (route) => {
      const target = targets[route];
      const method = route.split(' ')[0]!;
      const before = await snapshotTables(t.dataSource);
      const prototypeBefore = prototypeNames();

      await fc.assert(
        fc.asyncProperty(bodiesFor(target), async (body) => {
          expectRefused(await send(target, method, target.path, body), `${route} ${body.category}`);
        }),
        { numRuns: RUNS },
      );

      if (target.params) {
        const { names, build } = target.params;
        const validBody: FuzzBody | undefined = target.json
          ? { kind: 'json', category: 'valid', value: target.json.base }
          : undefined;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...names), badParam, async (name, value) => {
            const path = build({ [name]: value });
            expectRefused(await send(target, method, path, validBody), `${route} with ${name}=${value}`);
          }),
          { numRuns: PARAM_RUNS },
        );
      }

      if (target.multipart) {
        const answer = await send(target, method, target.path, oversizedUpload(target.multipart.fields));
        expectRefused(answer, `${route} oversized file`);
        expect(answer.status).toBe(413);
      }

      expect(await snapshotTables(t.dataSource)).toEqual(before);
      expect(prototypeNames()).toEqual(prototypeBefore);
      expect((Object.prototype as Record<string, unknown>)[POLLUTION_SENTINEL]).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
    120_000,
  );
});
