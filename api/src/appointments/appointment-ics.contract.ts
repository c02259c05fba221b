import type { Appointment } from '@medora/shared';

/** Length of a consultation in the calendar file when the doctor's record names none. */
export const DEFAULT_CONSULTATION_MINUTES = 30;

/** doctors.consultation_duration when it is a sane length (5 to 480 minutes), else the default. */
export function consultationLength(raw: unknown): number {
  const minutes = Number(raw);
  return raw !== null && Number.isInteger(minutes) && minutes >= 5 && minutes <= 480
    ? minutes
    : DEFAULT_CONSULTATION_MINUTES;
}

/** `20260105T143000Z`: an instant in iCalendar's UTC form. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; every line break (CRLF, a bare CR or
 * LF) becomes `\n`; other control characters (§3.1 allows none in a value) are removed. So a clinic
 * name or a note can never start a calendar line of its own.
 */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8
 * sequence; a continuation line holds 74 octets after its space.
 */
function fold(line: string): string {
  const out: string[] = [];
  let rest = Buffer.from(line, 'utf8');
  while (rest.length > 75) {
    let cut = out.length === 0 ? 75 : 74;
    // Never split a UTF-8 sequence: step back over continuation bytes.
    while (cut > 0 && (rest[cut]! & 0xc0) === 0x80) cut--;
    out.push(rest.subarray(0, cut).toString('utf8'));
    rest = rest.subarray(cut);
  }
  out.push(rest.toString('utf8'));
  return out.join('\r\n ');
}

export interface IcsOptions {
  durationMinutes?: number;
  now?: Date;
  /** RFC 5545 SEQUENCE: a client applies an update or cancel only when it is higher than what it has. */
  sequence?: number;
}

/**
 * One VEVENT for an appointment: UTC start and end, summary with the doctor, location the clinic.
 * METHOD:PUBLISH (RFC 5546 §3.2.1): the file informs, it invites no one, so there is no organizer a
 * calendar app would send a reply to; a later file with the same UID and a higher SEQUENCE moves or
 * cancels (STATUS:CANCELLED) the same event.
 */
export function buildAppointmentIcs(
  appointment: Pick<Appointment, 'id' | 'startsAt' | 'doctor' | 'specialty' | 'clinic' | 'notes' | 'status'>,
  { durationMinutes = DEFAULT_CONSULTATION_MINUTES, now = new Date(), sequence }: IcsOptions = {},
): string {
  const start = new Date(appointment.startsAt);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  // No specialty: calendars are shared more widely than mail, and a specialty can say what the visit is about.
  const summary = `Appointment with ${appointment.doctor}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medora//Patient dashboard//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${appointment.id}@medora`,
    `DTSTAMP:${icsUtc(now)}`,
    ...(sequence === undefined ? [] : [`SEQUENCE:${sequence}`]),
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(appointment.clinic)}`,
    ...(appointment.notes ? [`DESCRIPTION:${icsText(appointment.notes)}`] : []),
    `STATUS:${appointment.status === 'Cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
