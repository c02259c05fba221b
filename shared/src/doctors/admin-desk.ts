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
export const APPLICATION_SEARCH_MAX_LENGTH = 100;
export const SUSPENSION_REASON_MAX_LENGTH = 500;

/** An application's documents per page when the admin opens them (oldest first). */
export const CREDENTIALS_PAGE_SIZE = 50;

/** The most upcoming appointments one follow-up list of a suspended doctor shows (soonest). */
export const FOLLOW_UP_MAX_ROWS = 100;

/** The most rows one audit page may ask for (was 500); zod-free, so the page reads it too. */
export const AUDIT_MAX_LIMIT = 200;

/** The most accounts one actor filter of the audit screen (a name, an e-mail or a uid) stands for. */
export const AUDIT_ACTOR_MATCHES = 50;

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

/** Cell separators of one spreadsheet locale or another (`;` where the decimal mark is a comma). */
const SEPARATOR = '[,;\\t|]';
/** What a spreadsheet runs as a formula when a cell starts with it (OWASP CSV Injection). */
const FORMULA = '[=+\\-@\\t\\r]';
const FORMULA_START = new RegExp(`^${FORMULA}`);
/** `Mozilla;=1+1`: in a `;` locale the part after the separator is a cell of its own. */
const FORMULA_AFTER_SEPARATOR = new RegExp(`${SEPARATOR}\\s*${FORMULA}`);
const NEEDS_QUOTES = new RegExp(`["\\r\\n]|${SEPARATOR}`);

/**
 * One CSV cell (RFC 4180), defused per the OWASP CSV Injection guidance: a cell that a spreadsheet
 * could run as a formula — at its start, or after a separator of any locale — gets a leading `'` and
 * quotes; a cell holding a quote, line break or any locale's separator is quoted, so no separator
 * splits it.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const risky = FORMULA_START.test(text) || FORMULA_AFTER_SEPARATOR.test(text);
  const safe = risky ? `'${text}` : text;
  return risky || NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Audit rows as CSV text: a header line, then one line per row, CRLF line ends. */
export function auditCsv(rows: readonly Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null>[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(AUDIT_CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
