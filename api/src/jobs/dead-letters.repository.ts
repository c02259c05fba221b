import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import { returnedRows } from '../common/sql-rows.js';
import { JOB_SCHEMA, MAIL_DEAD_QUEUE } from '../database/job-schema.js';
import type { MailEvent } from '../mail/mail.contract.js';

export interface DeadLetterRow {
  id: string;
  data: MailEvent;
  attempts: number | null;
  last_error: string | null;
  /** created_on to the microsecond, the keyset position. */
  at: string;
}

/**
 * The dead letters waiting in pg-boss's `mail.dead` queue, as the failed job copied them there: the
 * event (ids only), its tries and its last error. Nothing works that queue: a dead letter stays until
 * an admin sends it again or it expires (a year). pg-boss partitions `job` by queue name, so the list
 * reads only the dead-letter partition; its primary key (name, id) serves the retry.
 */
@Injectable()
export class DeadLettersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Newest first, after `after` when given; `limit` rows at most. */
  page(after: KeysetPosition | null, limit: number): Promise<DeadLetterRow[]> {
    return this.ds.query<DeadLetterRow[]>(
      `SELECT id, data, source_retry_count + 1 AS attempts, source_output ->> 'message' AS last_error,
              ${KEYSET_TIME_SQL('created_on')} AS at
         FROM ${JOB_SCHEMA}.job
        WHERE name = $1 AND state = 'created'
          AND ($2::timestamptz IS NULL OR (created_on, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_on DESC, id DESC
        LIMIT $4`,
      [MAIL_DEAD_QUEUE, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /**
   * In one transaction: removes dead letter `id` and hands its event to `requeue` with the
   * transaction's manager. Null when there is no such dead letter (sent again already, or expired);
   * two admins at once: the second waits on the row and then finds nothing.
   */
  take<T>(id: string, requeue: (m: EntityManager, event: MailEvent) => Promise<T>): Promise<T | null> {
    return this.ds.transaction(async (m) => {
      const rows = returnedRows<{ data: MailEvent }>(
        await m.query(
          `DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2 AND state = 'created' RETURNING data`,
          [MAIL_DEAD_QUEUE, id],
        ),
      );
      const event = rows[0]?.data;
      return event ? requeue(m, event) : null;
    });
  }
}
