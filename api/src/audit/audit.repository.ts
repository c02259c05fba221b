import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  AUDIT_ACTOR_MATCHES,
  AUDIT_DEFAULT_WINDOW_DAYS,
  AUDIT_MAX_LIMIT,
  type AuditEntry,
  type AuditQuery,
} from '@medora/shared';
import { leanQuery } from '../common/lean-query.js';
import { containsPattern, literalPattern } from '../common/like-pattern.js';
import { pruneAuditLog } from './audit-retention.js';
import { camelizeRow } from '../common/sql-rows.js';
import { MAX_USER_AGENT, type AuditRecord } from './audit-record.js';

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

/** An audit_log row as the log's own read returns it (AuditEntry with the driver's timestamp). */
export type AuditLogRow = Omit<AuditEntry, 'createdAt' | 'actorName'> & { createdAt: Date };

/**
 * Every statement that touches audit_log, including the audited reads of other modules (their SQL
 * with the audit INSERT folded in by `withAuditInsert` and `withAuditPerSubjectInsert` below): one round trip on the hot read paths.
 * Errors propagate; AuditService decides what an audit failure means for the request.
 */
@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Applies the owner's retention policy (audit-retention.ts); returns how many rows went. */
  pruneByPolicy(): Promise<number> {
    return pruneAuditLog(this.ds);
  }

  async insert(entry: AuditRecord): Promise<void> {
    await this.ds.query(auditInsertSql(), auditParams(entry));
  }

  /** Any number of rows in one statement. */
  async insertMany(entries: AuditRecord[]): Promise<void> {
    await this.ds.query(auditInsertManySql(), auditManyParams(entries));
  }

  /** A read (`sql`, `params`) on the lean path, without an audit row (the fallback of the audited reads). */
  read<T>(sql: string, params: unknown[]): Promise<T[]> {
    return leanQuery<T>(this.ds, sql, params);
  }

  /** The read and its audit row (or rows, one per entry) in one statement, on the lean path. */
  readWithAudit<T>(entries: AuditRecord | AuditRecord[], sql: string, params: unknown[]): Promise<T[]> {
    return Array.isArray(entries)
      ? leanQuery<T>(this.ds, withAuditInsert(sql, params.length, true), [
          ...params,
          ...auditManyParams(entries),
        ])
      : leanQuery<T>(this.ds, withAuditInsert(sql, params.length), [...params, ...auditParams(entries)]);
  }

  /** The read with one audit row per distinct non-null `subject` of its result (`withAuditPerSubjectInsert`). */
  readWithSubjectAudit<T>(
    entry: AuditRecord,
    query: { sql: string; params: unknown[]; subject: string; orderBy: string },
  ): Promise<T[]> {
    return this.ds.query<T[]>(
      withAuditPerSubjectInsert(query.sql, query.params.length, query.subject, query.orderBy),
      [...query.params, ...auditParams(entry)],
    );
  }

  /** `readWithSubjectAudit`'s read alone, in the same order. */
  readOrdered<T>(query: { sql: string; params: unknown[]; orderBy: string }): Promise<T[]> {
    return this.ds.query<T[]>(`SELECT * FROM (${query.sql}) listed ORDER BY ${query.orderBy}`, query.params);
  }

  /**
   * The log's own read for `query` (each filter served by its index, within the last
   * AUDIT_DEFAULT_WINDOW_DAYS days unless from/to are given, keyset after the row `afterId`), at most
   * `limit` rows (capped at AUDIT_MAX_LIMIT and the one row that tells a next page exists).
   */
  static listQuery(
    query: AuditQuery,
    limit: number,
    actorUids?: string[],
    afterId: string | null = null,
  ): { sql: string; params: unknown[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    // `actorUids`: the accounts the admin's `actor` text named (AuditService resolves them first).
    // The first of action, outcome and resource type given leads the ORDER BY (it is one value, so
    // the order is the same) and is matched with `= ANY(ARRAY[…])`, which the planner does not fold
    // into a constant: only that filter's index then gives the order without a sort, and the planner
    // takes it instead of walking the time index past the newest rows of other kinds (at M,
    // `action=read` skipped thousands of the log's own 'audit.read' rows, 5.8 ms a request).
    const lead = query.action
      ? 'action'
      : query.outcome
        ? 'outcome'
        : query.resourceType
          ? 'resource_type'
          : null;
    const equals = (column: string) =>
      column === lead ? `${column} = ANY(ARRAY[?]::text[])` : `${column} = ?`;
    if (actorUids) add('actor_uid = ANY(?::text[])', actorUids);
    else if (query.actor) add('actor_uid = ?', query.actor);
    if (query.resourceType) add(equals('resource_type'), query.resourceType);
    if (query.resourceId) add('resource_id = ?', query.resourceId);
    if (query.action) add(equals('action'), query.action);
    if (query.outcome) add(equals('outcome'), query.outcome);
    if (query.from) add('created_at >= ?', query.from);
    if (query.to) add('created_at <= ?', query.to);
    if (!query.from && !query.to) {
      add('created_at >= now() - make_interval(days => ?::int)', AUDIT_DEFAULT_WINDOW_DAYS);
    }
    // The page after the row `afterId` (same order as the list: newest first).
    if (afterId) add(AuditRepository.afterSql('?'), afterId);
    params.push(Math.min(limit, AUDIT_MAX_LIMIT + 1));
    return { sql: AuditRepository.listSql(where, params.length, lead), params };
  }

  /**
   * The log's own read: rows matching `where` (conditions over the parameters, the last parameter,
   * `$${limitParam}`, being the limit), newest first. `lead`: a column the conditions fix to one value,
   * put first in the ORDER BY (see listQuery). AuditService runs it audited.
   */
  static listSql(
    where: string[],
    limitParam: number,
    lead: 'action' | 'outcome' | 'resource_type' | null = null,
  ): string {
    return `SELECT id, actor_uid, actor_role, action, resource_type, resource_id, outcome, detail, client_ip,
              user_agent, created_at
         FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY ${lead ? `${lead}, ` : ''}created_at DESC, id DESC LIMIT $${limitParam}`;
  }

  /** `listSql`'s condition for the rows after the row `param` names, in the list's order. */
  static afterSql(param: string): string {
    return `(created_at, id) < (SELECT b.created_at, b.id FROM audit_log b WHERE b.id = ${param}::uuid)`;
  }

  /**
   * The accounts an admin's actor filter names: the text as a uid, an account with that e-mail (any
   * case; the literal through the e-mail's trigram index) or one whose name contains it. At most
   * AUDIT_ACTOR_MATCHES uids; the typed text itself is always one of them (a deleted account's uid).
   */
  async actorUidsMatching(text: string): Promise<string[]> {
    const rows = await this.ds.query<{ uid: string }[]>(
      `SELECT firebase_uid AS uid FROM users
        WHERE email ILIKE $1 OR name ILIKE $2
        ORDER BY firebase_uid LIMIT ${AUDIT_ACTOR_MATCHES}`,
      [literalPattern(text), containsPattern(text)],
    );
    return [...new Set([text, ...rows.map((r) => r.uid)])];
  }

  /** The name (else the e-mail) of each account among `uids` that has one, for the audit screen. */
  async actorNames(uids: string[]): Promise<Map<string, string>> {
    if (uids.length === 0) return new Map();
    const rows = await this.ds.query<{ uid: string; name: string }[]>(
      `SELECT firebase_uid AS uid, COALESCE(NULLIF(name, ''), email) AS name FROM users
        WHERE firebase_uid = ANY($1::text[]) AND COALESCE(NULLIF(name, ''), email) IS NOT NULL`,
      [uids],
    );
    return new Map(rows.map((r) => [r.uid, r.name]));
  }

  /** A raw audit_log row (snake_case) as an AuditLogRow. */
  static toLogRow(row: Record<string, unknown>): AuditLogRow {
    return camelizeRow<AuditLogRow>(row);
  }
}
