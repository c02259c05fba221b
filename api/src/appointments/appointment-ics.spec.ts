import { buildAppointmentIcs, icsText, icsUtc } from './appointment-ics.js';

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
    expect(ics).toContain('SUMMARY:Appointment with Dr. Sarah Johnson (Cardiology)');
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
