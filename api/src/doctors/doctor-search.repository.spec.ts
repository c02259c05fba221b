import { bookingWindowParams } from '../appointments/booking-window.rules.js';
import { CURSOR_POSITIONS, decodeCursor } from '../common/keyset-cursor.js';
import { containsPattern } from '../common/like-pattern.js';
import { doctorsPageSql, toDoctorsWithContext, type DoctorPageRow } from './doctor-search.repository.js';

// Sunday 1 March 2026, noon UTC: tomorrow in New York is Monday 2 March.
const NOW = new Date('2026-03-01T12:00:00Z');
const ID = '00000000-0000-4000-8000-000000000001';

const doctor = (over: Partial<DoctorPageRow> = {}): DoctorPageRow => ({
  totalAppointments: 3,
  lastDoctorName: 'Dr. Who',
  id: ID,
  name: 'Dr. Who',
  specialty: 'Cardiology',
  clinic: 'Tardis',
  timeZone: 'America/New_York',
  schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM', '09:30 AM', '10:00 AM'] } },
  visitCount: 2,
  lastStart: Date.parse('2026-02-23T14:00:00Z'),
  // Monday 2 March 09:00 and 09:30 New York (EST, UTC-5) are taken.
  takenStarts: ['2026-03-02T14:00:00Z', '2026-03-02T14:30:00Z'].map((iso) => Date.parse(iso)),
  ...over,
});

describe('toDoctorsWithContext', () => {
  it('gives each doctor the first free slot after the taken ones, and the last visit as the spec’s text', () => {
    expect(toDoctorsWithContext([doctor()], { limit: 20, now: NOW })).toEqual({
      doctors: [
        {
          id: ID,
          name: 'Dr. Who',
          specialty: 'Cardiology',
          clinic: 'Tardis',
          timeZone: 'America/New_York',
          schedule: {
            availableDays: ['Monday'],
            timeSlots: { Monday: ['09:00 AM', '09:30 AM', '10:00 AM'] },
            exceptions: [],
          },
          visitCount: 2,
          lastVisitDate: '2026-02-23 at 09:00 AM',
          nextFreeSlot: '2026-03-02T15:00:00.000Z',
        },
      ],
      lastDoctorName: 'Dr. Who',
      totalAppointments: 3,
      nextCursor: null,
    });
  });

  it('starts the next free slot at availableFrom, and leaves out doctors with none from then', () => {
    const page = toDoctorsWithContext([doctor()], { limit: 20, now: NOW, availableFrom: '2026-03-05' });
    expect(page.doctors[0]!.nextFreeSlot).toBe('2026-03-09T13:00:00.000Z');
    const closed = doctor({
      schedule: {
        availableDays: ['Monday'],
        timeSlots: { Monday: ['09:00 AM'] },
        exceptions: [{ kind: 'vacation', from: '2026-03-05', to: '2026-04-30' }],
      },
    });
    expect(
      toDoctorsWithContext([closed], { limit: 20, now: NOW, availableFrom: '2026-03-05' }).doctors,
    ).toEqual([]);
  });

  it('passes the date exceptions on, so the booking page skips the dates off', () => {
    const exceptions = [{ kind: 'closed' as const, date: '2026-03-09' }];
    const [listed] = toDoctorsWithContext(
      [doctor({ schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] }, exceptions } })],
      { limit: 20, now: NOW },
    ).doctors;
    expect(listed!.schedule.exceptions).toEqual(exceptions);
  });

  it('keeps the patient’s totals when no doctor is bookable (one row, null doctor columns)', () => {
    const none = doctor({ id: null, schedule: null, lastStart: null, takenStarts: null, visitCount: 0 });
    expect(toDoctorsWithContext([none], { limit: 20, now: NOW })).toEqual({
      doctors: [],
      lastDoctorName: 'Dr. Who',
      totalAppointments: 3,
      nextCursor: null,
    });
  });

  it('gives a cursor after the last doctor of a full page when one more row was read', () => {
    const second = doctor({ id: '00000000-0000-4000-8000-000000000002', name: 'Dr. Zed' });
    const scope = { list: 'doctors-with-context', uid: 'p1' };
    const page = toDoctorsWithContext([doctor(), second], { limit: 1, now: NOW, scope });
    expect(page.doctors.map((d) => d.name)).toEqual(['Dr. Who']);
    expect(decodeCursor(page.nextCursor!, scope, CURSOR_POSITIONS.nameAndId)).toEqual({
      name: 'Dr. Who',
      id: ID,
    });
    // The cursor belongs to that list: the public list (the default scope) does not take it.
    expect(decodeCursor(page.nextCursor!, { list: 'doctors' }, CURSOR_POSITIONS.nameAndId)).toBeNull();
  });

  it('falls back to the default zone and an empty schedule for malformed doctor data', () => {
    const [listed] = toDoctorsWithContext(
      [doctor({ timeZone: 'Not/AZone', schedule: null, takenStarts: null, lastStart: null })],
      { limit: 20, now: NOW },
    ).doctors;
    expect(listed).toMatchObject({
      timeZone: 'America/New_York',
      schedule: { availableDays: [], timeSlots: {} },
      nextFreeSlot: null,
      lastVisitDate: null,
    });
  });
});

describe('doctorsPageSql', () => {
  const base = { patientUid: 'p1', rows: 21, window: bookingWindowParams(NOW) } as const;

  it('adds only the filters given, each as a parameter', () => {
    const plain = doctorsPageSql(base);
    expect(plain.sql).not.toMatch(/ILIKE|d\.specialty =|\(d\.name, d\.id\) >/);
    const all = doctorsPageSql({
      ...base,
      specialty: 'Cardiology',
      conditionSpecialties: ['Cardiology', 'General Medicine'],
      q: 'heart',
      after: { name: 'Dr. A', id: ID },
    });
    expect(all.sql).toMatch(/d\.specialty = \$\d+/);
    expect(all.sql).toMatch(/NOT EXISTS/);
    expect(all.sql).toMatch(/ILIKE \$\d+/);
    expect(all.sql).toMatch(/\(d\.name, d\.id\) > \(\$\d+, \$\d+::uuid\)/);
    expect(all.params).toEqual(expect.arrayContaining(['Cardiology', '%heart%', 'Dr. A', ID, 21]));
    expect(all.sql).not.toContain('heart');
  });

  it('lists only doctors open to new patients without a patient, and reads no taken slots without a window', () => {
    const { sql } = doctorsPageSql({ patientUid: null, rows: 21, window: null });
    expect(sql).toContain('d.accepting_new_patients');
    expect(sql).not.toContain('mine');
    expect(sql).toContain('NULL::float8[]');
  });
});

describe('containsPattern', () => {
  it('makes %, _ and \\ in the search text match themselves', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
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
