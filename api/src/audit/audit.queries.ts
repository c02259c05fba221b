import type { AuditOutcome } from '@medora/shared';

/** What one audit row holds (`AuditService.record`, `AuditService.queryWithAudit`). */
export interface AuditRecord {
  actorUid: string | null;
  actorRole: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  outcome: AuditOutcome;
  detail?: string;
}

const AUDIT_INSERT_COLUMNS = 'actor_uid, actor_role, action, resource_type, resource_id, outcome, detail';

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
  ];
}

/** The INSERT of one audit row whose parameters start at `$${first}`. */
export function auditInsertSql(first = 1): string {
  const values = Array.from({ length: 7 }, (_, i) => `$${first + i}`).join(', ');
  return `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES (${values})`;
}

/**
 * `sql` (a SELECT, optionally starting with WITH, using `$1…$paramCount`) with the audit row's INSERT
 * folded in as a data-modifying CTE: Postgres runs it exactly once even though the SELECT never reads
 * it, so an audited read costs one round trip instead of two. Append `auditParams(entry)` to the
 * read's parameters.
 */
export function withAuditInsert(sql: string, paramCount: number): string {
  const cte = `audit_row AS (${auditInsertSql(paramCount + 1)})`;
  const leadingWith = /^\s*WITH\s+(RECURSIVE\s+)?/i.exec(sql);
  return leadingWith
    ? `WITH ${leadingWith[1] ?? ''}${cte}, ${sql.slice(leadingWith[0].length)}`
    : `WITH ${cte} ${sql.trimStart()}`;
}

/**
 * `sql` (a SELECT using `$1…$paramCount`) with one audit row per distinct non-null `subject` (an
 * expression over its result columns) folded in as a data-modifying CTE (issue 13: a list read names
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
    column === 'resource_id' ? `COALESCE($${paramCount + 1 + i}::text, s.subject)` : `$${paramCount + 1 + i}`,
  );
  return `WITH listed AS (${sql}),
    audit_rows AS (INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS})
      SELECT ${values.join(', ')} FROM (SELECT DISTINCT ${subject} AS subject FROM listed) s
       WHERE s.subject IS NOT NULL)
  SELECT * FROM listed ORDER BY ${orderBy}`;
}
