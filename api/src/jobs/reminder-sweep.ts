import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES, REMINDER_LEAD_HOURS } from '@medora/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { activeAppointmentSql, openAppointmentSql } from '../common/sql-rules.js';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import type { MailEvent } from '../mail/mail-contract.js';
import { AppClock } from './app-clock.js';
import { JobBoss } from './job-boss.js';
import { REMINDER_SWEEP_QUEUE } from './job-schema.js';
import { PgBossMailQueue } from './pg-boss-mail-queue.js';

/** The longest lead a patient can choose: no reminder is due for a start later than now + this. */
const MAX_LEAD_HOURS = Math.max(...REMINDER_LEAD_HOURS);
/** Full batches one sweep runs before it leaves the rest to the next minute. */
const MAX_BATCHES = 20;

/**
 * Records the reminders due at `now` (at most `batch`) and returns them. Due: an open appointment
 * that starts after `now` and within the patient's lead (user_preferences, else the shared default),
 * reminders on, and none recorded yet for this start. The range on `starts_at` (now, now + the
 * longest lead] is what `idx_appointments_starts_active` serves: the cost follows the appointments in
 * the next two days, not the table. ON CONFLICT: a sweep running at the same moment in another
 * process waits for ours at the key and then records nothing, so each reminder is enqueued once.
 */
const RECORD_DUE_SQL = `
  WITH due AS (
    SELECT a.id, a.starts_at
      FROM appointments a
      JOIN users u ON u.firebase_uid = a.patient_uid
      LEFT JOIN user_preferences p ON p.user_id = u.id
     WHERE ${activeAppointmentSql('a')} AND ${openAppointmentSql('a')}
       AND a.starts_at > $1 AND a.starts_at <= $1 + make_interval(hours => ${MAX_LEAD_HOURS})
       AND a.starts_at - make_interval(hours => COALESCE(p.reminder_lead_hours, $2)) <= $1
       AND COALESCE(p.email_reminders, $3)
       AND NOT EXISTS (
         SELECT 1 FROM appointment_reminders r WHERE r.appointment_id = a.id AND r.starts_at = a.starts_at)
     ORDER BY a.starts_at
     LIMIT $4
  )
  INSERT INTO appointment_reminders (appointment_id, starts_at, enqueued_at)
  SELECT id, starts_at, $1 FROM due
  ON CONFLICT DO NOTHING
  RETURNING appointment_id, starts_at`;

/**
 * Issue 19 §2: the reminder sweep. pg-boss runs it every minute (one job per minute for all
 * processes); the local mode's `POST /api/dev/reminders/sweep` runs it at once. Each batch records
 * its reminders and enqueues their `appointment.reminder` events in one transaction.
 */
@Injectable()
export class ReminderSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('Reminders');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const found = await this.dataSource.transaction((m) => this.recordBatch(m, batch));
      total += found;
      if (found < batch) break;
    }
    if (total) this.logger.log(`Enqueued ${total} reminder(s)`);
    return total;
  }

  private async recordBatch(m: EntityManager, batch: number): Promise<number> {
    const now = this.clock.now();
    const rows = await m.query<{ appointment_id: string; starts_at: Date }[]>(RECORD_DUE_SQL, [
      now,
      DEFAULT_NOTIFICATION_PREFERENCES.reminderLeadHours,
      DEFAULT_NOTIFICATION_PREFERENCES.emailReminders,
      batch,
    ]);
    const events: MailEvent[] = rows.map((r) => ({
      kind: 'appointment.reminder',
      appointmentId: r.appointment_id,
      startsAt: new Date(r.starts_at).toISOString(),
      audience: 'patient',
    }));
    // Not `enqueue`: a reminder recorded without its job would never be sent; this rolls back both.
    await this.queue.insertIn(m, events);
    return rows.length;
  }
}
