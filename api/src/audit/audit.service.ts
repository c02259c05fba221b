import { Injectable, Logger } from '@nestjs/common';
import { AUDIT_MAX_LIMIT, type AuditOutcome, type AuditPage, type AuditQuery } from '@medora/shared';
import { CURSOR_POSITIONS, encodeCursor, pageAfter, type CursorScope } from '../common/keyset-cursor.js';
import { AuditRepository } from './audit.repository.js';
import { auditEntry, type AuditActor, type AuditRecord, type AuditTarget } from './audit-record.js';

export { auditEntry, type AuditActor, type AuditRecord, type AuditTarget } from './audit-record.js';

const DEFAULT_LIMIT = 100;

/**
 * The audit log. `record` never throws into the request path: a failed insert is logged and the
 * request goes on (an outage of the log must not take reads of records down with it).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly repo: AuditRepository) {}

  /**
   * The audit helper: one row naming `caller` (uid, role, IP, user agent), the outcome and the target.
   * Routes pass the `Caller` the guard built; `null` only for a call without a verified caller.
   */
  recordFor(caller: AuditActor | null, outcome: AuditOutcome, target: AuditTarget): Promise<void> {
    return this.record(auditEntry(caller, outcome, target));
  }

  /** One row for each of `targets` (e.g. each subject of a list), in a single statement. */
  async recordManyFor(
    caller: AuditActor | null,
    outcome: AuditOutcome,
    targets: AuditTarget[],
  ): Promise<void> {
    if (targets.length === 0) return;
    await this.recordMany(targets.map((t) => auditEntry(caller, outcome, t)));
  }

  private async recordMany(entries: AuditRecord[]): Promise<void> {
    try {
      await this.repo.insertMany(entries);
    } catch (error) {
      this.logger.error(
        `Cannot write ${entries.length} audit rows ${entries[0]!.action} ${entries[0]!.resourceType}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }

  /** One prepared row (prefer `recordFor`, which builds it from the caller with its IP and user agent). */
  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.repo.insert(entry);
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
      return await this.repo.readWithAudit<T>(entry, sql, params);
    } catch {
      await this.record(entry);
      return this.repo.read<T>(sql, params);
    }
  }

  /**
   * `queryWithAudit` for a read that reaches many subjects: one row per entry (none: the read alone),
   * all folded into the read's statement, so the statement count never grows with the rows.
   */
  async queryWithAuditMany<T>(entries: AuditRecord[], sql: string, params: unknown[]): Promise<T[]> {
    if (entries.length === 0) return this.repo.read<T>(sql, params);
    try {
      return await this.repo.readWithAudit<T>(entries, sql, params);
    } catch {
      await this.recordMany(entries);
      return this.repo.read<T>(sql, params);
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
      return await this.repo.readWithSubjectAudit<T>(row, query);
    } catch {
      const rows = await this.repo.readOrdered<T>(query);
      const subjects = new Set(rows.map(query.subjectOf).filter((s): s is string => s !== null));
      for (const resourceId of subjects) {
        const subjectUid = row.subjectUid ?? (row.resourceType === 'profile' ? resourceId : undefined);
        await this.record({ ...row, resourceId, subjectUid });
      }
      return rows;
    }
  }

  /**
   * A page of the rows matching the filters (within the last 30 days unless from/to are given),
   * newest first, at most `limit` (≤ 200, default 100), after the page whose `nextCursor` is `cursor`.
   * Reading the log is itself audited ('audit.read', in the same statement): who looked at the trail
   * is part of it.
   */
  async list(caller: AuditActor, query: AuditQuery): Promise<AuditPage> {
    const scope = auditCursorScope(query);
    const after = pageAfter(query.cursor, scope, CURSOR_POSITIONS.id);
    const limit = Math.min(query.limit ?? DEFAULT_LIMIT, AUDIT_MAX_LIMIT);
    // `actor` may be a uid, a name or an e-mail: the accounts it names, first.
    const actorUids = query.actor ? await this.repo.actorUidsMatching(query.actor) : undefined;
    // One row more than the page: the sign of a next page.
    const { sql, params } = AuditRepository.listQuery(query, limit + 1, actorUids, after?.id ?? null);
    const rows = await this.queryWithAudit<Record<string, unknown>>(
      auditEntry(caller, 'allowed', {
        action: 'audit.read',
        resourceType: 'audit_log',
        resourceId: null,
        detail: auditFilterDetail(query),
      }),
      sql,
      params,
    );
    const entries = rows.slice(0, limit).map(AuditRepository.toLogRow);
    // Names beside the uids: one statement for the page, whatever its length.
    const names = await this.repo.actorNames([
      ...new Set(entries.flatMap((e) => (e.actorUid ? [e.actorUid] : []))),
    ]);
    const last = entries.at(-1);
    return {
      items: entries.map((row) => ({
        ...row,
        createdAt: new Date(row.createdAt).toISOString(),
        actorName: row.actorUid ? (names.get(row.actorUid) ?? null) : null,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(scope, { id: last.id }) : null,
    };
  }
}

/** The filters a page of the audit log was read with: its cursor continues those only. */
function auditCursorScope(query: AuditQuery): CursorScope {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return { list: 'audit', ...filters };
}

/** The filters of an audit read, for its own row (`actor=…&from=…`); none without filters. */
function auditFilterDetail(query: AuditQuery): string | undefined {
  const parts = Object.entries(query)
    .filter(([k, v]) => v !== undefined && k !== 'cursor')
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join('&').slice(0, 500) : undefined;
}
