import { bookingWindowParams, toDoctorsWithContext, type DoctorWithContextRow } from './doctors.queries.js';

const doctor = (over: Partial<DoctorWithContextRow> = {}): DoctorWithContextRow => ({
  totalAppointments: 3,
  lastDoctorName: 'Dr. Who',
  id: 'd1',
  name: 'Dr. Who',
  specialty: 'Cardiology',
  clinic: 'Tardis',
  timeZone: 'America/New_York',
  schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } },
  visitCount: 2,
  lastStart: Date.parse('2026-03-02T14:00:00Z'),
  takenStarts: ['2026-03-02T14:00:00Z', '2026-03-02T14:30:00Z', '2026-03-03T15:00:00Z'].map((iso) =>
    Date.parse(iso),
  ),
  ...over,
});

describe('toDoctorsWithContext', () => {
  it('turns taken starts into slots by date in the clinic’s zone, and the last visit into the spec’s text', () => {
    expect(toDoctorsWithContext([doctor()])).toEqual({
      doctors: [
        {
          id: 'd1',
          name: 'Dr. Who',
          specialty: 'Cardiology',
          clinic: 'Tardis',
          timeZone: 'America/New_York',
          schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] }, exceptions: [] },
          visitCount: 2,
          lastVisitDate: '2026-03-02 at 09:00 AM',
          takenSlots: { '2026-03-02': ['09:00 AM', '09:30 AM'], '2026-03-03': ['10:00 AM'] },
        },
      ],
      lastDoctorName: 'Dr. Who',
      totalAppointments: 3,
    });
  });

  it('passes the date exceptions on, so the booking page skips the dates off (issue 16 §3)', () => {
    const exceptions = [{ kind: 'closed' as const, date: '2026-03-09' }];
    const [listed] = toDoctorsWithContext([
      doctor({ schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] }, exceptions } }),
    ]).doctors;
    expect(listed!.schedule.exceptions).toEqual(exceptions);
  });

  it('keeps the patient’s totals when no doctor is bookable (one row, null doctor columns)', () => {
    const none = doctor({ id: null, schedule: null, lastStart: null, takenStarts: null, visitCount: 0 });
    expect(toDoctorsWithContext([none])).toEqual({
      doctors: [],
      lastDoctorName: 'Dr. Who',
      totalAppointments: 3,
    });
  });

  it('falls back to the default zone and an empty schedule for malformed doctor data', () => {
    const [listed] = toDoctorsWithContext([
      doctor({ timeZone: 'Not/AZone', schedule: null, takenStarts: null, lastStart: null }),
    ]).doctors;
    expect(listed).toMatchObject({
      timeZone: 'America/New_York',
      schedule: { availableDays: [], timeSlots: {} },
      takenSlots: {},
      lastVisitDate: null,
    });
  });
});

describe('bookingWindowParams', () => {
  it('spans a day before now to 32 days after it', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(bookingWindowParams(now)).toEqual([
      new Date('2026-02-28T12:00:00Z'),
      new Date('2026-04-02T12:00:00Z'),
    ]);
  });
});
