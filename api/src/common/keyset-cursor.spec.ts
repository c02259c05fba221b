import { MESSAGES } from '@medora/shared';
import { CURSOR_POSITIONS, decodeCursor, encodeCursor, pageAfter } from './keyset-cursor.js';

const ID = '0b5c8a52-4c2f-4d0e-9f0a-6c1d2e3f4a5b';
const AT = '2026-03-01T09:30:00.123456Z';
const scope = { list: 'audit', actor: 'u1', from: null };

describe('the list cursor codec', () => {
  it('round-trips each kind of position within its scope', () => {
    const timed = encodeCursor(scope, { at: AT, id: ID });
    expect(decodeCursor(timed, scope, CURSOR_POSITIONS.timeAndId)).toEqual({ at: AT, id: ID });
    const byId = encodeCursor(scope, { id: ID });
    expect(decodeCursor(byId, scope, CURSOR_POSITIONS.id)).toEqual({ id: ID });
    const named = encodeCursor(scope, { name: 'Dr. O’Brien, “Jr”', id: ID });
    expect(decodeCursor(named, scope, CURSOR_POSITIONS.nameAndId)).toEqual({
      name: 'Dr. O’Brien, “Jr”',
      id: ID,
    });
  });

  it('is opaque URL-safe text', () => {
    expect(encodeCursor(scope, { at: AT, id: ID })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('treats a filter left undefined as one not named', () => {
    const cursor = encodeCursor({ list: 'visits', uid: 'p1', q: undefined }, { id: ID });
    expect(decodeCursor(cursor, { list: 'visits', uid: 'p1' }, CURSOR_POSITIONS.id)).toEqual({ id: ID });
  });

  it.each([
    ['another list', { ...scope, list: 'access-log' }],
    ['another filter value', { ...scope, actor: 'u2' }],
    ['one more filter', { ...scope, outcome: 'denied' }],
    ['one filter fewer', { list: 'audit', actor: 'u1' }],
  ])('refuses a cursor of %s (null)', (_name, other) => {
    expect(decodeCursor(encodeCursor(scope, { id: ID }), other, CURSOR_POSITIONS.id)).toBeNull();
  });

  it('refuses a position of another kind', () => {
    const byId = encodeCursor(scope, { id: ID });
    expect(decodeCursor(byId, scope, CURSOR_POSITIONS.timeAndId)).toBeNull();
  });

  /** A real cursor of `scope` with its JSON changed by `tamper`. */
  const tampered = (tamper: (written: Record<string, unknown>) => unknown) => {
    const written = JSON.parse(
      Buffer.from(encodeCursor(scope, { at: AT, id: ID }), 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    return Buffer.from(JSON.stringify(tamper(written))).toString('base64url');
  };

  it('reads a cursor it was not tampered with through the same helper', () => {
    expect(
      decodeCursor(
        tampered((w) => w),
        scope,
        CURSOR_POSITIONS.timeAndId,
      ),
    ).toEqual({ at: AT, id: ID });
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON but not an object', Buffer.from('[1,2]').toString('base64url')],
    ['no filters digest', tampered(({ filters: _f, ...w }) => w)],
    ['another filters digest', tampered((w) => ({ ...w, filters: 'AAAAAAAAAAAAAAAAAAAAAA' }))],
    ['a tampered id', tampered((w) => ({ ...w, at: { at: AT, id: `${ID}' OR 1=1` } }))],
    ['a tampered time', tampered((w) => ({ ...w, at: { at: '2026-03-01 09:30', id: ID } }))],
    ['an extra field in the position', tampered((w) => ({ ...w, at: { at: AT, id: ID, sql: 'x' } }))],
  ])('refuses %s (null)', (_name, cursor) => {
    expect(decodeCursor(cursor, scope, CURSOR_POSITIONS.timeAndId)).toBeNull();
  });

  it('stays short whatever the filters (a digest of them travels)', () => {
    const long = { list: 'audit', actor: 'x'.repeat(128), resourceId: 'y'.repeat(128) };
    expect(encodeCursor(long, { id: ID }).length).toBeLessThan(200);
  });

  it('refuses a cursor whose text was cut (tampered base64)', () => {
    const cursor = encodeCursor(scope, { at: AT, id: ID });
    expect(decodeCursor(cursor.slice(0, -4), scope, CURSOR_POSITIONS.timeAndId)).toBeNull();
  });
});

describe('pageAfter (a route reading its ?cursor=)', () => {
  it('is null without a cursor and the position with one of its pages', () => {
    expect(pageAfter(undefined, scope, CURSOR_POSITIONS.id)).toBeNull();
    expect(pageAfter(encodeCursor(scope, { id: ID }), scope, CURSOR_POSITIONS.id)).toEqual({ id: ID });
  });

  it('answers 400 with the route’s message (default the generic one) for another list’s cursor', () => {
    const other = encodeCursor({ list: 'visits', uid: 'p1' }, { id: ID });
    expect(() => pageAfter(other, scope, CURSOR_POSITIONS.id)).toThrow(
      expect.objectContaining({ status: 400, message: MESSAGES.listCursorInvalid }) as Error,
    );
    expect(() => pageAfter(other, scope, CURSOR_POSITIONS.id, MESSAGES.doctorCursorInvalid)).toThrow(
      expect.objectContaining({ status: 400, message: MESSAGES.doctorCursorInvalid }) as Error,
    );
  });
});
