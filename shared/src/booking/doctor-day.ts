import { clinicTimeZone, formatDateTime, slotOf } from './dates.js';

/** One clinic day of a doctor's list: its wall date, its heading and its appointments in order. */
export interface DayGroup<T> {
  /** 'YYYY-MM-DD' on the clinic's wall calendar. */
  date: string;
  /** 'Fri 27 Nov' (formatDateTime without year or time). */
  label: string;
  items: T[];
}

/**
 * Appointments grouped by the clinic day they start on (the doctor's day), each day in
 * the order its first appointment appears and each day's appointments in the given order (the API
 * sends upcoming ones by start time). An unparseable start is grouped under its own text.
 */
export function groupByClinicDay<T extends { startsAt: string; timeZone?: string | null }>(
  appointments: readonly T[],
): DayGroup<T>[] {
  const days = new Map<string, DayGroup<T>>();
  for (const a of appointments) {
    const start = new Date(a.startsAt);
    const zone = clinicTimeZone(a.timeZone);
    const date = Number.isNaN(start.getTime()) ? a.startsAt : slotOf(start, zone).date;
    let day = days.get(date);
    if (!day) {
      day = { date, label: formatDateTime(start, zone, { year: false, show: 'date' }), items: [] };
      days.set(date, day);
    }
    day.items.push(a);
  }
  return [...days.values()];
}
