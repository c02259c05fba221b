import fc from 'fast-check';
import {
  POLLUTION_KEYS,
  hugeString,
  nastyString,
  nestedJunk,
  notAnObject,
  scalarJunk,
  wrongTypeFor,
} from './arbitraries.js';

/** One generated request body: a JS value sent as JSON, or raw bytes with a content type. */
export type FuzzBody =
  | { kind: 'json'; category: string; value: unknown }
  | { kind: 'raw'; category: string; payload: string | Buffer; contentType: string };

export type JsonObject = Record<string, unknown>;

/** The values that the sentinel pollution payloads would put on Object.prototype. */
export const POLLUTION_SENTINEL = 'fuzzPolluted';
const POLLUTER = { [POLLUTION_SENTINEL]: 'yes', isAdmin: true, role: 'admin' };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Every string (keys included) is text Postgres can store unchanged: no NUL, no lone surrogate. The
 * API refuses a body that breaks this (400), so such a body counts as bad even when its shape is right.
 */
export function storableText(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(storableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => storableText(k) && storableText(v));
  }
  return true;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/JSON'];

/** Text that is not JSON at all, or JSON with something wrong around it. */
function nonJsonText(base: JsonObject): fc.Arbitrary<string> {
  const text = JSON.stringify(base);
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => !parses(s)),
    // Every strict prefix of an object's JSON is invalid JSON (the closing brace is missing).
    fc.integer({ min: 0, max: text.length - 1 }).map((n) => text.slice(0, n)),
    fc.constantFrom(
      `${text}}`,
      `${text},`,
      `${text} trailing`,
      text.replace(/"/g, "'"),
      `{${text}}`,
      '{"a":1,}',
      '{a:1}',
      '[1,2',
      'NaN',
      'undefined',
      "{'uid': 1}",
      '// comment\n{}',
      '{"a": 01}',
      '{"a": "\\x41"}',
      '{"a": "\u0000"', // a raw control character inside a string is invalid JSON
      '\u0000',
      '<?xml version="1.0"?><a/>',
    ),
  );
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** JSON text of `base` with a field (or the top level) carrying a prototype-pollution payload. */
function pollutedText(base: JsonObject): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const payloads = [
    `{"__proto__":${JSON.stringify(POLLUTER)}}`,
    `{"constructor":{"prototype":${JSON.stringify(POLLUTER)}}}`,
    `{"a":[{"__proto__":${JSON.stringify(POLLUTER)}}]}`,
  ];
  return fc.tuple(fc.constantFrom(...payloads), fc.constantFrom('top', ...keys)).map(([payload, where]) => {
    if (where === 'top') return `${payload.slice(0, -1)},${JSON.stringify(base).slice(1)}`;
    const marker = '"__FUZZ_MARKER__"';
    return JSON.stringify({ ...base, [where]: '__FUZZ_MARKER__' }).replace(marker, payload);
  });
}

/**
 * Bad JSON bodies built from a valid `base` body of the route: wrong types, missing fields, huge
 * strings, unicode, nested junk, pollution keys, arrays for objects, raw non-JSON text. `accepted`
 * says whether the route would take a value (its shared zod schema, and storable text): such values
 * are not bad, so they are never generated.
 */
export function badJsonBodies(
  base: JsonObject,
  accepted: (value: unknown) => boolean,
): fc.Arbitrary<FuzzBody> {
  const keys = Object.keys(base);
  const key = fc.constantFrom(...keys);
  const withField = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(key, value).map(([k, v]) => ({ ...base, [k]: v }) as unknown);
  const json = (category: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> =>
    value.filter((v) => !accepted(v)).map((v) => ({ kind: 'json', category, value: v }));
  const raw = (category: string, payload: fc.Arbitrary<string>, types = JSON_TYPES): fc.Arbitrary<FuzzBody> =>
    fc
      .tuple(payload, fc.constantFrom(...types))
      .map(([p, contentType]) => ({ kind: 'raw', category, payload: p, contentType }));

  return fc.oneof(
    json('not an object', notAnObject),
    json(
      'missing fields',
      fc
        .subarray(keys, { minLength: 1 })
        .map((gone) => Object.fromEntries(Object.entries(base).filter(([k]) => !gone.includes(k)))),
    ),
    json(
      'wrong type',
      fc.tuple(key).chain(([k]) => wrongTypeFor(base[k]).map((v) => ({ ...base, [k]: v }))),
    ),
    json('huge string', fc.oneof(withField(hugeString), hugeString)),
    json('unicode', withField(nastyString)),
    json('unicode everywhere', fc.dictionary(nastyString, nastyString, { minKeys: 1, maxKeys: 5 })),
    json('nested junk', fc.oneof(withField(nestedJunk), nestedJunk)),
    json(
      'pollution keys (object)',
      fc
        .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constant(POLLUTER), fc.constantFrom('top', ...keys))
        .map(([k, v, where]) => {
          const payload = Object.defineProperty({}, k, { value: v, enumerable: true });
          return where === 'top' ? Object.assign(payload, base) : { ...base, [where]: payload };
        }),
    ),
    json(
      'array for object',
      fc.oneof(
        fc.constant([base]),
        withField(fc.array(scalarJunk, { maxLength: 3 })),
        fc.constant(Object.entries(base)),
      ),
    ),
    raw('pollution keys (text)', pollutedText(base)),
    raw('not JSON', nonJsonText(base)),
    raw(
      'huge text',
      hugeString.map((s) => `{"x":"${s}"`),
    ),
    // Valid JSON nested up to ~520k levels (close to the body limit): no recursion may overflow.
    raw(
      'deep nesting',
      fc
        .tuple(fc.integer({ min: 1_000, max: 520_000 }), fc.boolean())
        .map(([depth, asArray]) =>
          asArray ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
        ),
    ),
    // A valid-looking body under a content type the API does not parse as JSON.
    raw('wrong content type', fc.constant(JSON.stringify(base)), [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/vnd.api+json',
    ]),
  );
}

/** Junk bodies for a route that reads no body: anything at all, JSON or not. */
export function junkBodies(): fc.Arbitrary<FuzzBody> {
  return badJsonBodies({ x: 'y' }, () => false);
}
