import { BOOKING_WINDOW_DAYS } from '@medora/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The booking window as instants, with a day of margin on both sides, which covers every clinic zone's
 * "tomorrow" and "30 days from now" (the doctor search's taken slots; the schedule check's bookings).
 */
export function bookingWindowParams(now: Date): [Date, Date] {
  return [new Date(now.getTime() - DAY_MS), new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * DAY_MS)];
}
