import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { CONFIG } from '../config/config.js';
import {
  composeAppointmentMail,
  composeApplicationMail,
  composeChangeRequestMail,
  composeMedicationReminderMail,
  type ComposedMail,
  type MailLinks,
} from './mail-composer.js';
import type { MailDispatcher, MailEvent, MailOutcome } from './mail.contract.js';
import { MailRepository, type MailRecipient } from './mail.repository.js';
import { MailTransport } from './mail-transport.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';

/**
 * One event, one recipient, one mail. Reads the rows as they are now (a queued event
 * carries ids only), honours the recipient's preferences, composes and sends; a transport failure
 * rejects so that the queue retries.
 */
@Injectable()
export class MailDispatcherService implements MailDispatcher {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly mail: MailRepository,
    private readonly transport: MailTransport,
  ) {}

  async dispatch(event: MailEvent, now = new Date()): Promise<MailOutcome> {
    const composed = await this.compose(event, now);
    if (!composed) return 'skipped';
    await this.transport.send(composed);
    return 'sent';
  }

  private links(extra: Partial<MailLinks> = {}): MailLinks {
    return { appUrl: this.config.mail.appUrl, ...extra };
  }

  /** The mail the event causes now, or null when there is nothing to send. */
  async compose(event: MailEvent, now = new Date()): Promise<ComposedMail | null> {
    if (event.kind === 'application.decided') {
      const application = await this.mail.application(event.doctorId);
      // Re-opened (or decided otherwise) since: the mail would no longer be true.
      if (!application?.email || application.status !== event.decision) return null;
      return composeApplicationMail(
        application.email,
        { decision: event.decision, reason: application.reason, hasHours: application.hasHours },
        this.links(),
      );
    }
    if (event.kind === 'change-request.decided') {
      const request = await this.mail.changeRequest(event.requestId);
      if (!request?.email || request.status !== event.decision) return null;
      return composeChangeRequestMail(
        request.email,
        { decision: event.decision, reason: request.reason, fields: request.fields },
        this.links(),
      );
    }
    if (event.kind === 'medication.reminder') {
      const reminder = await this.mail.medicationReminder(event.medicationId);
      // Deleted, stopped or paused since, its reminder turned off, or the patient unsubscribed.
      if (!reminder?.holds || !reminder.patient.email || !reminder.patient.emailReminders) return null;
      const { uid, email, remindersVersion } = reminder.patient;
      return composeMedicationReminderMail(
        email,
        this.links({
          unsubscribeToken: createUnsubscribeToken(
            uid,
            'reminders',
            remindersVersion,
            this.config.mail.linkSecret,
            now,
          ),
        }),
      );
    }
    const row = await this.mail.appointment(event.appointmentId);
    if (!row) return null;
    const to: MailRecipient | null = event.audience === 'patient' ? row.patient : row.doctor;
    if (!to?.email) return null;
    const facts = { ...row.facts };
    switch (event.kind) {
      case 'appointment.reminder':
        if (!to.emailReminders || row.cancelled) return null;
        if (facts.startsAt.getTime() !== new Date(event.startsAt).getTime()) return null;
        return composeAppointmentMail(
          event.kind,
          'patient',
          to.email,
          facts,
          this.links({
            unsubscribeToken: createUnsubscribeToken(
              to.uid,
              'reminders',
              to.remindersVersion,
              this.config.mail.linkSecret,
              now,
            ),
          }),
          now,
        );
      case 'appointment.cancelled':
        if (!to.emailBookingConfirmations || !row.cancelled) return null;
        break;
      case 'appointment.booked':
        if (!to.emailBookingConfirmations || row.cancelled) return null;
        break;
      case 'appointment.rescheduled':
        if (!to.emailBookingConfirmations || row.cancelled) return null;
        facts.previousStartsAt = new Date(event.previousStartsAt);
        break;
    }
    return composeAppointmentMail(event.kind, event.audience, to.email, facts, this.links(), now);
  }
}
