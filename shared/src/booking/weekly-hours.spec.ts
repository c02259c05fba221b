import {
  availableDates,
  generateSlots,
  hasWeeklyHours,
  isBookableSlot,
  isClosedOn,
  offeredSlots,
  slotStart,
  slotsFor,
  weeklySlots,
} from './dates.js';
import { providerScheduleSchema } from '../schemas/doctors.js';
import type { DoctorSchedule, WeeklyHours } from './types.js';

const NY = 'America/New_York';
const noonNy = (date: string) => slotStart(date, '12:00 PM', NY);

const HOURS: WeeklyHours = {
  Monday: {
    start: '09:00 AM',
    end: '12:00 PM',
    slotMinutes: 30,
    breaks: [{ start: '10:00 AM', end: '10:30 AM' }],
  },
  Sunday: { start: '09:00 AM', end: '11:00 AM', slotMinutes: 60, breaks: [] },
};
const schedule = (extra: Partial<DoctorSchedule> = {}): DoctorSchedule => ({
  ...weeklySlots(HOURS),
  hours: HOURS,
  ...extra,
});

describe('slot generation from weekly hours', () => {
  it('steps by the slot length from start, each slot ending by the end', () => {
    expect(generateSlots({ start: '09:00 AM', end: '11:00 AM', slotMinutes: 30 })).toEqual([
      '09:00 AM',
      '09:30 AM',
      '10:00 AM',
      '10:30 AM',
    ]);
    // 45-minute slots: 10:30 would end at 11:15, after the end.
    expect(generateSlots({ start: '09:00 AM', end: '11:00 AM', slotMinutes: 45 })).toEqual([
      '09:00 AM',
      '09:45 AM',
    ]);
  });

  it('leaves breaks free and restarts at a break’s end', () => {
    expect(
      generateSlots({
        start: '09:00 AM',
        end: '02:00 PM',
        slotMinutes: 60,
        breaks: [{ start: '12:15 PM', end: '01:00 PM' }],
      }),
    ).toEqual(['09:00 AM', '10:00 AM', '11:00 AM', '01:00 PM']);
  });

  it('gives nothing for an empty, reversed or unparseable range', () => {
    expect(generateSlots({ start: '09:00 AM', end: '09:20 AM', slotMinutes: 30 })).toEqual([]);
    expect(generateSlots({ start: '05:00 PM', end: '09:00 AM', slotMinutes: 30 })).toEqual([]);
    expect(generateSlots({ start: 'nine', end: '05:00 PM', slotMinutes: 30 })).toEqual([]);
  });

  it('stores the generated days Monday first, so older readers keep working', () => {
    expect(weeklySlots(HOURS)).toEqual({
      availableDays: ['Monday', 'Sunday'],
      timeSlots: {
        Monday: ['09:00 AM', '09:30 AM', '10:30 AM', '11:00 AM', '11:30 AM'],
        Sunday: ['09:00 AM', '10:00 AM'],
      },
    });
    expect(hasWeeklyHours(schedule())).toBe(true);
    expect(hasWeeklyHours({ availableDays: [], timeSlots: {} })).toBe(false);
    expect(hasWeeklyHours(null)).toBe(false);
  });

  it('keeps wall times on a DST day: same slots, instants an hour apart from the day before', () => {
    // 2026-03-08 is a Sunday: New York springs forward at 2 AM.
    expect(offeredSlots(schedule(), '2026-03-08')).toEqual(['09:00 AM', '10:00 AM']);
    expect(slotStart('2026-03-08', '09:00 AM', NY).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(slotStart('2026-03-01', '09:00 AM', NY).toISOString()).toBe('2026-03-01T14:00:00.000Z');
    // Fall back (2026-11-01, a Sunday): the same two slots, now on EST.
    expect(offeredSlots(schedule(), '2026-11-01')).toEqual(['09:00 AM', '10:00 AM']);
    expect(slotStart('2026-11-01', '10:00 AM', NY).toISOString()).toBe('2026-11-01T15:00:00.000Z');
    const dates = availableDates(schedule(), { timeZone: NY, now: noonNy('2026-03-04') }).map((d) => d.date);
    expect(dates).toContain('2026-03-08');
    expect(
      isBookableSlot(schedule(), '2026-03-08', '10:00 AM', { timeZone: NY, now: noonNy('2026-03-04') }),
    ).toBe(true);
  });
});

describe('date exceptions', () => {
  const now = noonNy('2026-11-24'); // a Tuesday
  const opts = { timeZone: NY, now };

  it('a vacation range removes every date in it, ends included, across a DST change', () => {
    const s = schedule({ exceptions: [{ kind: 'vacation', from: '2026-10-30', to: '2026-11-02' }] });
    expect(isClosedOn(s.exceptions, '2026-10-30')).toBe(true);
    expect(isClosedOn(s.exceptions, '2026-11-02')).toBe(true);
    expect(isClosedOn(s.exceptions, '2026-11-03')).toBe(false);
    expect(slotsFor(s, '2026-11-01')).toEqual([]); // Sunday, DST ends
    expect(slotsFor(s, '2026-11-02')).toEqual([]); // Monday
    expect(slotsFor(s, '2026-11-09')).toHaveLength(5);
  });

  it('a closed day is not offered; the booking dates and the slot check agree', () => {
    const s = schedule({ exceptions: [{ kind: 'closed', date: '2026-11-30' }] });
    const dates = availableDates(s, opts).map((d) => d.date);
    expect(dates).not.toContain('2026-11-30');
    expect(dates).toContain('2026-12-07');
    expect(dates).toContain('2026-11-29');
    expect(isBookableSlot(s, '2026-11-30', '09:00 AM', opts)).toBe(false);
    expect(isBookableSlot(schedule(), '2026-11-30', '09:00 AM', opts)).toBe(true);
  });

  it('extra hours add slots on one date, also on a closed weekday', () => {
    const s = schedule({
      exceptions: [
        { kind: 'extra', date: '2026-11-28', start: '02:00 PM', end: '03:00 PM', slotMinutes: 30 }, // Saturday
        { kind: 'extra', date: '2026-11-30', start: '11:30 AM', end: '01:00 PM', slotMinutes: 30 }, // Monday
      ],
    });
    expect(slotsFor(s, '2026-11-28')).toEqual(['02:00 PM', '02:30 PM']);
    expect(availableDates(s, opts).find((d) => d.date === '2026-11-28')).toEqual({
      date: '2026-11-28',
      weekday: 'Saturday',
      slotCount: 2,
    });
    // The Monday's own slots plus the extra ones, once each, in time order.
    expect(slotsFor(s, '2026-11-30')).toEqual([
      '09:00 AM',
      '09:30 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
      '12:00 PM',
      '12:30 PM',
    ]);
    expect(slotsFor(s, '2026-11-30', { '2026-11-30': ['12:00 PM'] })).not.toContain('12:00 PM');
    expect(isBookableSlot(s, '2026-11-28', '02:30 PM', opts)).toBe(true);
    expect(isBookableSlot(s, '2026-12-05', '02:30 PM', opts)).toBe(false);
  });

  it('a closed date wins over extra hours on it', () => {
    const s = schedule({
      exceptions: [
        { kind: 'closed', date: '2026-11-30' },
        { kind: 'extra', date: '2026-11-30', start: '02:00 PM', end: '03:00 PM', slotMinutes: 30 },
      ],
    });
    expect(slotsFor(s, '2026-11-30')).toEqual([]);
  });
});

describe('PUT /api/provider/schedule body', () => {
  it('accepts weekly hours and exceptions, canonicalising times', () => {
    const r = providerScheduleSchema.safeParse({
      hours: { Monday: { start: '9:00 am', end: '5:00 PM', slotMinutes: 30 } },
      exceptions: [{ kind: 'closed', date: '2026-12-25' }],
      timeZone: NY,
    });
    expect(r.success).toBe(true);
    expect(r.data?.hours?.Monday).toEqual({
      start: '09:00 AM',
      end: '05:00 PM',
      slotMinutes: 30,
      breaks: [],
    });
  });

  it('refuses reversed hours, breaks outside them, odd slot lengths and bad exceptions', () => {
    const bad = [
      { hours: { Monday: { start: '05:00 PM', end: '09:00 AM', slotMinutes: 30 } } },
      {
        hours: {
          Monday: {
            start: '09:00 AM',
            end: '12:00 PM',
            slotMinutes: 30,
            breaks: [{ start: '11:00 AM', end: '01:00 PM' }],
          },
        },
      },
      { hours: { Monday: { start: '09:00 AM', end: '12:00 PM', slotMinutes: 2 } } },
      { hours: {}, exceptions: [{ kind: 'vacation', from: '2026-12-31', to: '2026-12-20' }] },
      { hours: {}, exceptions: [{ kind: 'closed', date: '2026-02-30' }] },
      { hours: {}, exceptions: [{ kind: 'holiday', date: '2026-12-25' }] },
      {},
    ];
    for (const body of bad) {
      expect(providerScheduleSchema.safeParse({ ...body, timeZone: NY }).success).toBe(false);
    }
  });
});
