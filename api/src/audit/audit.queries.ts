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

/** One INSERT of `entries.length` audit rows (issue 13: a list read names every subject it returned). */
export function auditInsertManySql(rows: number): string {
  const width = AUDIT_INSERT_COLUMNS.split(',').length;
  const values = Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, i) => `$${r * width + i + 1}`).join(', ')})`,
  );
  return `INSERT INTO audit_log (${AUDIT_INSERT_COLUMNS}) VALUES ${values.join(', ')}`;
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
