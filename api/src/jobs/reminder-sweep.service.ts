import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_CLINIC_TIME_ZONE } from '@medora/shared';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { REMINDER_SWEEP_QUEUE } from '../database/job-schema.js';
import type { MailEvent } from '../mail/mail.contract.js';
import { AppClock } from './app-clock.js';
import { JobBoss } from './job-boss.js';
import { PgBossMailQueue } from './pg-boss-mail-queue.js';
import { ReminderRepository } from './reminder.repository.js';

/** Full batches one sweep runs before it leaves the rest to the next minute. */
const MAX_BATCHES = 20;

/**
 * The reminder sweep (docs/product.md#reminders). pg-boss runs it every minute (one job per minute for all
 * processes); the local mode's `POST /api/dev/reminders/sweep` runs it at once. Each batch records
 * its reminders and enqueues their `appointment.reminder` events in one transaction; then the same for
 * the medication reminders patients set (`medication.reminder`).
 */
@Injectable()
export class ReminderSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly reminders: ReminderRepository,
    private readonly queue: PgBossMailQueue,
    private readonly clock: AppClock,
    private readonly jobs: JobBoss,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const boss = this.jobs.boss;
    await boss.work(REMINDER_SWEEP_QUEUE, { pollingIntervalSeconds: this.config.jobs.pollSeconds }, () =>
      this.sweep().then(() => undefined),
    );
    await boss.schedule(REMINDER_SWEEP_QUEUE, '* * * * *');
  }

  /** Enqueues every reminder due now (by this process's clock); returns how many. */
  async sweep(): Promise<number> {
    const batch = this.config.jobs.sweepBatch;
    let total = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      // Not `enqueue`: a reminder recorded without its job would never be sent; this rolls back both.
      const found = await this.reminders.recordDue(this.clock.now(), batch, (m, due) =>
        this.queue.insertIn(
          m,
          due.map((r): MailEvent => ({
            kind: 'appointment.reminder',
            appointmentId: r.appointmentId,
            startsAt: r.startsAt.toISOString(),
            audience: 'patient',
          })),
        ),
      );
      total += found;
      if (found < batch) break;
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const found = await this.reminders.recordDueMedications(
        this.clock.now(),
        DEFAULT_CLINIC_TIME_ZONE,
        batch,
        (m, due) =>
          this.queue.insertIn(
            m,
            due.map((r): MailEvent => ({
              kind: 'medication.reminder',
              medicationId: r.medicationId,
              dueAt: r.dueAt.toISOString(),
              audience: 'patient',
            })),
          ),
      );
      total += found;
      if (found < batch) break;
    }
    if (total) this.logger.log(`Enqueued ${total} reminder(s)`);
    return total;
  }
}
