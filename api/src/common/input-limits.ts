import { formatMessage } from '@medora/shared';

/**
 * Limits on the shape of a JSON body, checked while the bytes are scanned and before
 * JSON.parse and validation: a 1 MiB body with 90,000 keys otherwise costs the validator most of a
 * second of CPU. No route of this API needs more than a few hundred values or 5 levels.
 */
export const JSON_LIMITS = {
  /** Object keys in the whole body, at every level. */
  maxKeys: 1_000,
  /** Array items in the whole body, at every level. */
  maxArrayItems: 10_000,
  /** Nesting of objects and arrays; `{"a":{"b":1}}` is 2. */
  maxDepth: 10,
} as const;

/**
 * The one route whose body is a document written elsewhere: a FHIR Bundle (`POST /api/patients/:uid/fhir`)
 * names every value with a key and nests codings in sections in entries, so a patient summary from
 * another system has thousands of keys and a dozen levels. Still within the same byte limit.
 */
export const FHIR_IMPORT_JSON_LIMITS = { maxKeys: 20_000, maxArrayItems: 10_000, maxDepth: 16 } as const;
export const FHIR_IMPORT_ROUTE = { method: 'POST', url: '/api/patients/:uid/fhir' } as const;

/** An error body names at most this many fields: enough to fix a form, never an echo of junk. */
export const MAX_ERROR_FIELDS = 20;

export type JsonLimits = { maxKeys: number; maxArrayItems: number; maxDepth: number };
export type JsonShapeProblem = 'tooManyKeys' | 'tooManyItems' | 'tooDeep';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * One pass over the raw bytes, counting keys (a colon outside strings), array items and nesting;
 * stops at the first limit passed. It does not check that the text is JSON (JSON.parse does that
 * next); UTF-8 continuation bytes never equal the ASCII bytes it looks at.
 */
export function jsonShapeProblem(
  bytes: Uint8Array,
  limits: JsonLimits = JSON_LIMITS,
): JsonShapeProblem | null {
  let keys = 0;
  let items = 0;
  let depth = 0;
  let inString = false;
  // Per open container: is it an array? `firstItem`: just after '[', the next value is its first item.
  const isArray: boolean[] = [];
  let firstItem = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
      continue;
    }
    if (isSpace(b)) continue;
    if (firstItem) {
      firstItem = false;
      if (b !== CLOSE_ARRAY && ++items > limits.maxArrayItems) return 'tooManyItems';
    }
    if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > limits.maxDepth) return 'tooDeep';
      isArray[depth] = b === OPEN_ARRAY;
      firstItem = b === OPEN_ARRAY;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (b === COLON) {
      if (++keys > limits.maxKeys) return 'tooManyKeys';
    } else if (b === COMMA && isArray[depth]) {
      if (++items > limits.maxArrayItems) return 'tooManyItems';
    }
  }
  return null;
}

/** The answer to a body past a limit: 413 for too many values, 400 for too deep. */
export function jsonShapeAnswer(
  problem: JsonShapeProblem,
  limits: JsonLimits = JSON_LIMITS,
): { status: number; message: string } {
  switch (problem) {
    case 'tooManyKeys':
      return { status: 413, message: formatMessage('jsonTooManyKeys', { max: limits.maxKeys }) };
    case 'tooManyItems':
      return { status: 413, message: formatMessage('jsonTooManyItems', { max: limits.maxArrayItems }) };
    case 'tooDeep':
      return { status: 400, message: formatMessage('jsonTooDeep', { max: limits.maxDepth }) };
  }
}

/** Keeps the first `MAX_ERROR_FIELDS` entries of an error body's `fields`. */
export function capFields(fields: Record<string, string>): Record<string, string> {
  const entries = Object.entries(fields);
  return entries.length <= MAX_ERROR_FIELDS ? fields : Object.fromEntries(entries.slice(0, MAX_ERROR_FIELDS));
}
