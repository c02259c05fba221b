import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { MAIL_DISPATCHER, MAIL_QUEUE } from '../mail/mail.contract.js';
import { AppClock } from './app-clock.js';
import { AuditRetentionJob } from './audit-retention-job.service.js';
import { DeadLettersService } from './dead-letters.service.js';
import { DeadLettersRepository } from './dead-letters.repository.js';
import { JobBoss } from './job-boss.js';
import { JobsDevController } from './jobs-dev.controller.js';
import { MailAdminController } from './mail-admin.controller.js';
import { PgBossMailQueue } from './pg-boss-mail-queue.js';
import { MailDispatcherService } from '../mail/mail-dispatcher.service.js';
import { MailModule } from '../mail/mail.module.js';
import { ReminderRepository } from './reminder.repository.js';
import { ReminderSweep } from './reminder-sweep.service.js';

/**
 * Durable jobs in Postgres (pg-boss; docs/adr/0003-jobs-in-postgres.md) — the mail queue with retries and
 * dead letters, the reminder sweep, the audit retention, the admin's dead-letter routes and, in local mode only, the dev clock.
 * Exports MAIL_QUEUE for the producers (appointments, admin) and AppClock.
 */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [MailModule],
      controllers: [MailAdminController, ...(config.localMode ? [JobsDevController] : [])],
      providers: [
        JobBoss,
        AppClock,
        PgBossMailQueue,
        { provide: MAIL_QUEUE, useExisting: PgBossMailQueue },
        // The SMTP dispatcher of MailModule; a test may put its own in (AppConfig.mailDispatcher).
        config.mailDispatcher
          ? { provide: MAIL_DISPATCHER, useValue: config.mailDispatcher }
          : { provide: MAIL_DISPATCHER, useExisting: MailDispatcherService },
        ReminderRepository,
        ReminderSweep,
        AuditRetentionJob,
        DeadLettersRepository,
        DeadLettersService,
      ],
      exports: [MAIL_QUEUE, AppClock, JobBoss],
    };
  }
}
