import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AuditRepository } from '../audit/audit.repository.js';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { AUDIT_RETENTION_QUEUE, AUDIT_RETENTION_SCHEDULE } from '../database/job-schema.js';
import { JobBoss } from './job-boss.js';

/**
 * The audit log's retention as a scheduled job (docs/product.md#audit-trail): pg-boss runs it once a day
 * for all processes; it applies the owner's policy through `prune_audit_log` on the serving connection,
 * which has no right to delete audit rows itself (migration AuditRetentionJob).
 */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly jobs: JobBoss,
    private readonly audit: AuditRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const boss = this.jobs.boss;
    await boss.work(AUDIT_RETENTION_QUEUE, { pollingIntervalSeconds: this.config.jobs.pollSeconds }, () =>
      this.run().then(() => undefined),
    );
    await boss.schedule(AUDIT_RETENTION_QUEUE, AUDIT_RETENTION_SCHEDULE);
  }

  /** Deletes what the policy says is too old; returns how many rows went. */
  async run(): Promise<number> {
    const gone = await this.audit.pruneByPolicy();
    if (gone) this.logger.log(`Retention: deleted ${gone} audit rows`);
    return gone;
  }
}
