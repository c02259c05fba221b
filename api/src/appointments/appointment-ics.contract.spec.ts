import { buildAppointmentIcs, icsText, icsUtc } from './appointment-ics.contract.js';

const base = {
  id: '7d0c1f0e-0000-4000-8000-000000000001',
  startsAt: '2026-01-05T14:30:00.000Z',
  doctor: 'Dr. Sarah Johnson',
  specialty: 'Cardiology',
  clinic: 'Heart Center, Floor 2',
  notes: 'Bring results; fasting',
  status: 'Scheduled' as const,
};

describe('appointment .ics', () => {
  it('writes UTC start and a 30-minute end by default', () => {
    const ics = buildAppointmentIcs(base, { now: new Date('2026-01-01T00:00:00Z') });
    expect(ics).toContain('DTSTART:20260105T143000Z\r\n');
    expect(ics).toContain('DTEND:20260105T150000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260101T000000Z\r\n');
    expect(ics).toContain(`UID:${base.id}@medora`);
    // The specialty can say what the visit is about, and calendars are shared widely: not named.
    expect(ics).toContain('SUMMARY:Appointment with Dr. Sarah Johnson\r\n');
    expect(ics).not.toContain('Cardiology');
    expect(ics).toContain('METHOD:PUBLISH\r\n');
    expect(ics).toContain('LOCATION:Heart Center\\, Floor 2');
    expect(ics).toContain('DESCRIPTION:Bring results\\; fasting');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('uses a given consultation length and marks cancelled appointments', () => {
    const ics = buildAppointmentIcs({ ...base, status: 'Cancelled' }, { durationMinutes: 45 });
    expect(ics).toContain('DTEND:20260105T151500Z');
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('folds long lines at 75 octets', () => {
    const ics = buildAppointmentIcs({ ...base, notes: 'x'.repeat(200) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('escapes text and formats instants', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(icsUtc(new Date('2026-03-01T09:05:07.123Z'))).toBe('20260301T090507Z');
  });
});

/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const contentLines = (ics: string) => unfold(ics).split('\r\n').filter(Boolean);
const NAMES =
  /^(BEGIN|END|VERSION|PRODID|CALSCALE|METHOD|UID|DTSTAMP|DTSTART|DTEND|SUMMARY|LOCATION|DESCRIPTION|STATUS)[:;]/;

describe('appointment .ics escaping and folding', () => {
  it('turns a bare CR, LF or CRLF in a clinic or note into \\n instead of a new calendar line', () => {
    const ics = buildAppointmentIcs({
      ...base,
      clinic: 'Clinic\rATTENDEE:mailto:evil@example.com',
      notes: 'a\r\nBEGIN:VALARM\nTRIGGER:-PT1M\rEND:VALARM',
    });
    const lines = contentLines(ics);
    expect(lines).toHaveLength(16);
    for (const line of lines) expect(line).toMatch(NAMES);
    expect(ics).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    expect(lines).toContain('LOCATION:Clinic\\nATTENDEE:mailto:evil@example.com');
    expect(lines).toContain('DESCRIPTION:a\\nBEGIN:VALARM\\nTRIGGER:-PT1M\\nEND:VALARM');
  });

  it('removes other control characters and escapes per RFC 5545', () => {
    expect(icsText('a\u0000b\u0007c\u001bd\u007fe\u0085f\tg')).toBe('abcdefg');
    expect(icsText('x\\;y,z\r\n')).toBe('x\\\\\\;y\\,z\\n');
    expect(icsText('line1\r\rline3')).toBe('line1\\n\\nline3');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the same text', () => {
    const notes = `${'é'.repeat(50)}💊${'ж'.repeat(80)}${'a'.repeat(10)}`;
    const ics = buildAppointmentIcs({ ...base, notes });
    const physical = ics.split('\r\n');
    for (const line of physical) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(physical.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2);
    expect(contentLines(ics)).toContain(`DESCRIPTION:${notes}`);
  });
});
