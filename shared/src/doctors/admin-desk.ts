/**
 * The admin desk's queues (tabs), orders, page size and search length, zod-free: the
 * API's query schema and the page read the same lists.
 */
export const APPLICATION_QUEUES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ApplicationQueue = (typeof APPLICATION_QUEUES)[number];
export const APPLICATION_SORTS = ['oldest', 'newest'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export const APPLICATIONS_PAGE_SIZE = 10;
/** The most applications one keyset page may ask for (`limit`). */
export const APPLICATIONS_MAX_LIMIT = 50;
/** The longest `cursor` the list accepts (it is the API's own opaque text). */
export const APPLICATIONS_CURSOR_MAX_LENGTH = 200;
export const APPLICATION_SEARCH_MAX_LENGTH = 100;
export const SUSPENSION_REASON_MAX_LENGTH = 500;

/** The most upcoming appointments one follow-up list of a suspended doctor shows (soonest). */
export const FOLLOW_UP_MAX_ROWS = 100;

/** The most rows one audit page may ask for (was 500); zod-free, so the page reads it too. */
export const AUDIT_MAX_LIMIT = 200;

/** The audit log's read covers the last this-many days unless `from`/`to` say otherwise. */
export const AUDIT_DEFAULT_WINDOW_DAYS = 30;

/** The audit screen's page size and the most rows one CSV export gathers. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_EXPORT_MAX_ROWS = 5000;

/** The columns of the audit CSV, in order (the AuditEntry fields). */
export const AUDIT_CSV_COLUMNS = [
  'createdAt',
  'actorUid',
  'actorRole',
  'action',
  'resourceType',
  'resourceId',
  'outcome',
  'detail',
  'clientIp',
  'userAgent',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Audit rows as CSV text: a header line, then one line per row, CRLF line ends. */
export function auditCsv(rows: readonly Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null>[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(AUDIT_CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
