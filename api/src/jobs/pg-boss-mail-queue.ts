import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, JobInsert, JobResult } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import {
  MAIL_DISPATCHER,
  type MailDispatcher,
  type MailEvent,
  type MailQueue,
} from '../mail/mail.contract.js';
import { JobBoss } from './job-boss.js';
import { MAIL_DEAD_QUEUE, MAIL_QUEUE_NAME } from '../database/job-schema.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { managerExecutor } from './manager-executor.js';

/** Mails fetched and sent together; the SMTP pool (MailTransport) bounds the connections. */
export const MAIL_BATCH_SIZE = 20;

/**
 * pg-boss fetches higher priorities first: what a person just did (a booking, a cancellation, a
 * decision) is never queued behind a morning's reminders.
 */
export function mailPriority(event: MailEvent): number {
  return event.kind === 'appointment.reminder' ? 0 : 10;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `MailQueue` on pg-boss. One job per event in the `mail` queue; with a transaction's
 * manager the jobs are inserted in that transaction (they exist only if it commits). Each job is
 * tried MAIL_ATTEMPTS times with exponential backoff, then moved to `mail.dead`, where an admin sees
 * it (`GET /api/admin/mail/failed`) and can send it again. Enqueueing never fails the caller.
 */
@Injectable()
export class PgBossMailQueue implements MailQueue, OnApplicationBootstrap {
  private readonly logger = new Logger('MailQueue');

  constructor(
    private readonly jobs: JobBoss,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_DISPATCHER) private readonly dispatcher: MailDispatcher,
    // Bound only when METRICS_PORT is set.
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  /** The retry policy every mail job carries (a dead letter sent again gets it afresh). */
  jobOf(event: MailEvent): JobInsert<MailEvent> {
    const { mailAttempts, retryDelaySeconds, retryMaxDelaySeconds } = this.config.jobs;
    return {
      data: event,
      priority: mailPriority(event),
      retryLimit: mailAttempts - 1,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: retryMaxDelaySeconds,
      deadLetter: MAIL_DEAD_QUEUE,
    };
  }

  async enqueue(events: MailEvent[], manager?: EntityManager): Promise<void> {
    if (events.length === 0) return;
    const inTransaction = manager?.queryRunner?.isTransactionActive === true;
    try {
      if (!manager || !inTransaction) {
        await this.jobs.boss.insert(
          MAIL_QUEUE_NAME,
          events.map((event) => this.jobOf(event)),
        );
        return;
      }
      // A failed insert must not abort the caller's transaction (the booking commits; mail is late):
      // it is undone to this savepoint instead.
      await manager.query('SAVEPOINT mail_enqueue');
      try {
        await this.insertIn(manager, events);
        await manager.query('RELEASE SAVEPOINT mail_enqueue');
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT mail_enqueue');
        throw error;
      }
    } catch (error) {
      this.logger.error(
        `Could not enqueue ${events.map((e) => e.kind).join(', ')}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Inserts the events' jobs in the transaction of `manager` and rejects when that fails: for the
   * reminder sweep, whose record of a reminder must not commit without its job.
   */
  async insertIn(manager: EntityManager, events: MailEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    const ids = await this.jobs.boss.insert(
      MAIL_QUEUE_NAME,
      events.map((event) => this.jobOf(event)),
      { db: managerExecutor(manager), returnId: true },
    );
    return ids ?? [];
  }

  async onApplicationBootstrap(): Promise<void> {
    // A batch per fetch, sent side by side, and the next fetch at once while batches come back full:
    // a backlog drains at the SMTP server's pace, not one mail per poll. Each job keeps its own outcome
    // (retry or dead letter), so one refused address does not fail the rest of the batch.
    await this.jobs.boss.work<MailEvent>(
      MAIL_QUEUE_NAME,
      {
        pollingIntervalSeconds: this.config.jobs.pollSeconds,
        batchSize: MAIL_BATCH_SIZE,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await this.run(job);
              return { id: job.id, status: 'completed' };
            } catch (error) {
              return { id: job.id, status: 'failed', output: { message: messageOf(error) } };
            }
          }),
        ),
    );
  }

  /** Runs one job; a rejection is a failed try (pg-boss retries it, or dead-letters the last). */
  private async run(job: Job<MailEvent>): Promise<void> {
    try {
      await this.dispatcher.dispatch(job.data);
      this.metrics?.mailJob('completed');
    } catch (error) {
      const last = job.retryCount >= this.config.jobs.mailAttempts - 1;
      this.metrics?.mailJob(last ? 'dead_lettered' : 'failed');
      this.logger.warn(
        `Mail ${job.data.kind} (${job.data.audience}) try ${job.retryCount + 1} failed${last ? ', dead-lettered' : ''}: ${messageOf(error)}`,
      );
      throw error;
    }
  }
}
