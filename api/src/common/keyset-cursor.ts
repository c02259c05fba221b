import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MESSAGES } from '@medora/shared';
import { ApiException } from './http-exception.filter.js';

/*
 * The one cursor codec of every paged list (docs/architecture.md, "Lists"): a page's `nextCursor` is
 * the base64url of `{ list, filters, at }` — which list, a digest of the filters that shape it (so a
 * long search does not make a long cursor), and where the page ended. Decoding checks all three, so a
 * cursor never continues another list, another patient's or another filter's, and a tampered one is
 * refused (the route answers 400 with its catalogue message).
 */

/**
 * Which list a cursor belongs to (`list`) and the filters that shape it, compared exactly on decode
 * (a filter left out, `undefined`, is the same as one not named).
 */
export type CursorScope = { list: string } & Record<string, string | number | boolean | null | undefined>;

/** The one id check of a cursor's position. */
const cursorId = z.uuid();

/** A timestamptz as ISO text to the microsecond (a JS Date keeps milliseconds only). */
const isoMicros = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((at) => !Number.isNaN(Date.parse(at)));

/** The positions a page can end at, by the keyset its list is ordered by. */
export const CURSOR_POSITIONS = {
  /** A time-ordered list: the last row's time (ISO, µs) and id. */
  timeAndId: z.strictObject({ at: isoMicros, id: cursorId }),
  /** A list whose statement finds the last row's sort key itself (it re-reads the row by id). */
  id: z.strictObject({ id: cursorId }),
  /** A list ordered by name: the last row's name and id. */
  nameAndId: z.strictObject({ name: z.string(), id: cursorId }),
} as const;

/** Where a keyset page of a time-ordered list ends: the last row's time (ISO, µs) and id. */
export type KeysetPosition = z.infer<typeof CURSOR_POSITIONS.timeAndId>;

/** A timestamptz as ISO text to the microsecond, for `CURSOR_POSITIONS.timeAndId`. */
export const KEYSET_TIME_SQL = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The opaque `nextCursor` of a page of the list `scope` that ended at `position`. */
export function encodeCursor(scope: CursorScope, position: object): string {
  const written: WrittenCursor = { list: scope.list, filters: filtersDigest(scope), at: position };
  return Buffer.from(JSON.stringify(written)).toString('base64url');
}

/**
 * The position `cursor` names, or null when it is not one `encodeCursor` made for this very `scope`
 * with a position of the `position` kind.
 */
export function decodeCursor<P>(cursor: string, scope: CursorScope, position: z.ZodType<P>): P | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const written = parsed as Partial<WrittenCursor>;
  if (written.list !== scope.list || written.filters !== filtersDigest(scope)) return null;
  const read = position.safeParse(written.at);
  return read.success ? read.data : null;
}

/**
 * A route's `?cursor=` read within `scope`: null without one, the position it names, or 400 with
 * `message` (the route's catalogue text) when it is not a page of this list.
 */
export function pageAfter<P>(
  cursor: string | undefined,
  scope: CursorScope,
  position: z.ZodType<P>,
  message: string = MESSAGES.listCursorInvalid,
): P | null {
  if (cursor === undefined) return null;
  const after = decodeCursor(cursor, scope, position);
  if (!after) throw new ApiException(400, message, { cursor: message });
  return after;
}

interface WrittenCursor {
  list: string;
  filters: string;
  at: unknown;
}

/** A short digest of the scope's filters, in key order; a filter left `undefined` is not named. */
function filtersDigest(scope: CursorScope): string {
  const named = Object.entries(scope)
    .filter(([key, value]) => key !== 'list' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 22);
}
