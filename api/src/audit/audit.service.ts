import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AUDIT_MAX_LIMIT, type AuditEntry, type AuditOutcome, type AuditQuery } from '@medora/shared';
import { leanQuery } from '../common/lean-query.js';
import {
  auditInsertSql,
  auditParams,
  withAuditInsert,
  withAuditPerSubjectInsert,
  type AuditRecord,
} from './audit.queries.js';

export type { AuditRecord } from './audit.queries.js';

const DEFAULT_LIMIT = 100;

/**
 * The audit log. `record` never throws into the request path: a failed insert is logged and the
 * request goes on (an outage of the log must not take reads of records down with it).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.ds.query(auditInsertSql(), auditParams(entry));
    } catch (error) {
      this.logger.error(
        `Cannot write audit row ${entry.action} ${entry.resourceType}/${entry.resourceId ?? '-'} (${entry.outcome}): ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }

  /**
   * Runs an audited read and writes its audit row in the same statement (`withAuditInsert`): one
   * round trip on hot read paths. If that statement fails, the row goes through `record` (which never
   * throws) and the read runs alone, so an audit outage still never takes the read down — and a failed
   * statement wrote nothing, so the row is never written twice.
   */
  async queryWithAudit<T>(entry: AuditRecord, sql: string, params: unknown[]): Promise<T[]> {
    try {
      return await leanQuery<T>(this.ds, withAuditInsert(sql, params.length), [
        ...params,
        ...auditParams(entry),
      ]);
    } catch {
      await this.record(entry);
      return leanQuery<T>(this.ds, sql, params);
    }
  }

  /**
   * `queryWithAudit` for a read that returns several subjects' data: one row per distinct non-null
   * `subject` of the result (`withAuditPerSubjectInsert`), `entry.resourceId` ignored. On failure the
   * read runs alone and the rows go through `record`, as in `queryWithAudit`.
   */
  async queryWithSubjectAudit<T extends Record<string, unknown>>(
    entry: Omit<AuditRecord, 'resourceId'>,
    query: {
      sql: string;
      params: unknown[];
      subject: string;
      orderBy: string;
      subjectOf: (row: T) => string | null;
    },
  ): Promise<T[]> {
    const row = { ...entry, resourceId: null };
    try {
      return await this.ds.query<T[]>(
        withAuditPerSubjectInsert(query.sql, query.params.length, query.subject, query.orderBy),
        [...query.params, ...auditParams(row)],
      );
    } catch {
      const rows = await this.ds.query<T[]>(
        `SELECT * FROM (${query.sql}) listed ORDER BY ${query.orderBy}`,
        query.params,
      );
      const subjects = new Set(rows.map(query.subjectOf).filter((s): s is string => s !== null));
      for (const resourceId of subjects) await this.record({ ...row, resourceId });
      return rows;
    }
  }

  /** Rows matching the filters, newest first, at most `limit` (≤ 500, default 100). */
  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.actorUid) add('actor_uid = ?', query.actorUid);
    if (query.resourceType) add('resource_type = ?', query.resourceType);
    if (query.resourceId) add('resource_id = ?', query.resourceId);
    if (query.action) add('action = ?', query.action);
    if (query.outcome) add('outcome = ?', query.outcome);
    if (query.from) add('created_at >= ?', query.from);
    if (query.to) add('created_at <= ?', query.to);
    params.push(Math.min(query.limit ?? DEFAULT_LIMIT, AUDIT_MAX_LIMIT));
    const rows = await this.ds.query<
      {
        id: string;
        actor_uid: string | null;
        actor_role: string | null;
        action: string;
        resource_type: string;
        resource_id: string | null;
        outcome: AuditOutcome;
        detail: string | null;
        created_at: Date;
      }[]
    >(
      `SELECT id, actor_uid, actor_role, action, resource_type, resource_id, outcome, detail, created_at
         FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      actorUid: r.actor_uid,
      actorRole: r.actor_role,
      action: r.action,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      outcome: r.outcome,
      detail: r.detail,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
