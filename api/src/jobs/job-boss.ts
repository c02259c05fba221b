import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import { APP_ROLE_CONNECTION_OPTIONS } from '../database/app-role.js';
import { JOB_SCHEMA } from '../database/job-schema.js';

/**
 * The pg-boss instance of this process, on the application's database as the app role
 * (DML only: `installJobSchema` created the schema and queues as the owner, so `migrate: false`).
 * Started before the app serves; on shutdown it stops fetching jobs and lets the running ones finish
 * within SHUTDOWN_GRACE_MS (`drain`, called by main.ts beside the HTTP drain), before the database
 * pool closes.
 */
@Injectable()
export class JobBoss implements OnModuleInit, BeforeApplicationShutdown {
  readonly boss: PgBoss;
  private readonly logger = new Logger('Jobs');
  private stopping: Promise<void> | undefined;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {
    this.boss = new PgBoss({
      connectionString: config.databaseUrl,
      options: APP_ROLE_CONNECTION_OPTIONS,
      schema: JOB_SCHEMA,
      max: 2,
      migrate: false,
      createSchema: false,
      // Rebuilding indexes needs their owner; the owner's `npm run migrate` keeps the schema.
      reindex: false,
      instanceName: 'medora-api',
    });
    this.boss.on('error', (error: Error) => this.logger.error(`pg-boss: ${error.message}`));
  }

  async onModuleInit(): Promise<void> {
    if (!(await this.installed())) {
      throw new Error(
        `The job queue's schema (${JOB_SCHEMA}) is missing: run \`npm run migrate\` (or the migrate job) ` +
          'first, or start with MIGRATE_ON_BOOT=true',
      );
    }
    await this.boss.start();
  }

  private async installed(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const found = await client.query<{ t: string | null }>(
        `SELECT to_regclass('${JOB_SCHEMA}.version')::text AS t`,
      );
      return Boolean(found.rows[0]?.t);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Stops fetching, waits at most `graceMs` for the jobs running, then closes pg-boss's pool. */
  drain(graceMs: number): Promise<void> {
    this.stopping ??= this.boss.stop({ graceful: true, timeout: Math.max(graceMs, 1), close: true });
    return this.stopping;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain(this.config.shutdownGraceMs);
  }
}
