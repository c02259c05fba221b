/**
 * Which database errors mean "the database is unavailable" (a restart, a terminated connection, a full
 * pool) rather than "this statement is wrong", and which statements may safely run twice. Used by the
 * resilient pool (what to retry) and the HTTP error filter (503 instead of 500).
 */

/** Socket errors of a connection that could not be made or was dropped. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting us yet: 57P01 admin_shutdown (fast shutdown,
 * pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down),
 * 57P05 idle_session_timeout, 53300 too_many_connections. Class 08 is connection_exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/** The pool's own errors when every connection stays busy for connectionTimeoutMillis. */
export const POOL_EXHAUSTED = 'pool-exhausted';
const POOL_ENDED = 'pool-ended';

/** node-postgres and pg-pool raise these without a code. */
const DRIVER_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, 'connection-terminated'],
  [/^timeout expired$/, 'connect-timeout'],
  [/is not queryable$/, 'client-not-queryable'],
  [/^timeout exceeded when trying to connect$/, POOL_EXHAUSTED],
  [/^Cannot use a pool after calling end on the pool$/, POOL_ENDED],
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * A short label (a SQLSTATE, a socket code or a driver label) when `error` — or what it wraps: TypeORM's
 * `driverError`, a `cause`, the `errors` of an AggregateError — says the database is unavailable;
 * undefined for every other error. Labels never carry SQL or values, so they are safe to log.
 */
export function connectionFailure(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const e = error as ErrorLike;
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || SERVER_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) {
      return e.code;
    }
  }
  if (typeof e.message === 'string') {
    for (const [pattern, label] of DRIVER_MESSAGES) if (pattern.test(e.message)) return label;
  }
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const inner of nested) {
    const found = connectionFailure(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** SQLSTATE query_canceled: what the server raises when `statement_timeout` cancels a statement. */
export const STATEMENT_TIMEOUT = '57014';

/** `error` (or what it wraps, as in `connectionFailure`) is a statement cancelled by the server. */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const e = error as ErrorLike;
  if (e.code === STATEMENT_TIMEOUT) return true;
  return [e.driverError, e.cause].some((inner) => isStatementTimeout(inner, depth + 1));
}

/** The database is unavailable (answer 503), as opposed to a bug or a bad statement (500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return connectionFailure(error) !== undefined;
}

/**
 * A failed attempt to get a connection that is worth repeating: the server refused, dropped or is not
 * ready for us. Not a pool that stayed busy for its whole timeout (waiting again would pile requests
 * up) and not a pool that was closed.
 */
export function isTransientConnectFailure(error: unknown): boolean {
  const failure = connectionFailure(error);
  return failure !== undefined && failure !== POOL_EXHAUSTED && failure !== POOL_ENDED;
}

/** How a statement relates to transactions and to data, for deciding whether it may run again. */
export type StatementKind = 'begin' | 'txSetup' | 'end' | 'read' | 'write';

/**
 * Words that make a statement starting with SELECT/WITH/VALUES/TABLE/SHOW more than a read: a
 * data-modifying CTE, SELECT INTO, row locks, sequence and advisory-lock functions, notifications.
 * Deliberately broad: a read mistaken for a write is merely not retried.
 */
const SIDE_EFFECTS =
  /\b(insert|update|delete|merge|into|truncate|copy|call|lock|nextval|setval|pg_\w*lock\w*|pg_notify|pg_terminate_backend|pg_cancel_backend)\b/i;

const kinds = new Map<string, StatementKind>();

/**
 * Classifies one SQL statement by its first keyword (after comments and parentheses). Memoised by text
 * (the API sends the same statements again and again; bounded): the regular expressions scan the
 * whole text of every statement.
 */
export function statementKind(sql: string): StatementKind {
  let kind = kinds.get(sql);
  if (kind === undefined) {
    kind = classify(sql);
    if (kinds.size >= 2000) kinds.clear();
    kinds.set(sql, kind);
  }
  return kind;
}

function classify(sql: string): StatementKind {
  const text = sql.replace(/^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()*/, '');
  if (/^(BEGIN|START\s+TRANSACTION)\b/i.test(text)) return 'begin';
  if (/^SET\s+TRANSACTION\b/i.test(text)) return 'txSetup';
  if (/^(COMMIT|END|ABORT)\b/i.test(text)) return 'end';
  if (/^ROLLBACK\b/i.test(text) && !/^ROLLBACK\s+(TO|PREPARED)\b/i.test(text)) return 'end';
  if (/^(SELECT|WITH|VALUES|TABLE|SHOW)\b/i.test(text) && !SIDE_EFFECTS.test(text)) return 'read';
  return 'write';
}
