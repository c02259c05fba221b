import { MAX_ERROR_FIELDS, capFields, jsonShapeProblem } from './input-limits.js';

const limits = { maxKeys: 3, maxArrayItems: 4, maxDepth: 2 };
const shape = (text: string) => jsonShapeProblem(Buffer.from(text, 'utf8'), limits);

describe('jsonShapeProblem', () => {
  it('counts object keys at every level', () => {
    expect(shape('{"a":1,"b":{"c":2}}')).toBeNull();
    expect(shape('{"a":1,"b":{"c":2,"d":3}}')).toBe('tooManyKeys');
  });

  it('counts array items at every level, empty arrays as none', () => {
    expect(shape('[1,[],[2]]')).toBeNull();
    expect(shape('[[ ],[ ]]')).toBeNull();
    expect(shape('[1,2,3,4,5]')).toBe('tooManyItems');
    expect(shape('[[1,2],[3]]')).toBe('tooManyItems');
  });

  it('measures nesting of objects and arrays', () => {
    expect(shape('{"a":[1]}')).toBeNull();
    expect(shape('{"a":[{}]}')).toBe('tooDeep');
    expect(shape('[[[')).toBe('tooDeep');
  });

  it('ignores brackets, colons, commas and escaped quotes inside strings', () => {
    expect(shape('{"a":"{[:,]}\\":,,,{{{{","b":"é:,"}')).toBeNull();
    expect(shape('["\\\\",":,:,:,:"]')).toBeNull();
  });
});

describe('capFields', () => {
  it(`keeps the first ${MAX_ERROR_FIELDS} fields`, () => {
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'bad']));
    const capped = capFields(fields);
    expect(Object.keys(capped)).toHaveLength(MAX_ERROR_FIELDS);
    expect(Object.keys(capped)[0]).toBe('f0');
    expect(capFields({ a: 'x' })).toEqual({ a: 'x' });
  });
});
