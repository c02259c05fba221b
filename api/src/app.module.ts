import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './auth/auth.module.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { RequestTimeoutInterceptor } from './common/request-timeout.interceptor.js';
import type { AppConfig } from './config/app-config.js';
import { CONFIG, redactUrl } from './config/config.js';
import { assertMigratedOnce, migrateAndSeed, servingLoginProblem } from './database/migrate.js';
import { APP_DB_ROLE } from './database/app-role.js';
import { servingDataSourceOptions } from './database/typeorm-options.js';
import { AdminModule } from './admin/admin.module.js';
import { AppointmentsModule } from './appointments/appointments.module.js';
import { DevModule } from './dev/dev.module.js';
import { MailDevModule, MailModule } from './mail/mail.module.js';
import { DoctorsModule } from './doctors/doctors.module.js';
import { HealthModule } from './health/health.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { UsersModule } from './users/users.module.js';
import { PatientsModule } from './patients/patients.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { MedicationsModule } from './medications/medications.module.js';
import { ProviderModule } from './provider/provider.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AccessLogModule } from './access/access-log.module.js';
import { RateLimitModule } from './throttling/rate-limit.module.js';
import { loggerParams } from './logging/logger-options.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ObjectStoreModule } from './storage/object-store.module.js';
import { JobsModule } from './jobs/jobs.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const configProvider = { provide: CONFIG, useValue: config };
    return {
      module: AppModule,
      global: true,
      imports: [
        LoggerModule.forRoot(loggerParams(config.logLevel, config.logDestination)),
        TypeOrmModule.forRootAsync({
          // Migrations (and the seed) first, as the owner, on their own connection, when this process
          // migrates on boot; then the pool serves as the app role (the API may
          // only INSERT and SELECT on audit_log — database/app-role.ts).
          useFactory: async () => {
            const ownerUrl = config.migrationDatabaseUrl ?? config.databaseUrl;
            if (config.migrateOnBoot) {
              await migrateAndSeed(ownerUrl, {
                seed: config.seedDemoData,
                auditRetentionMonths: config.auditRetentionMonths,
                apiUrl: config.databaseUrl,
                warn: (line) => new Logger('Database').warn(line),
              });
            } else await assertMigratedOnce(config.databaseUrl);
            // Still served as the app role, but SQL on a serving connection could leave it.
            const problem = await servingLoginProblem(config.databaseUrl);
            if (problem) {
              new Logger('Database').warn(
                `${problem}: give DATABASE_URL a login that is only a member of ${APP_DB_ROLE} and ` +
                  'MIGRATION_DATABASE_URL the owner (docs/operations.md)',
              );
            }
            return {
              ...servingDataSourceOptions(config.databaseUrl, config.dbPoolSize, config.dbStatementTimeoutMs),
              // A wrong DATABASE_URL should fail in seconds, not after TypeORM's default 9 × 3 s.
              retryAttempts: 2,
              retryDelay: 1000,
              toRetry: (err: unknown) => {
                new Logger('Database').warn(
                  `Cannot reach ${redactUrl(config.databaseUrl)}: ${err instanceof Error ? err.message : String(err)}`,
                );
                return true;
              },
            };
          },
        }),
        AuditModule,
        RateLimitModule,
        ObjectStoreModule,
        AuthModule,
        HealthModule,
        UsersModule,
        DoctorsModule,
        AppointmentsModule,
        NotificationsModule,
        AdminModule,
        PatientsModule,
        AccessLogModule,
        DocumentsModule,
        MedicationsModule,
        ProviderModule,
        // The job queue in Postgres (mail retries, dead letters, reminders).
        JobsModule.forRoot(config),
        MailModule,
        // Demo accounts and their sign-in route exist only in explicit local mode (MEDORA_LOCAL_MODE,
        // which the config allows only with the Auth emulator and never in production).
        ...(config.localMode ? [DevModule, MailDevModule] : []),
        ...(config.metrics ? [MetricsModule] : []),
      ],
      providers: [
        configProvider,
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: RequestTimeoutInterceptor },
      ],
      exports: [configProvider],
    };
  }
}
