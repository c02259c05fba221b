import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AUDIT_MAX_LIMIT, type AuditEntry, type AuditOutcome, type AuditQuery } from '@medora/shared';
import { leanQuery } from '../common/lean-query.js';
import {
  auditInsertManySql,
  auditInsertSql,
  auditParams,
  withAuditInsert,
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

  /** Several rows in one statement (never throws, like `record`); nothing to do for none. */
  async recordMany(entries: AuditRecord[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.ds.query(auditInsertManySql(entries.length), entries.flatMap(auditParams));
    } catch (error) {
      this.logger.error(
        `Cannot write ${entries.length} audit rows ${entries[0]!.action} ${entries[0]!.resourceType}: ${
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
