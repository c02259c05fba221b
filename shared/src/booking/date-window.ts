import { addDays, parseIsoDate, todayIn } from './dates.js';

/**
 * The provider's appointments are read a window of clinic dates at a time, by default today
 * and the next `PROVIDER_WINDOW_NEXT_DAYS` days (the doctor's week ahead), a page at a time.
 */
export const PROVIDER_WINDOW_NEXT_DAYS = 7;
/** The longest window one request may ask for, in days (both ends included). */
export const PROVIDER_WINDOW_MAX_DAYS = 31;
export const PROVIDER_PAGE_DEFAULT = 50;
export const PROVIDER_PAGE_MAX = 100;

/** Clinic wall dates 'YYYY-MM-DD', both included. */
export type DateWindow = {
  from: string;
  to: string;
};

/** How many dates `window` covers (1 for a single day). */
export function windowDays(window: DateWindow): number {
  const from = parseIsoDate(window.from);
  const to = parseIsoDate(window.to);
  if (!from || !to) throw new Error(`Not a date window: ${window.from}..${window.to}`);
  return Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
}

/**
 * The window a provider list reads: `from` defaults to today in the clinic's `timeZone`, `to` to
 * `from` plus `PROVIDER_WINDOW_NEXT_DAYS` days.
 */
export function providerWindow(
  given: Partial<DateWindow>,
  timeZone: string,
  now: Date = new Date(),
): DateWindow {
  const from = given.from ?? todayIn(timeZone, now);
  return { from, to: given.to ?? addDays(from, PROVIDER_WINDOW_NEXT_DAYS) };
}

/** The window as long as `window` just before (`-1`) or after (`1`) it: the previous/next buttons. */
export function shiftWindow(window: DateWindow, direction: 1 | -1): DateWindow {
  const days = windowDays(window) * direction;
  return { from: addDays(window.from, days), to: addDays(window.to, days) };
}

/**
 * The most upcoming bookings `GET`/`PUT /api/provider/schedule` check against the
 * schedule (the soonest; they are read only inside the booking window, where booking and rescheduling
 * place every appointment). Above any real doctor's month: a slot is at least 10 minutes.
 */
export const SCHEDULE_CHECK_MAX_ROWS = 1000;
