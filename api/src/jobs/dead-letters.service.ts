import { Injectable } from '@nestjs/common';
import { MESSAGES, type FailedMail, type FailedMailPage, type FailedMailQuery } from '@medora/shared';
import type { Caller } from '../auth/caller.js';
import { AuditService } from '../audit/audit.service.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { DeadLettersRepository, type DeadLetterRow } from './dead-letters.repository.js';
import { PgBossMailQueue } from './pg-boss-mail-queue.js';

const CURSOR_SCOPE = { list: 'mail-failed' };

/** The admin's view of the mail queue's dead letters, and sending one again. */
@Injectable()
export class DeadLettersService {
  constructor(
    private readonly deadLetters: DeadLettersRepository,
    private readonly queue: PgBossMailQueue,
    private readonly audit: AuditService,
  ) {}

  async page(query: FailedMailQuery): Promise<FailedMailPage> {
    const after = pageAfter(
      query.cursor,
      CURSOR_SCOPE,
      CURSOR_POSITIONS.timeAndId,
      MESSAGES.mailFailedCursorInvalid,
    );
    const rows = await this.deadLetters.page(after, query.limit + 1);
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    return {
      items: items.map(toFailedMail),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(CURSOR_SCOPE, { at: last.at, id: last.id }) : null,
    };
  }

  /**
   * Sends a dead letter again: a new mail job with the full tries, and the dead letter removed, in one
   * transaction (two admins clicking at once: the second finds nothing, 404). Audited.
   */
  async retry(caller: Caller, id: string): Promise<{ jobId: string }> {
    const jobId = await this.deadLetters.take(id, async (m, event) => {
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
    await this.audit.recordFor(caller, 'allowed', {
      action: 'mail.retry',
      resourceType: 'mail_job',
      resourceId: id,
    });
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
