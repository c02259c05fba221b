import { z } from 'zod';
import { querySchema } from './query-string.js';
import { pageCursorSchema } from './page-limit.js';
import { MESSAGES } from '@medora/shared/messages';
import type { ListPage } from '../list-page.js';

/** Most dead letters one page of `GET /api/admin/mail/failed` holds. */
export const FAILED_MAIL_MAX_LIMIT = 50;

/** `GET /api/admin/mail/failed?cursor=&limit=`: a keyset page, newest first. */
export const failedMailQuerySchema = querySchema({
  cursor: pageCursorSchema(MESSAGES.mailFailedCursorInvalid).optional(),
  limit: z
    .string(MESSAGES.mailFailedLimitInvalid)
    .regex(/^[0-9]{1,3}$/, MESSAGES.mailFailedLimitInvalid)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, MESSAGES.mailFailedLimitInvalid)
        .max(FAILED_MAIL_MAX_LIMIT, MESSAGES.mailFailedLimitInvalid),
    )
    .default(20),
});
export type FailedMailQuery = z.infer<typeof failedMailQuerySchema>;

/**
 * One mail job that used up its tries (a dead letter): what it was for, by ids only — never an
 * address or health data (the event carries none).
 */
export interface FailedMail {
  id: string;
  kind: string;
  audience: string;
  /** The appointment, or the doctor (application decisions) the mail was about. */
  appointmentId: string | null;
  doctorId: string | null;
  attempts: number;
  /** The last try's error message (e.g. the SMTP server's answer). */
  lastError: string | null;
  failedAt: string;
}

export type FailedMailPage = ListPage<FailedMail>;

/** `POST /api/admin/mail/failed/{id}/retry`: the new job that sends the mail again. */
export interface FailedMailRetry {
  jobId: string;
}

/** `POST /api/dev/clock` (local mode only): move the API's clock for the reminder sweep. */
export const devClockInputSchema = z
  .object({
    offsetMinutes: z
      .number(MESSAGES.devClockInvalid)
      .int(MESSAGES.devClockInvalid)
      .min(-525_600, MESSAGES.devClockInvalid)
      .max(525_600, MESSAGES.devClockInvalid),
  })
  .strict();
export type DevClockInput = z.infer<typeof devClockInputSchema>;

export interface DevClock {
  /** The API's "now" after the move (ISO). */
  now: string;
  offsetMinutes: number;
}

/** `POST /api/dev/reminders/sweep` (local mode only): reminders the sweep enqueued. */
export interface ReminderSweepResult {
  enqueued: number;
}
