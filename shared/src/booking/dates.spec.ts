import {
  addDays,
  availableDates,
  clinicTimeZone,
  dateLabel,
  formatAppointmentDate,
  formatAppointmentWhen,
  formatDateTime,
  formatSlot,
  formatWallDate,
  isBookableSlot,
  parseAppointmentDate,
  parseTime12h,
  slotOf,
  slotStart,
  slotsFor,
  todayIn,
  weekdayOf,
} from './dates.js';
import type { DoctorSchedule } from './types.js';

const week = (days: string[], slots: string[]): DoctorSchedule => ({
  availableDays: days,
  timeSlots: Object.fromEntries(days.map((d) => [d, slots])),
});
const NY = 'America/New_York';
/** Noon in New York on a date, so "today" is that date whatever the runner's zone. */
const noonNy = (date: string) => slotStart(date, '12:00 PM', NY);

describe('calendar arithmetic', () => {
  it('crosses month ends, leap days and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });

  it('names weekdays', () => {
    expect(weekdayOf('2026-12-01')).toBe('Tuesday');
    expect(weekdayOf('2027-01-03')).toBe('Sunday');
    expect(dateLabel('2026-12-02')).toBe('Wednesday 2 December');
  });

  it('takes today from the clinic zone, not UTC', () => {
    const lateEvening = new Date('2026-11-22T03:30:00Z'); // 22:30 on the 21st in New York
    expect(todayIn(NY, lateEvening)).toBe('2026-11-21');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-22');
  });
});

describe('availableDates', () => {
  const everyDay = week(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    ['09:00 AM', '10:00 AM'],
  );

  it('starts tomorrow and stops at 14 dates', () => {
    const dates = availableDates(everyDay, { timeZone: NY, now: noonNy('2026-11-21') });
    expect(dates).toHaveLength(14);
    expect(dates[0]).toEqual({ date: '2026-11-22', weekday: 'Sunday', slotCount: 2 });
    expect(dates[13]!.date).toBe('2026-12-05');
  });

  it('keeps only the doctor’s weekdays, within 30 days, across the year end', () => {
    const dates = availableDates(week(['Monday', 'Friday'], ['09:00 AM']), {
      timeZone: NY,
      now: noonNy('2026-12-20'),
    });
    expect(dates.map((d) => d.weekday).every((w) => w === 'Monday' || w === 'Friday')).toBe(true);
    expect(dates[0]!.date).toBe('2026-12-21');
    expect(dates.some((d) => d.date.startsWith('2027-01'))).toBe(true);
    expect(dates.at(-1)!.date <= addDays('2026-12-20', 30)).toBe(true);
    // Two weekdays a week over 30 days: 8 or 9 dates, below the cap.
    expect(dates.length).toBeGreaterThanOrEqual(8);
    expect(dates.length).toBeLessThan(14);
  });

  it('has no dates when the doctor works no day', () => {
    expect(availableDates(week([], []), { timeZone: NY, now: noonNy('2026-11-21') })).toEqual([]);
  });

  it('counts free slots only', () => {
    const dates = availableDates(week(['Monday'], ['09:00 AM', '10:00 AM', '11:00 AM']), {
      timeZone: NY,
      now: noonNy('2026-11-21'),
      taken: { '2026-11-23': ['9:00 AM'] },
    });
    expect(dates[0]).toEqual({ date: '2026-11-23', weekday: 'Monday', slotCount: 2 });
    expect(dates[1]!.slotCount).toBe(3);
  });
});

describe('slotsFor', () => {
  const schedule: DoctorSchedule = {
    availableDays: ['Tuesday', 'Thursday'],
    timeSlots: { Tuesday: ['09:00 AM', '10:30 AM', '02:00 PM'], Thursday: [] },
  };

  it('gives the weekday’s times minus the taken ones', () => {
    expect(slotsFor(schedule, '2026-12-01')).toEqual(['09:00 AM', '10:30 AM', '02:00 PM']);
    expect(slotsFor(schedule, '2026-12-01', { '2026-12-01': ['10:30 AM'] })).toEqual([
      '09:00 AM',
      '02:00 PM',
    ]);
  });

  it('is empty on a day off or a working day without times', () => {
    expect(slotsFor(schedule, '2026-12-02')).toEqual([]);
    expect(slotsFor(schedule, '2026-12-03')).toEqual([]);
  });
});

describe('appointment text and start instants', () => {
  it('writes and reads the spec’s text form', () => {
    expect(formatAppointmentDate('2026-12-01', '10:30 AM')).toBe('2026-12-01 at 10:30 AM');
    expect(parseAppointmentDate('2026-12-01 at 10:30 AM')).toEqual({ date: '2026-12-01', time: '10:30 AM' });
    expect(parseAppointmentDate('2026-02-30 at 10:30 AM')).toBeNull();
    expect(parseAppointmentDate('2026-12-01 10:30')).toBeNull();
    expect(parseTime12h('12:00 AM')).toBe(0);
    expect(parseTime12h('12:30 PM')).toBe(750);
    expect(parseTime12h('13:00 PM')).toBeNull();
  });

  it('computes the start in the clinic zone on both sides of the March DST change', () => {
    // New York springs forward on 8 March 2026 at 02:00.
    expect(slotStart('2026-03-07', '09:00 AM', NY).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(slotStart('2026-03-08', '09:00 AM', NY).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(slotStart('2026-03-08', '01:30 AM', NY).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // 02:30 does not exist that night: it moves forward by the gap to 03:30 EDT.
    expect(slotStart('2026-03-08', '02:30 AM', NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('computes the start on both sides of the November DST change', () => {
    // New York falls back on 1 November 2026 at 02:00; 01:30 happens twice: the first one is taken.
    expect(slotStart('2026-10-31', '09:00 AM', NY).toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(slotStart('2026-11-01', '01:30 AM', NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(slotStart('2026-11-01', '09:00 AM', NY).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('reads a start back as the clinic’s wall time', () => {
    const start = slotStart('2026-12-01', '02:30 PM', 'America/Chicago');
    expect(start.toISOString()).toBe('2026-12-01T20:30:00.000Z');
    expect(slotOf(start, 'America/Chicago')).toEqual({ date: '2026-12-01', time: '02:30 PM' });
    expect(slotOf(slotStart('2026-07-01', '09:00 AM', 'Asia/Kolkata'), 'Asia/Kolkata')).toEqual({
      date: '2026-07-01',
      time: '09:00 AM',
    });
  });
});

describe('isBookableSlot', () => {
  const schedule = week(['Monday'], ['09:00 AM', '10:00 AM']);
  const options = { timeZone: NY, now: noonNy('2026-11-21') };

  it('accepts an offered time on an offered date in the window', () => {
    expect(isBookableSlot(schedule, '2026-11-23', '9:00 AM', options)).toBe(true);
  });

  it('refuses today, other weekdays, other times and dates past the window', () => {
    expect(isBookableSlot(schedule, '2026-11-16', '09:00 AM', options)).toBe(false);
    expect(isBookableSlot(schedule, '2026-11-24', '09:00 AM', options)).toBe(false);
    expect(isBookableSlot(schedule, '2026-11-23', '09:30 AM', options)).toBe(false);
    expect(isBookableSlot(schedule, '2027-01-04', '09:00 AM', options)).toBe(false);
  });
});

describe('clinicTimeZone', () => {
  it('keeps a known IANA zone and replaces anything else with the default', () => {
    expect(clinicTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(clinicTimeZone('Mars/Olympus')).toBe('America/New_York');
    expect(clinicTimeZone(null)).toBe('America/New_York');
  });
});

describe('formatDateTime (the one way a patient reads a date)', () => {
  it('names the weekday and the clinic zone', () => {
    expect(formatDateTime('2026-11-27T17:30:00Z', 'America/Chicago')).toBe('Fri 27 Nov 2026, 11:30 AM CST');
    expect(formatDateTime('2026-07-03T13:05:00Z', NY)).toBe('Fri 3 Jul 2026, 9:05 AM EDT');
  });

  it('falls back to the default clinic zone and leaves an unparseable instant as it is', () => {
    expect(formatDateTime('2026-11-27T17:30:00Z', 'Not/AZone')).toBe('Fri 27 Nov 2026, 12:30 PM EST');
    expect(formatDateTime('soon', NY)).toBe('soon');
  });

  it('drops the year or keeps only the date or the time when asked', () => {
    const at = '2026-11-27T17:30:00Z';
    expect(formatDateTime(at, 'America/Chicago', { year: false })).toBe('Fri 27 Nov, 11:30 AM CST');
    expect(formatDateTime(at, 'America/Chicago', { year: false, show: 'date' })).toBe('Fri 27 Nov');
    expect(formatDateTime(at, 'America/Chicago', { show: 'date' })).toBe('Fri 27 Nov 2026');
    expect(formatDateTime(at, 'America/Chicago', { show: 'time' })).toBe('11:30 AM CST');
  });

  it('formats a slot and an appointment on the clinic wall clock', () => {
    expect(formatSlot('2026-11-27', '11:30 AM', 'America/Chicago')).toBe('Fri 27 Nov 2026, 11:30 AM CST');
    expect(formatAppointmentWhen({ startsAt: '2026-11-27T16:30:00.000Z', timeZone: NY })).toBe(
      'Fri 27 Nov 2026, 11:30 AM EST',
    );
  });
});

describe('formatWallDate', () => {
  it('reads a clinic calendar day with its weekday, whatever the zone of the machine', () => {
    expect(formatWallDate('2026-11-26')).toBe('Thu 26 Nov 2026');
    expect(formatWallDate('2027-03-14')).toBe('Sun 14 Mar 2027');
  });
});
