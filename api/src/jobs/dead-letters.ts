import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES, type FailedMail, type FailedMailPage, type FailedMailQuery } from '@medora/shared';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/caller.js';
import { AuditService } from '../audit/audit.service.js';
import { ApiException } from '../common/http-exception.filter.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../common/keyset-cursor.js';
import { returnedRows } from '../common/sql-rows.js';
import type { MailEvent } from '../mail/mail-contract.js';
import { JOB_SCHEMA, MAIL_DEAD_QUEUE } from './job-schema.js';
import { PgBossMailQueue } from './pg-boss-mail-queue.js';

interface DeadLetterRow {
  id: string;
  data: MailEvent;
  attempts: number | null;
  last_error: string | null;
  at: string;
}

const CURSOR_SCOPE = { list: 'mail-failed' };

/**
 * The dead letters waiting in pg-boss's `mail.dead` queue, as the failed job copied them there: the
 * event (ids only), its tries and its last error. Nothing works that queue: a dead letter stays until
 * an admin sends it again or it expires (a year). `job` is partitioned by queue name, and its primary
 * key (name, id) serves the retry; the list reads only the dead-letter partition.
 */
@Injectable()
export class DeadLetters {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: PgBossMailQueue,
    private readonly audit: AuditService,
  ) {}

  async page(query: FailedMailQuery): Promise<FailedMailPage> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor, CURSOR_SCOPE) : null;
    if (query.cursor && !after) {
      throw new ApiException(400, MESSAGES.mailFailedCursorInvalid, { cursor: MESSAGES.mailFailedCursorInvalid });
    }
    const rows = await this.dataSource.query<DeadLetterRow[]>(
      `SELECT id, data, source_retry_count + 1 AS attempts, source_output ->> 'message' AS last_error,
              to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
         FROM ${JOB_SCHEMA}.job
        WHERE name = $1 AND state = 'created'
          AND ($2::timestamptz IS NULL OR (created_on, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_on DESC, id DESC
        LIMIT $4`,
      [MAIL_DEAD_QUEUE, after?.at ?? null, after?.id ?? null, query.limit + 1],
    );
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toFailedMail),
      nextCursor: rows.length > query.limit && last ? encodeKeysetCursor(last, CURSOR_SCOPE) : null,
    };
  }

  /**
   * Sends a dead letter again: a new mail job with the full tries, and the dead letter removed, in one
   * transaction (two admins clicking at once: the second finds nothing, 404). Audited.
   */
  async retry(caller: Caller, id: string): Promise<{ jobId: string }> {
    const jobId = await this.dataSource.transaction(async (m) => {
      const rows = returnedRows<{ data: MailEvent }>(
        await m.query(
          `DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2 AND state = 'created' RETURNING data`,
          [MAIL_DEAD_QUEUE, id],
        ),
      );
      const event = rows[0]?.data;
      if (!event) return null;
      const [created] = await this.queue.insertIn(m, [event]);
      return created ?? null;
    });
    if (!jobId) {
      await this.audit.recordFor(caller, 'denied', {
        action: 'mail.retry',
        resourceType: 'mail_job',
        resourceId: id,
        detail: 'not found',
      });
      throw new ApiException(404, MESSAGES.mailFailedNotFound);
    }
    await this.audit.recordFor(caller, 'allowed', { action: 'mail.retry', resourceType: 'mail_job', resourceId: id });
    return { jobId };
  }
}

function toFailedMail(row: DeadLetterRow): FailedMail {
  const event = row.data;
  return {
    id: row.id,
    kind: event.kind,
    audience: event.audience,
    appointmentId: 'appointmentId' in event ? event.appointmentId : null,
    doctorId: 'doctorId' in event ? event.doctorId : null,
    attempts: row.attempts ?? 1,
    lastError: row.last_error,
    failedAt: row.at,
  };
}
