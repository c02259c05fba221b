import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import request from 'supertest';
import { createApiClient } from '@medora/shared';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The document at /api/docs-json checked with two validators other systems use (offline: the document
 * has only local `$ref`s): swagger-parser (the OpenAPI schema of the declared version) and Redocly's
 * `recommended` rules, plus what a client generator needs from it (bodies, files, security).
 */

type Operation = {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
};
type OpenApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
};

const WRITE_METHODS = ['post', 'put', 'patch'];

/**
 * POST/PUT/PATCH routes that read no body: their input is the path (and `If-Match`, a query), so they
 * document none. Any other write route must describe its body.
 */
const BODYLESS_WRITES = [
  'POST /api/admin/mail/failed/{id}/retry',
  'POST /api/appointments/{id}/cancel',
  'POST /api/dev/reminders/sweep',
  'POST /api/patients/{uid}/fhir/imported/{id}/confirm',
  'POST /api/patients/{uid}/fhir/imported/{id}/dismiss',
  'POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review',
  'POST /api/patients/{uid}/medications/{id}/confirm',
  'POST /api/patients/{uid}/medications/proposals/{key}/dismiss',
  'POST /api/provider/appointments/{id}/reopen',
];

/** Downloads: a 2xx answer with the file's media types. */
const DOWNLOADS: Record<string, string[]> = {
  'GET /api/admin/credentials/{id}/file': ['application/pdf', 'image/jpeg', 'image/png'],
  'GET /api/appointments/{id}/ics': ['text/calendar'],
  'GET /api/appointments/{id}/prescription': ['application/pdf', 'image/jpeg', 'image/png'],
  'GET /api/patients/{uid}/documents/{id}/file': [
    'application/msword',
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'image/jpeg',
    'image/png',
  ],
  'GET /api/patients/{uid}/fhir': ['application/fhir+json'],
};

/** Routes anyone may call (`@Public()`): the document says so with `security: []`. */
const PUBLIC_ROUTES = [
  'GET /api/doctors',
  'GET /api/doctors/{uid}/slots',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/mail/unsubscribe',
  'POST /api/mail/unsubscribe',
];

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { OPENAPI_PUBLIC: 'true' } });
  const res = await request(t.http).get('/api/docs-json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

describe('the OpenAPI document', () => {
  it('declares OpenAPI 3.1 (its schemas are JSON Schema 2020-12, what zod emits) and a server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('is valid for swagger-parser', async () => {
    let errors: string[] = [];
    try {
      // It dereferences in place: give it a copy.
      await SwaggerParser.validate(structuredClone(doc) as never);
    } catch (error) {
      const details = (error as { details?: unknown[] }).details;
      errors = details?.map((d) => JSON.stringify(d)) ?? [(error as Error).message];
    }
    expect(errors).toEqual([]);
  });

  it('has no errors under Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems: NormalizedProblem[] = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'medora-openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('describes the body of every POST/PUT/PATCH route that reads one', () => {
    const writes = operations().filter(([key]) => WRITE_METHODS.includes(key.split(' ')[0]!.toLowerCase()));
    const missing = writes
      .filter(([key, op]) => !op.requestBody && !BODYLESS_WRITES.includes(key))
      .map(([key]) => key);
    const listedButDocumented = writes
      .filter(([key, op]) => op.requestBody && BODYLESS_WRITES.includes(key))
      .map(([key]) => key);
    const stale = BODYLESS_WRITES.filter((key) => !writes.some(([k]) => k === key));
    expect({ missing, listedButDocumented, stale }).toEqual({
      missing: [],
      listedButDocumented: [],
      stale: [],
    });
    // Spot checks: a JSON body from its zod schema, an upload as a binary `file`.
    const profile = doc.paths['/api/doctors/{uid}/profile']!.patch!.requestBody!.content!;
    expect(profile['application/json']!.schema).toMatchObject({ type: 'object' });
    const upload = doc.paths['/api/patients/{uid}/documents']!.post!.requestBody!.content!;
    expect(upload['multipart/form-data']!.schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    const unsubscribe = doc.paths['/api/mail/unsubscribe']!.post!.requestBody!.content!;
    expect(Object.keys(unsubscribe)).toEqual(['application/x-www-form-urlencoded']);
  });

  it('gives every download a 2xx answer with its media types', () => {
    const ops = new Map(operations());
    const found = Object.fromEntries(
      Object.keys(DOWNLOADS).map((key) => {
        const op = ops.get(key);
        const success = Object.entries(op?.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
        return [key, Object.keys(success?.[1].content ?? {}).sort()];
      }),
    );
    expect(found).toEqual(DOWNLOADS);
  });

  it('marks the public routes `security: []` and every other route bearer-only', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const open = operations()
      .filter(([key, op]) => !key.includes(' /api/dev/') && op.security?.length === 0)
      .map(([key]) => key);
    expect(open.sort()).toEqual(PUBLIC_ROUTES);
    const unmarked = operations()
      .filter(([, op]) => op.security !== undefined && op.security.length > 0)
      .filter(([, op]) => !op.security!.some((s) => 'bearer' in s))
      .map(([key]) => key);
    expect(unmarked).toEqual([]);
  });

  it('has an operation for every call of the shared client, taking the body it sends', async () => {
    type Sent = { method: string; path: string; body: 'json' | 'multipart' | 'none'; anonymous: boolean };
    const sent: Sent[] = [];
    const client = createApiClient({
      baseUrl: '/api',
      getToken: () => Promise.resolve('token'),
      fetch: (url, init) => {
        const headers = (init?.headers ?? {}) as Record<string, string>;
        const body =
          init?.body instanceof FormData ? 'multipart' : init?.body === undefined ? 'none' : 'json';
        const path = new URL(String(url), 'http://api.test').pathname;
        sent.push({ method: init?.method ?? 'GET', path, body, anonymous: !headers.Authorization });
        return Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
      },
    });
    // Every endpoint function, called with a stand-in for each argument: a Blob works as a file, and
    // as text in a path or query.
    const stand = new Blob(['x']);
    const { request: _generic, configure: _configure, ...endpoints } = client;
    for (const endpoint of Object.values(endpoints)) {
      await (endpoint as (...args: unknown[]) => Promise<unknown>)(stand, stand, stand, stand);
    }
    expect(sent.length).toBeGreaterThan(50);
    const templates = operations().map(([key, op]) => ({ key, op, ...keyParts(key) }));
    const problems = sent.flatMap((call) => {
      const segments = call.path.split('/');
      const match = templates.find(
        (t) =>
          t.method === call.method &&
          t.segments.length === segments.length &&
          t.segments.every((part, i) => part.startsWith('{') || part === segments[i]),
      );
      if (!match) return [`${call.method} ${call.path}: not in the document`];
      const content = Object.keys(match.op.requestBody?.content ?? {});
      const expected = { json: 'application/json', multipart: 'multipart/form-data', none: null }[call.body];
      const found: string[] = [];
      if (expected && !content.includes(expected))
        found.push(`${match.key}: sends ${expected}, documented ${content}`);
      if (!expected && (match.op.requestBody as { required?: boolean } | undefined)?.required) {
        found.push(`${match.key}: sends no body, documented as required`);
      }
      // A token sent to a public route is ignored; none sent to another route is a 401.
      if (call.anonymous && match.op.security?.length !== 0) found.push(`${match.key}: sent without a token`);
      return found;
    });
    expect(problems).toEqual([]);
  });
});

function keyParts(key: string): { method: string; segments: string[] } {
  const [method, path] = key.split(' ') as [string, string];
  return { method, segments: path.split('/') };
}
