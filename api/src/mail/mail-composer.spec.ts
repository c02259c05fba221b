import { MAIL_LINK_PATHS, MESSAGES } from '@medora/shared';
import {
  composeAppointmentMail,
  composeApplicationMail,
  composeChangeRequestMail,
  escapeHtml,
  type AppointmentMailFacts,
} from './mail-composer.js';
import { icsSequence } from './mail.repository.js';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const FACTS: AppointmentMailFacts = {
  id: '6f1c1f1e-8a43-4a55-9d7e-0c5d3c1b2a10',
  startsAt: new Date('2026-12-04T10:00:00Z'),
  timeZone: 'Europe/Berlin',
  clinic: 'Spree <Clinic> & Partners',
  doctor: 'Dr. Anna "Ann" Weber',
  specialty: 'Cardiology',
  durationMinutes: 45,
  sequence: 0,
};
const LINKS = { appUrl: 'https://medora.example' };
const NOW = new Date('2026-11-25T00:00:00Z');

describe('composeAppointmentMail', () => {
  it('writes the clinic’s wall-clock time with the zone named, in both parts, and links into Medora', () => {
    const mail = composeAppointmentMail('appointment.booked', 'patient', 'p@x.example', FACTS, LINKS, NOW);
    expect(mail.subject).toBe('Booked: your appointment with Dr. Anna "Ann" Weber on Fri 4 Dec 2026');
    expect(mail.text).toContain('Fri 4 Dec 2026, 11:00 AM GMT+1 (Europe/Berlin)');
    expect(mail.text).toContain(`https://medora.example${MAIL_LINK_PATHS.patient}`);
    expect(mail.html).toContain('(Europe/Berlin)');
    expect(mail.text).toContain(MESSAGES.mailFooter);
  });

  it('escapes every catalogue value in the HTML part (names come from doctors’ own records)', () => {
    const mail = composeAppointmentMail('appointment.booked', 'doctor', 'd@x.example', FACTS, LINKS, NOW);
    expect(mail.html).toContain('Spree &lt;Clinic&gt; &amp; Partners');
    expect(mail.html).not.toContain('<Clinic>');
    expect(mail.text).toContain('Spree <Clinic> & Partners');
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;',
    );
  });

  it('attaches the calendar file to the patient’s mails only: PUBLISH with its SEQUENCE, no organizer, no notes', () => {
    const booked = composeAppointmentMail('appointment.booked', 'patient', 'p@x.example', FACTS, LINKS, NOW);
    const ics = booked.attachments[0]!;
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(ics.content).toContain('METHOD:PUBLISH\r\n');
    expect(ics.content).toContain('SEQUENCE:0\r\n');
    expect(ics.content).toContain('DTSTART:20261204T100000Z\r\n');
    expect(ics.content).toContain('DTEND:20261204T104500Z\r\n');
    // Nobody to reply to: a calendar app offers no Decline that would go nowhere.
    expect(ics.content).not.toMatch(/ORGANIZER|ATTENDEE/);
    expect(ics.content).not.toContain('DESCRIPTION');
    expect(booked.text).toContain(MESSAGES.mailCalendarNote);
    const cancelled = composeAppointmentMail(
      'appointment.cancelled',
      'patient',
      'p@x.example',
      { ...FACTS, sequence: 7 },
      LINKS,
      NOW,
    );
    expect(cancelled.attachments[0]!.content).toMatch(
      /METHOD:PUBLISH[\s\S]*SEQUENCE:7[\s\S]*STATUS:CANCELLED/,
    );
    // The words match the file: it marks the event cancelled, it does not add it.
    expect(cancelled.text).toContain(MESSAGES.mailCalendarCancelledNote);
    expect(cancelled.text).not.toContain(MESSAGES.mailCalendarNote);
    for (const kind of ['appointment.booked', 'appointment.cancelled'] as const) {
      expect(composeAppointmentMail(kind, 'doctor', 'd@x.example', FACTS, LINKS, NOW).attachments).toEqual(
        [],
      );
    }
  });

  it('names the old and the new time of a move', () => {
    const mail = composeAppointmentMail(
      'appointment.rescheduled',
      'doctor',
      'd@x.example',
      { ...FACTS, previousStartsAt: new Date('2026-12-03T08:00:00Z') },
      LINKS,
      NOW,
    );
    expect(mail.text).toContain(
      'has moved from Thu 3 Dec 2026, 9:00 AM GMT+1 (Europe/Berlin) to Fri 4 Dec 2026, 11:00 AM GMT+1 (Europe/Berlin)',
    );
  });

  it('gives a reminder the RFC 8058 headers and a visible link to the unsubscribe page', () => {
    const mail = composeAppointmentMail(
      'appointment.reminder',
      'patient',
      'p@x.example',
      FACTS,
      { ...LINKS, unsubscribeToken: 'abc.def' },
      NOW,
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://medora.example/api/mail/unsubscribe?token=abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('https://medora.example/unsubscribe?token=abc.def');
    expect(mail.html).toContain('href="https://medora.example/unsubscribe?token=abc.def"');
    expect(() =>
      composeAppointmentMail('appointment.reminder', 'patient', 'p@x.example', FACTS, LINKS),
    ).toThrow();
  });
});

describe('composeApplicationMail', () => {
  it('says approved, or rejected with the reason (one final stop)', () => {
    expect(composeApplicationMail('a@x.example', { decision: 'approved', reason: null }, LINKS).subject).toBe(
      MESSAGES.mailApprovedSubject,
    );
    const rejected = composeApplicationMail(
      'a@x.example',
      { decision: 'rejected', reason: 'Licence expired.' },
      LINKS,
    );
    expect(rejected.text).toContain('The reason: Licence expired.');
    expect(rejected.text).not.toContain('expired..');
  });

  it('says the approved doctor is bookable now only when they have weekly hours', () => {
    const withHours = composeApplicationMail(
      'a@x.example',
      { decision: 'approved', reason: null, hasHours: true },
      LINKS,
    );
    expect(withHours.text).toContain(MESSAGES.mailApprovedBody);
    const noHours = composeApplicationMail(
      'a@x.example',
      { decision: 'approved', reason: null, hasHours: false },
      LINKS,
    );
    expect(noHours.text).toContain(MESSAGES.mailApprovedBodyNoHours);
    expect(noHours.text).not.toContain(MESSAGES.mailApprovedBody);
  });
});

describe('composeChangeRequestMail', () => {
  it('names the fields (the specialty once, with its sub-specialties), never the values', () => {
    const approved = composeChangeRequestMail(
      'd@x.example',
      { decision: 'approved', reason: null, fields: ['subSpecialties', 'licenseNumber', 'specialty'] },
      LINKS,
    );
    expect(approved.subject).toBe(MESSAGES.mailChangeApprovedSubject);
    expect(approved.text).toContain('Your requested change of specialty and licence number was approved');
    expect(approved.text).toContain(`${LINKS.appUrl}${MAIL_LINK_PATHS.doctor}`);
    const rejected = composeChangeRequestMail(
      'd@x.example',
      { decision: 'rejected', reason: 'Not in the registry.', fields: ['licenseNumber'] },
      LINKS,
    );
    expect(rejected.subject).toBe(MESSAGES.mailChangeRejectedSubject);
    expect(rejected.text).toContain(
      'change of licence number was not approved. The reason: Not in the registry.',
    );
    expect(rejected.text).not.toContain('registry..');
  });
});

describe('icsSequence', () => {
  const booked = new Date('2026-11-01T10:00:00Z');
  it('is 0 when booked and grows with each change: a move, then a cancel', () => {
    expect(icsSequence({ booked_at: booked, rescheduled_at: null, cancelled_at: null })).toBe(0);
    const moved = icsSequence({
      booked_at: booked,
      rescheduled_at: new Date('2026-11-01T10:05:00Z'),
      cancelled_at: null,
    });
    expect(moved).toBe(300);
    const cancelled = icsSequence({
      booked_at: booked,
      rescheduled_at: new Date('2026-11-01T10:05:00Z'),
      cancelled_at: new Date('2026-11-01T10:05:00Z'),
    });
    expect(cancelled).toBeGreaterThan(moved);
  });
});

describe('unsubscribe tokens', () => {
  const SECRET = 'x'.repeat(40);
  it('verifies its own token until it expires, and nothing else', () => {
    const token = createUnsubscribeToken('uid-1', 'reminders', 0, SECRET, NOW);
    expect(verifyUnsubscribeToken(token, SECRET, NOW)).toMatchObject({
      ok: true,
      claims: { uid: 'uid-1', list: 'reminders' },
    });
    expect(verifyUnsubscribeToken(token, SECRET, new Date(NOW.getTime() + 61 * 86_400_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyUnsubscribeToken(token, 'y'.repeat(40), NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyUnsubscribeToken(`${token}.x`, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
