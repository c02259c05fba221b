// Plain module, no Nest: the bench's baseline server (scripts/lib/bench/baseline-server.ts)
// folds its audit row into the read exactly as the API does. AuditRepository runs these statements.
import type { AuditAction, AuditOutcome, AuditResourceType } from '@medora/shared';
import type { Caller } from '../auth/caller.js';

/** The resource a call reaches, as the audit log names it (typed: no free strings). */
export interface AuditTarget {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  detail?: string;
  /**
   * Whose data the call reached (the patient's uid), for the patient's "Who looked at my record".
   * AccessPolicy sets it to the owner it checked; reads outside the policy set it themselves.
   */
  subjectUid?: string;
}

/** What one audit row holds (`AuditService.record`, `AuditService.queryWithAudit`). */
export interface AuditRecord extends AuditTarget {
  actorUid: string | null;
  actorRole: string | null;
  outcome: AuditOutcome;
  clientIp?: string | null;
  userAgent?: string | null;
}

/** Who the row names as actor: the verified caller (with its IP and user agent), or nobody. */
export type AuditActor = Pick<Caller, 'uid' | 'role' | 'ip' | 'userAgent'>;

/** A user agent is the client's own text: kept, but never more than this. */
export const MAX_USER_AGENT = 512;

/** The one way to turn a caller and a target into a row: every audit row is built here. */
export function auditEntry(
  caller: AuditActor | null,
  outcome: AuditOutcome,
  target: AuditTarget,
): AuditRecord {
  return {
    actorUid: caller?.uid ?? null,
    actorRole: caller?.role ?? null,
    action: target.action,
    resourceType: target.resourceType,
    resourceId: target.resourceId,
    outcome,
    ...(target.detail ? { detail: target.detail } : {}),
    ...(target.subjectUid ? { subjectUid: target.subjectUid } : {}),
    clientIp: caller?.ip ?? null,
    userAgent: caller?.userAgent ?? null,
  };
}

const AUDIT_INSERT_COLUMNS =
  'actor_uid, actor_role, action, resource_type, resource_id, outcome, detail, client_ip, user_agent, subject_uid';
const AUDIT_COLUMN_COUNT = 10;
const RESOURCE_TYPE_COLUMN = AUDIT_INSERT_COLUMNS.split(', ').indexOf('resource_type');

/** The parameters of one audit row, in AUDIT_INSERT_COLUMNS order. */
export function auditParams(entry: AuditRecord): unknown[] {
  return [
    entry.actorUid,
    entry.actorRole,
    entry.action,
    entry.resourceType,
    entry.resourceId,
    entry.outcome,
    entry.detail ?? null,
    entry.clientIp ?? null,
    entry.userAgent ? entry.userAgent.slice(0, MAX_USER_AGENT) : null,
    entry.subjectUid ?? null,
  ];
}

/** The INSERT of one audit row whose parameters start at `$${first}`. */
export function auditInsertSql(first = 1): string {
  const values = Array.from({ length: AUDIT_COLUMN_COUNT }, (_, i) => `$${first + i}`).join(', ');
  return `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES (${values})`;
}

/**
 * The INSERT of many rows in one statement, whatever their number: one text[] parameter per column
 * (`auditManyParams`), unnested together — so auditing a list costs one statement, not one per row.
 */
export function auditInsertManySql(first = 1): string {
  const arrays = Array.from({ length: AUDIT_COLUMN_COUNT }, (_, i) => `$${first + i}::text[]`).join(', ');
  return `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) SELECT * FROM unnest(${arrays})`;
}

/** The parameters of `auditInsertManySql`: column-wise arrays of the rows' values. */
export function auditManyParams(entries: AuditRecord[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: AUDIT_COLUMN_COUNT }, () => []);
  for (const entry of entries) auditParams(entry).forEach((value, i) => columns[i]!.push(value));
  return columns;
}

/**
 * `sql` (a SELECT, optionally starting with WITH, using `$1…$paramCount`) with the audit row's INSERT
 * folded in as a data-modifying CTE: Postgres runs it exactly once even though the SELECT never reads
 * it, so an audited read costs one round trip instead of two. Append `auditParams(entry)` to the
 * read's parameters — or, with `many`, `auditManyParams(entries)` (any number of rows).
 */
export function withAuditInsert(sql: string, paramCount: number, many = false): string {
  const insert = many ? auditInsertManySql(paramCount + 1) : auditInsertSql(paramCount + 1);
  const cte = `audit_row AS (${insert})`;
  const leadingWith = /^\s*WITH\s+(RECURSIVE\s+)?/i.exec(sql);
  return leadingWith
    ? `WITH ${leadingWith[1] ?? ''}${cte}, ${sql.slice(leadingWith[0].length)}`
    : `WITH ${cte} ${sql.trimStart()}`;
}

/**
 * `sql` (a SELECT using `$1…$paramCount`) with one audit row per distinct non-null `subject` (an
 * expression over its result columns) folded in as a data-modifying CTE (a list read names
 * every patient whose data it returned, in the same statement, whatever their number). The rows come
 * back ordered by `orderBy` (over the same columns). Append `auditParams(entry)` with a null
 * resourceId: each row takes its subject.
 */
export function withAuditPerSubjectInsert(
  sql: string,
  paramCount: number,
  subject: string,
  orderBy: string,
): string {
  const values = AUDIT_INSERT_COLUMNS.split(', ').map((column, i) =>
    column === 'resource_id'
      ? `COALESCE($${paramCount + 1 + i}::text, s.subject)`
      : column === 'subject_uid'
        ? // A profile row's subject is a patient: whose data the list returned.
          `COALESCE($${paramCount + 1 + i}::text, CASE WHEN $${paramCount + 1 + RESOURCE_TYPE_COLUMN}::text = 'profile' THEN s.subject END)`
        : `$${paramCount + 1 + i}`,
  );
  return `WITH listed AS (${sql}),
    audit_rows AS (INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS})
      SELECT ${values.join(', ')} FROM (SELECT DISTINCT ${subject} AS subject FROM listed) s
       WHERE s.subject IS NOT NULL)
  SELECT * FROM listed ORDER BY ${orderBy}`;
}
