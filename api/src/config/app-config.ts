import type { Agent } from 'node:http';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';

/**
 * The config of the app being built, with the resolved database URL (embedded or DATABASE_URL). It
 * lives with the config, not in app.module.ts, so services can inject it without importing the root
 * module (that import was the repo's only cycle: app.module ↔ auth/firebase-auth.service).
 */
export interface AppConfig extends Config {
  databaseUrl: string;
  /**
   * Agent for the API's own outbound HTTPS calls to Google (Firebase signing certificates, Auth REST),
   * e.g. through a corporate proxy. Code only, not an env setting; tests point it at a local server.
   */
  httpAgent?: Agent;
  /** Where the JSON log lines go (default: stdout). Code only, not an env setting; tests capture them. */
  logDestination?: DestinationStream;
  /**
   * What sends each mail job (a `MailDispatcher` of mail/mail.contract.ts, spelled out here
   * because config imports no module's internals). Code only, not an env setting: tests pass one
   * that records events and can fail like an SMTP outage.
   */
  mailDispatcher?: { dispatch(event: { kind: string }): Promise<'sent' | 'skipped'> };
}
