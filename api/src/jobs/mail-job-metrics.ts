/** Outcomes of one try of a mail job (issue 19 §2), counted when metrics are on. */
export type MailJobOutcome = 'completed' | 'failed' | 'dead_lettered';

export interface MailJobMetrics {
  mailJob(outcome: MailJobOutcome): void;
}

/** Injection token; bound only when METRICS_PORT is set (MetricsModule). */
export const MAIL_JOB_METRICS = Symbol('MAIL_JOB_METRICS');
