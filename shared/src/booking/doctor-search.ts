// The doctor search's page sizes and the slot window, zod-free (the API, the schemas
// and the booking UI read them).
import { BOOKING_WINDOW_DAYS, addDays, bookableDates, slotsFor, todayIn, weekdayOf } from './dates.js';
import type { TakenSlots } from './dates.js';
import type { DoctorSchedule } from './types.js';

/** Doctors per page of `GET /api/doctors-with-context/{uid}` and `GET /api/doctors` by default, and at most. */
export const DOCTOR_PAGE_DEFAULT = 20;
export const DOCTOR_PAGE_MAX = 50;
/** The longest window `GET /api/doctors/{uid}/slots` answers (days, both ends included). */
export const SLOT_WINDOW_MAX_DAYS = 31;
/** The longest free-text search on name and clinic. */
export const DOCTOR_SEARCH_MAX_LENGTH = 100;

/** A date the doctor works inside the booking window, with its free slots (`GET /api/doctors/{uid}/slots`). */
export interface FreeSlotsDay {
  /** 'YYYY-MM-DD' in the clinic's zone. */
  date: string;
  weekday: string;
  /** Free times ('hh:mm AM/PM'), in order; empty when every slot is taken. */
  slots: string[];
}

/**
 * The bookable dates (from tomorrow, at most 14 dates in 30 days) between `from` and `to`
 * (inclusive) with the free slots of each, `taken` removed. One rule for the slots route and the page's
 * next free slot.
 */
export function freeSlotDays(
  schedule: DoctorSchedule,
  options: { timeZone: string; now?: Date; taken?: TakenSlots; from?: string; to?: string },
): FreeSlotsDay[] {
  // The dates of availableDates, without computing each date's slots twice (its slotCount).
  return bookableDates(schedule, options)
    .filter((date) => (!options.from || date >= options.from) && (!options.to || date <= options.to))
    .map((date) => ({ date, weekday: weekdayOf(date), slots: slotsFor(schedule, date, options.taken) }));
}

/**
 * The first free slot (date and time) on or after `from` inside the booking window, or null: the first
 * non-empty day of freeSlotDays, computed only as far as that day (the search computes it for
 * every doctor of a page).
 */
export function firstFreeSlot(
  schedule: DoctorSchedule,
  options: { timeZone: string; now?: Date; taken?: TakenSlots; from?: string },
): { date: string; time: string } | null {
  for (const date of bookableDates(schedule, options)) {
    if (options.from && date < options.from) continue;
    const slots = slotsFor(schedule, date, options.taken);
    if (slots.length > 0) return { date, time: slots[0]! };
  }
  return null;
}

/** The whole booking window as a slots request: tomorrow to the 30th day, in the clinic's zone. */
export function bookingWindowRange(timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  return { from: addDays(today, 1), to: addDays(today, BOOKING_WINDOW_DAYS) };
}
