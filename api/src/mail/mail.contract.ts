/**
 * The seam between what happens (a booking, a cancel, a decision, a reminder that is due)
 * and the e-mail it causes. Producers hand `MailEvent`s to the `MailQueue`; the queue runs each event
 * once through the `MailDispatcher`, which reads the current rows, composes the message for its one
 * recipient and sends it. An event carries ids only — never health data — so a queued job holds
 * nothing a mail must not say.
 */
import type { EntityManager } from 'typeorm';

/** One recipient per event: a retry never re-sends what another recipient already received. */
export type MailAudience = 'patient' | 'doctor' | 'applicant';

export type MailEvent =
  | { kind: 'appointment.booked'; appointmentId: string; audience: 'patient' | 'doctor' }
  | { kind: 'appointment.cancelled'; appointmentId: string; audience: 'patient' | 'doctor' }
  | {
      kind: 'appointment.rescheduled';
      appointmentId: string;
      /** ISO instant the appointment started at before the move. */
      previousStartsAt: string;
      audience: 'patient' | 'doctor';
    }
  | {
      kind: 'appointment.reminder';
      appointmentId: string;
      /** ISO instant the reminder is for: a moved or cancelled appointment no longer matches it. */
      startsAt: string;
      audience: 'patient';
    }
  | {
      /** A reminder the patient set on one of their medicines (My medicines); the mail names no drug. */
      kind: 'medication.reminder';
      medicationId: string;
      /** ISO instant the reminder was due: recorded once per medicine and instant. */
      dueAt: string;
      audience: 'patient';
    }
  | {
      kind: 'application.decided';
      doctorId: string;
      decision: 'approved' | 'rejected';
      audience: 'applicant';
    }
  | {
      /** An admin decided an approved doctor's profile change request. */
      kind: 'change-request.decided';
      requestId: string;
      doctorId: string;
      decision: 'approved' | 'rejected';
      audience: 'applicant';
    };

export type MailEventKind = MailEvent['kind'];

/** `sent`: the SMTP server accepted it; `skipped`: nothing to send (preference off, no longer true). */
export type MailOutcome = 'sent' | 'skipped';

/**
 * Composes and sends one event's mail. Rejects when the transport fails (the queue retries with
 * backoff); resolves `skipped` when the recipient opted out or the event no longer holds.
 */
export interface MailDispatcher {
  dispatch(event: MailEvent): Promise<MailOutcome>;
}
export const MAIL_DISPATCHER = 'MAIL_DISPATCHER';

/**
 * Where producers hand events. With `manager` the events are enqueued in that transaction (they exist
 * only if it commits); without, right away. Never throws for an SMTP problem: mail is late, never
 * the cause of a failed booking.
 */
export interface MailQueue {
  enqueue(events: MailEvent[], manager?: EntityManager): Promise<void>;
}
export const MAIL_QUEUE = 'MAIL_QUEUE';
