import { addDays, availableDates, parseTime12h, slotStart, slotsFor, todayIn } from './dates.js';
import { firstFreeSlot, freeSlotDays } from './doctor-search.js';
import type { DoctorSchedule } from './types.js';

// FirstFreeSlot stops at the first day with a free slot instead of computing every
// bookable day; it must answer exactly what the first non-empty day of freeSlotDays answers.
const definition = (...args: Parameters<typeof freeSlotDays>) => {
  const day = freeSlotDays(...args).find((d) => d.slots.length > 0);
  return day ? { date: day.date, time: day.slots[0]! } : null;
};

describe('firstFreeSlot', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  const zones = ['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'];
  const schedules: DoctorSchedule[] = [
    {
      availableDays: ['Monday', 'Wednesday'],
      timeSlots: { Monday: ['09:00 AM', '10:00 AM'], Wednesday: ['9:30 am'] },
    },
    {
      availableDays: ['Tuesday'],
      timeSlots: { Tuesday: ['02:00 PM'] },
      exceptions: [
        { kind: 'vacation', from: '2026-11-30', to: '2026-12-09' },
        { kind: 'extra', date: '2026-12-12', start: '09:00 AM', end: '10:00 AM', slotMinutes: 30 },
      ],
    },
    { availableDays: [], timeSlots: {} },
  ];

  it('is the first non-empty day of freeSlotDays, for every zone, schedule, taken set and from', () => {
    for (const timeZone of zones) {
      const today = todayIn(timeZone, now);
      for (const schedule of schedules) {
        // Every offered slot of the first k bookable days taken, for k = 0…15.
        const days = freeSlotDays(schedule, { timeZone, now });
        for (let k = 0; k <= days.length + 1; k++) {
          const taken = Object.fromEntries(days.slice(0, k).map((d) => [d.date, d.slots]));
          for (const from of [undefined, addDays(today, 5), addDays(today, 40)]) {
            const options = { timeZone, now, taken, from };
            expect([timeZone, k, from, firstFreeSlot(schedule, options)]).toEqual([
              timeZone,
              k,
              from,
              definition(schedule, options),
            ]);
          }
        }
      }
    }
  });

  it('freeSlotDays is availableDates between from and to with each date’s free slots', () => {
    for (const timeZone of zones) {
      const today = todayIn(timeZone, now);
      for (const schedule of schedules) {
        const taken = Object.fromEntries(
          freeSlotDays(schedule, { timeZone, now })
            .slice(0, 2)
            .map((d) => [d.date, d.slots.slice(0, 1)]),
        );
        for (const [from, to] of [
          [undefined, undefined],
          [addDays(today, 3), addDays(today, 20)],
          [addDays(today, 25), undefined],
        ] as const) {
          const expected = availableDates(schedule, { timeZone, now, taken })
            .filter((d) => (!from || d.date >= from) && (!to || d.date <= to))
            .map((d) => ({ date: d.date, weekday: d.weekday, slots: slotsFor(schedule, d.date, taken) }));
          expect(freeSlotDays(schedule, { timeZone, now, taken, from, to })).toEqual(expected);
        }
      }
    }
  });

  it('finds a slot only inside the booking window', () => {
    const timeZone = 'America/New_York';
    const first = firstFreeSlot(schedules[0]!, { timeZone, now });
    expect(first).not.toBeNull();
    expect(slotStart(first!.date, first!.time, timeZone).getTime()).toBeGreaterThan(now.getTime());
  });
});

describe('parseTime12h (memoised)', () => {
  it('answers the same for repeated and for new texts, valid or not', () => {
    for (let round = 0; round < 2; round++) {
      expect(parseTime12h('10:30 AM')).toBe(630);
      expect(parseTime12h(' 9:05 pm ')).toBe(21 * 60 + 5);
      expect(parseTime12h('12:00 AM')).toBe(0);
      expect(parseTime12h('13:00 PM')).toBeNull();
    }
  });

  it('stays correct past its bound (it starts over, it never answers from a stale entry)', () => {
    for (let i = 0; i < 5000; i++) parseTime12h(`x${i}`);
    expect(parseTime12h('11:59 PM')).toBe(23 * 60 + 59);
  });
});
