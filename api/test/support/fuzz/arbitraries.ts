import fc from 'fast-check';

/** The API's JSON body limit (app.factory.ts): bodies around it must be refused with 413, never 5xx. */
export const BODY_LIMIT = 1024 * 1024;

/** Text that is hard on parsers, databases and logs. */
const NASTY_PIECES = [
  '\u0000', // NUL: Postgres text and jsonb cannot store it
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uDC00b',
  '\u202Eevil\u202C', // right-to-left override
  'مرحبا بالعالم', // RTL script
  'שלום',
  '👩‍⚕️🩺💊', // emoji with zero-width joiners
  '🏳️‍🌈',
  'e\u0301\u0301\u0301', // stacked combining marks
  '\u200B\u200C\u200D\uFEFF', // zero-width characters, BOM
  '\r\n\t\u000B\u000C\u0085\u2028\u2029',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '$1 $$ \\x00 %00 %s %n',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '\uFFFD\uFFFE\uFFFF',
  '𝕳𝖊𝖑𝖑𝖔',
];

/** A string mixing generated text (any code point, surrogates included) with known nasty pieces. */
export const nastyString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...NASTY_PIECES),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** Strings from 64 KiB (beyond every field limit) to a little past the 1 MiB body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', 'é', '𝕳', '\u0000', '👩‍⚕️', '"', '\\'),
    fc.oneof(
      fc.integer({ min: 64 * 1024, max: 256 * 1024 }),
      fc.integer({ min: BODY_LIMIT - 2048, max: BODY_LIMIT + 4096 }),
    ),
  )
  .map(([unit, bytes]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

export const scalarJunk: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324),
  fc.boolean(),
  fc.constant(null),
);

/** Keys that try to reach an object's prototype, or that a naive deep merge would follow. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Nested objects and arrays of junk, sometimes very deep. */
export const nestedJunk: fc.Arbitrary<unknown> = fc.oneof(
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalarJunk,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...POLLUTION_KEYS)), tie('value'), {
        maxKeys: 4,
      }),
    ),
  })).value,
  // Deep nesting: parsers and validators must not recurse into a crash.
  fc.tuple(fc.integer({ min: 50, max: 2000 }), fc.boolean()).map(([depth, asArray]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { nested: value };
    return value;
  }),
);

/** Any value that is not a plain JSON object (the top level of every body here must be one). */
export const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  scalarJunk,
  fc.array(nestedJunk, { maxLength: 5 }),
  fc.constant([]),
);

/** A value of another JSON type than `like` (a string for a number, an array for an object, ...). */
export function wrongTypeFor(like: unknown): fc.Arbitrary<unknown> {
  const kind = Array.isArray(like) ? 'array' : like === null ? 'null' : typeof like;
  const options: fc.Arbitrary<unknown>[] = [];
  if (kind !== 'string') options.push(nastyString);
  // Finite only: JSON has no NaN or Infinity (JSON.stringify sends them as null), so an infinite
  // "wrong type" would arrive as null, which a nullable field rightly accepts.
  if (kind !== 'number') {
    options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  }
  if (kind !== 'boolean') options.push(fc.boolean());
  if (kind !== 'null') options.push(fc.constant(null));
  if (kind !== 'array') options.push(fc.array(scalarJunk, { maxLength: 3 }));
  if (kind !== 'object') options.push(fc.dictionary(nastyString, scalarJunk, { maxKeys: 3 }));
  return fc.oneof(...options);
}
