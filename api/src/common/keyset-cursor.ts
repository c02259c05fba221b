/** Where a keyset page of a time-ordered list ends: the last row's time (ISO, µs) and id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** A timestamptz as ISO text to the microsecond (a JS Date keeps milliseconds only). */
export const KEYSET_TIME_SQL = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The opaque `cursor` of a time-ordered keyset page — where the page ended and the list
 * (`scope`, e.g. the date window) it belongs to, so a cursor never continues another list.
 */
export function encodeKeysetCursor(position: KeysetPosition, scope: Record<string, string>): string {
  return Buffer.from(JSON.stringify({ ...scope, at: position.at, id: position.id })).toString('base64url');
}

/** The position a cursor names, or null when it is not one `encodeKeysetCursor` made for `scope`. */
export function decodeKeysetCursor(cursor: string, scope: Record<string, string>): KeysetPosition | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const c = parsed as Record<string, unknown>;
  if (typeof c.at !== 'string' || !ISO_MICROS.test(c.at) || Number.isNaN(Date.parse(c.at))) return null;
  if (typeof c.id !== 'string' || !UUID.test(c.id)) return null;
  if (Object.entries(scope).some(([k, v]) => c[k] !== v)) return null;
  return { at: c.at, id: c.id };
}
