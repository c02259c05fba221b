import {
  MAIL_LINK_PATHS,
  formatDateTime,
  changeRequestFieldNames,
  formatMessage,
  withoutFinalStop,
  type MessageKey,
} from '@medora/shared';
import { buildAppointmentIcs } from '../appointments/appointment-ics.contract.js';
import type { MailEvent } from './mail.contract.js';

/**
 * What an appointment mail may say (minimal on health data). The type holds no notes,
 * symptoms, conditions or summary, so the composer cannot put them in a mail.
 */
export interface AppointmentMailFacts {
  id: string;
  startsAt: Date;
  /** The start before a move (reschedule mails only). */
  previousStartsAt?: Date;
  /** IANA name of the clinic's zone; mails write the time on its wall clock and name it. */
  timeZone: string;
  clinic: string;
  doctor: string;
  specialty: string;
  durationMinutes: number;
  /** SEQUENCE of the calendar file: higher after each change (see MailRepository). */
  sequence: number;
}

export interface ApplicationMailFacts {
  decision: 'approved' | 'rejected';
  reason: string | null;
  /** Whether the doctor has weekly hours: without them an approved doctor is not listed yet. */
  hasHours?: boolean;
}

/** What a change request's mail may say: the decision, the admin's reason, which fields (no values). */
export interface ChangeRequestMailFacts {
  decision: 'approved' | 'rejected';
  reason: string | null;
  fields: string[];
}

export interface MailLinks {
  /** The shell's origin (PUBLIC_APP_URL), without a final slash. */
  appUrl: string;
  /** A reminder's unsubscribe token (required for reminders). */
  unsubscribeToken?: string;
}

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: string; contentType: string }[];
}

/** HTML text and attribute values: the five characters that could end an element or attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type AppointmentKind = Exclude<
  MailEvent['kind'],
  'application.decided' | 'change-request.decided' | 'medication.reminder'
>;

/**
 * What the patient's calendar file does. Every file is METHOD:PUBLISH (RFC 5546 §3.2.1) with the same
 * UID and a growing SEQUENCE, so a calendar adds, moves or marks the one event cancelled; there is no
 * organizer to answer, so a calendar app offers no "Decline" that would reach no one.
 */
type CalendarChange = 'added' | 'updated' | 'cancelled';

const CALENDAR_NOTES: Record<CalendarChange, MessageKey> = {
  added: 'mailCalendarNote',
  updated: 'mailCalendarUpdatedNote',
  cancelled: 'mailCalendarCancelledNote',
};

/** Subject and body of each appointment mail, per audience (the catalogue's texts). */
const APPOINTMENT_TEXTS: Record<
  AppointmentKind,
  Partial<Record<'patient' | 'doctor', { subject: MessageKey; body: MessageKey; ics?: CalendarChange }>>
> = {
  'appointment.booked': {
    patient: { subject: 'mailPatientBookedSubject', body: 'mailPatientBookedBody', ics: 'added' },
    doctor: { subject: 'mailDoctorBookedSubject', body: 'mailDoctorBookedBody' },
  },
  'appointment.cancelled': {
    patient: { subject: 'mailPatientCancelledSubject', body: 'mailPatientCancelledBody', ics: 'cancelled' },
    doctor: { subject: 'mailDoctorCancelledSubject', body: 'mailDoctorCancelledBody' },
  },
  'appointment.rescheduled': {
    patient: {
      subject: 'mailPatientRescheduledSubject',
      body: 'mailPatientRescheduledBody',
      ics: 'updated',
    },
    doctor: { subject: 'mailDoctorRescheduledSubject', body: 'mailDoctorRescheduledBody' },
  },
  'appointment.reminder': {
    patient: { subject: 'mailReminderSubject', body: 'mailReminderBody' },
  },
};

/** 'Fri 27 Nov 2026, 11:30 AM CET (Europe/Berlin)': the clinic's wall clock, its zone named. */
function when(instant: Date, timeZone: string): string {
  return formatMessage('mailWhen', { time: formatDateTime(instant, timeZone), timeZone });
}

/** One paragraph in both parts, a link, the optional unsubscribe line and the footer. */
function render(
  to: string,
  subject: string,
  paragraphs: string[],
  link: string,
  unsubscribeUrl: string | undefined,
): Pick<ComposedMail, 'to' | 'subject' | 'text' | 'html'> {
  const text = [
    ...paragraphs,
    formatMessage('mailOpenMedoraText', { url: link }),
    ...(unsubscribeUrl ? [formatMessage('mailUnsubscribeText', { url: unsubscribeUrl })] : []),
    formatMessage('mailFooter'),
  ].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}" target="_blank" rel="noopener">${escapeHtml(formatMessage('mailOpenMedora'))}</a></p>`,
    ...(unsubscribeUrl
      ? [
          `<p><a href="${escapeHtml(unsubscribeUrl)}" target="_blank" rel="noopener">${escapeHtml(formatMessage('mailUnsubscribeLink'))}</a></p>`,
        ]
      : []),
    `<p><small>${escapeHtml(formatMessage('mailFooter'))}</small></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/**
 * The mail of an appointment event for its one recipient: subject and both parts from the catalogue,
 * the clinic's time with its zone named, a link into Medora; the patient's booking, reschedule and
 * cancellation carry the calendar file (REQUEST or CANCEL, same UID, growing SEQUENCE), a reminder the
 * RFC 8058 one-click unsubscribe headers and a visible unsubscribe link.
 */
export function composeAppointmentMail(
  kind: AppointmentKind,
  audience: 'patient' | 'doctor',
  to: string,
  facts: AppointmentMailFacts,
  links: MailLinks,
  now = new Date(),
): ComposedMail {
  const texts = APPOINTMENT_TEXTS[kind][audience];
  if (!texts) throw new Error(`No ${audience} mail for ${kind}`);
  const values = {
    doctor: facts.doctor,
    clinic: facts.clinic,
    when: when(facts.startsAt, facts.timeZone),
    date: formatDateTime(facts.startsAt, facts.timeZone, { show: 'date' }),
    previous: facts.previousStartsAt ? when(facts.previousStartsAt, facts.timeZone) : '',
  };
  const subject = formatMessage(texts.subject, values);
  const paragraphs = [formatMessage(texts.body, values)];
  if (texts.ics) paragraphs.push(formatMessage(CALENDAR_NOTES[texts.ics]));
  const link = `${links.appUrl}${MAIL_LINK_PATHS[audience]}`;
  const headers: Record<string, string> = {};
  let unsubscribeUrl: string | undefined;
  if (kind === 'appointment.reminder') {
    if (!links.unsubscribeToken) throw new Error('A reminder needs an unsubscribe token');
    const token = encodeURIComponent(links.unsubscribeToken);
    unsubscribeUrl = `${links.appUrl}${MAIL_LINK_PATHS.unsubscribe}?token=${token}`;
    // RFC 8058: the POST to this URI unsubscribes without a login; the visible link opens a page.
    headers['List-Unsubscribe'] = `<${links.appUrl}/api/mail/unsubscribe?token=${token}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const attachments = texts.ics
    ? [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: buildAppointmentIcs(
            {
              id: facts.id,
              startsAt: facts.startsAt.toISOString(),
              doctor: facts.doctor,
              specialty: facts.specialty,
              clinic: facts.clinic,
              // Never the patient's note in a mail (minimal on health data).
              notes: '',
              status: texts.ics === 'cancelled' ? 'Cancelled' : 'Scheduled',
            },
            {
              durationMinutes: facts.durationMinutes,
              now,
              sequence: facts.sequence,
            },
          ),
        },
      ]
    : [];
  return { ...render(to, subject, paragraphs, link, unsubscribeUrl), headers, attachments };
}

/**
 * A medication reminder: PHI-minimal (no drug name, dose or reason, only that there is a reminder), a
 * link into Medora, and the reminders list's one-click unsubscribe like an appointment reminder.
 */
export function composeMedicationReminderMail(to: string, links: MailLinks): ComposedMail {
  if (!links.unsubscribeToken) throw new Error('A reminder needs an unsubscribe token');
  const token = encodeURIComponent(links.unsubscribeToken);
  const unsubscribeUrl = `${links.appUrl}${MAIL_LINK_PATHS.unsubscribe}?token=${token}`;
  const headers = {
    'List-Unsubscribe': `<${links.appUrl}/api/mail/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const subject = formatMessage('medicationReminderMailSubject');
  const body = formatMessage('medicationReminderMailText');
  const link = `${links.appUrl}${MAIL_LINK_PATHS.patient}`;
  return { ...render(to, subject, [body], link, unsubscribeUrl), headers, attachments: [] };
}

/** The applicant's mail of an application decision: approved, or rejected with the reviewer's reason. */
export function composeApplicationMail(
  to: string,
  facts: ApplicationMailFacts,
  links: MailLinks,
): ComposedMail {
  const approved = facts.decision === 'approved';
  const subject = formatMessage(approved ? 'mailApprovedSubject' : 'mailRejectedSubject');
  const body = approved
    ? formatMessage(facts.hasHours === false ? 'mailApprovedBodyNoHours' : 'mailApprovedBody')
    : formatMessage('mailRejectedBody', { reason: withoutFinalStop(facts.reason ?? '') });
  const link = `${links.appUrl}${approved ? MAIL_LINK_PATHS.doctor : MAIL_LINK_PATHS.applicant}`;
  return { ...render(to, subject, [body], link, undefined), headers: {}, attachments: [] };
}

/** The doctor's mail of a decided profile change request: which fields, and the reason of a rejection. */
export function composeChangeRequestMail(
  to: string,
  facts: ChangeRequestMailFacts,
  links: MailLinks,
): ComposedMail {
  const approved = facts.decision === 'approved';
  const fields = changeRequestFieldNames(facts.fields);
  const subject = formatMessage(approved ? 'mailChangeApprovedSubject' : 'mailChangeRejectedSubject');
  const body = approved
    ? formatMessage('mailChangeApprovedBody', { fields })
    : formatMessage('mailChangeRejectedBody', { fields, reason: withoutFinalStop(facts.reason ?? '') });
  const link = `${links.appUrl}${MAIL_LINK_PATHS.doctor}`;
  return { ...render(to, subject, [body], link, undefined), headers: {}, attachments: [] };
}
