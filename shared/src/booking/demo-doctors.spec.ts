import { DEMO_DOCTORS } from './demo-doctors.js';
import { sampleDoctors } from './doctors.js';
import { SCHEDULE_WEEKDAYS, WEEKDAY_NAMES, dateLabel, monthName } from './dates.js';
import { DOCTOR_SPECIALTIES } from '../intake/options.js';

describe('demo doctors (one list: the seed and the booking fallback)', () => {
  it('the fallback samples are the first demo doctors, the spec’s three specialties', () => {
    const samples = sampleDoctors({ withSchedules: true });
    expect(samples).toEqual(
      DEMO_DOCTORS.slice(0, 3).map(({ name, specialty, clinic, timeZone, schedule }) => ({
        name,
        specialty,
        clinic,
        timeZone,
        schedule,
      })),
    );
    expect(samples.map((d) => d.specialty)).toEqual(['Cardiology', 'General Medicine', 'Pediatrics']);
  });

  it('every demo doctor has a listed specialty and schedules keyed by the spec’s weekday names', () => {
    for (const d of DEMO_DOCTORS) {
      expect(DOCTOR_SPECIALTIES).toContain(d.specialty);
      for (const day of d.schedule.availableDays) expect(WEEKDAY_NAMES).toContain(day);
      expect(Object.keys(d.schedule.timeSlots).sort()).toEqual([...d.schedule.availableDays].sort());
    }
    expect(new Set(DEMO_DOCTORS.map((d) => d.seedKey)).size).toBe(DEMO_DOCTORS.length);
  });
});

describe('weekday and month names', () => {
  it('keeps the spec’s weekday names as data, Monday first for schedules', () => {
    expect(SCHEDULE_WEEKDAYS).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('displays month names and date labels through Intl', () => {
    expect(Array.from({ length: 12 }, (_, i) => monthName(i + 1))).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(dateLabel('2027-01-01')).toBe('Friday 1 January');
  });
});
