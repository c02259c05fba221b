import type { DayHours, DoctorSchedule, ScheduleException, TimeRange, WeeklyHours } from './types.js';
import { isValidTimeZone, wallTimeToInstant, zonedParts } from './time-zone.js';
import { QUERY_DATE_MAX, QUERY_DATE_MIN } from './query-dates.js';

/** Bookable dates lie in a 30-day window starting tomorrow, at most 14 of them. */
export const BOOKING_WINDOW_DAYS = 30;
export const MAX_BOOKABLE_DATES = 14;

/** The clinic zone when a doctor record has none (the doctors table defaults to it as well). */
export const DEFAULT_CLINIC_TIME_ZONE = 'America/New_York';

/** The doctor's zone when the runtime knows it, else the default (a bad value never breaks a page). */
export function clinicTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_CLINIC_TIME_ZONE;
}

/** Weekday names in `Date#getUTCDay()` order (the spelling of schedule.availableDays). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The spec's weekday names in a schedule's order, Monday first (the schedule editor, the seed). */
export const SCHEDULE_WEEKDAYS = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]] as const;
export type Weekday = (typeof WEEKDAY_NAMES)[number];

// Display names come from Intl (STYLE: dates through Intl.DateTimeFormat with the zone named); the
// English weekday names above are data keys, not display text. Calendar dates here are UTC midnights.
const DISPLAY_LOCALE = 'en-US';
// Made on first use, not when the module loads: a page's first Intl.DateTimeFormat with a time zone
// loads the zone data, 50-130 ms of a mid-range phone's main thread (docs/performance.md), which a
// page that shows no date, such as the sign-in form, should not pay while it boots.
let dateParts: Intl.DateTimeFormat | undefined;
const datePartsFormat = () =>
  (dateParts ??= new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }));
let monthFormat: Intl.DateTimeFormat | undefined;
const monthNameFormat = () =>
  (monthFormat ??= new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'long', timeZone: 'UTC' }));

/** The display name of a month, 1–12 ('January'). */
export function monthName(month: number): string {
  return monthNameFormat().format(new Date(Date.UTC(2000, month - 1, 1)));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_12H = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?(AM|PM)$/i;
const APPOINTMENT_TEXT = /^(\d{4}-\d{2}-\d{2}) at ((?:0?[1-9]|1[0-2]):[0-5]\d (?:AM|PM))$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Parses 'YYYY-MM-DD' into a UTC-midnight Date, or null when it is not a real calendar date. */
export function parseIsoDate(date: string): Date | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 ? d : null;
}

export { QUERY_DATE_MAX, QUERY_DATE_MIN };

/** A real calendar date 'YYYY-MM-DD' from QUERY_DATE_MIN to QUERY_DATE_MAX. */
export function isQueryDate(date: string): boolean {
  return parseIsoDate(date) !== null && date >= QUERY_DATE_MIN && date <= QUERY_DATE_MAX;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const toIso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 'YYYY-MM-DD' plus `days` calendar days (across month and year ends). */
export function addDays(date: string, days: number): string {
  const d = parseIsoDate(date);
  if (!d) throw new Error(`Not a date: ${date}`);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** The weekday name of 'YYYY-MM-DD' ('Tuesday'). */
export function weekdayOf(date: string): string {
  const d = parseIsoDate(date);
  if (!d) throw new Error(`Not a date: ${date}`);
  return WEEKDAY_NAMES[d.getUTCDay()]!;
}

/** Today's date ('YYYY-MM-DD') on a wall calendar in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

// Schedules, bookings and slot lists repeat the same few dozen times: each text is parsed once
// (bounded, so odd input cannot grow it without end).
const TIME_CACHE_MAX = 2000;
const parsedTimes = new Map<string, number | null>();

/** Minutes after midnight of '10:30 AM', or null when the text is not a 12-hour time. */
export function parseTime12h(time: string): number | null {
  const cached = parsedTimes.get(time);
  if (cached !== undefined) return cached;
  const m = TIME_12H.exec(time.trim());
  const minutes = m
    ? ((Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(m[2])
    : null;
  if (parsedTimes.size >= TIME_CACHE_MAX) parsedTimes.clear();
  parsedTimes.set(time, minutes);
  return minutes;
}

/** The canonical 'hh:mm AM/PM' of a minute count ('09:05 AM'). */
export function formatTime12h(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The spec's appointment text: 'YYYY-MM-DD at hh:mm AM/PM'. */
export function formatAppointmentDate(date: string, time: string): string {
  return `${date} at ${time}`;
}

/** Splits 'YYYY-MM-DD at hh:mm AM/PM'; null when the text has another form or a non-existent date. */
export function parseAppointmentDate(text: string): { date: string; time: string } | null {
  const m = APPOINTMENT_TEXT.exec(text.trim());
  if (!m || !parseIsoDate(m[1]!)) return null;
  return { date: m[1]!, time: m[2]! };
}

/** The real start instant of a slot: wall date and time in the clinic's IANA zone. */
export function slotStart(date: string, time: string, timeZone: string): Date {
  const d = parseIsoDate(date);
  const minutes = parseTime12h(time);
  if (!d || minutes === null) throw new Error(`Not a slot: ${date} ${time}`);
  return wallTimeToInstant(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
    },
    timeZone,
  );
}

/** The slot (date and 'hh:mm AM/PM') an instant falls on in `timeZone`; the inverse of slotStart. */
export function slotOf(instant: Date, timeZone: string): { date: string; time: string } {
  const p = zonedParts(instant, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: formatTime12h(p.hour * 60 + p.minute) };
}

/** Taken slots by date: 'YYYY-MM-DD' → times ('10:30 AM'). */
export type TakenSlots = Record<string, readonly string[]>;

/** Slot lengths a doctor may choose (minutes). */
export const SLOT_LENGTHS = [10, 15, 20, 30, 45, 60, 90, 120] as const;
export const DEFAULT_SLOT_MINUTES = 30;

/**
 * The slot starts ('hh:mm AM/PM') of opening hours: from `start`, every `slotMinutes`, each slot ending
 * by `end` and not overlapping a break. Wall-clock times: a DST change does not move them.
 */
export function generateSlots(range: TimeRange & { slotMinutes: number; breaks?: TimeRange[] }): string[] {
  const start = parseTime12h(range.start);
  const end = parseTime12h(range.end);
  if (start === null || end === null || !(range.slotMinutes > 0)) return [];
  const breaks = (range.breaks ?? [])
    .map((b) => [parseTime12h(b.start), parseTime12h(b.end)] as const)
    .filter((b): b is readonly [number, number] => b[0] !== null && b[1] !== null && b[0] < b[1]);
  const slots: string[] = [];
  let t = start;
  while (t + range.slotMinutes <= end) {
    const slotEnd = t + range.slotMinutes;
    const inBreak = breaks.find(([bs, be]) => t < be && slotEnd > bs);
    if (inBreak) {
      t = Math.max(t + range.slotMinutes, inBreak[1]);
      continue;
    }
    slots.push(formatTime12h(t));
    t = slotEnd;
  }
  return slots;
}

/** The stored `availableDays`/`timeSlots` of weekly hours, Monday first (what older readers use). */
export function weeklySlots(hours: WeeklyHours): Pick<DoctorSchedule, 'availableDays' | 'timeSlots'> {
  const availableDays: string[] = [];
  const timeSlots: Record<string, string[]> = {};
  for (const day of SCHEDULE_WEEKDAYS) {
    const h: DayHours | undefined = hours[day];
    if (!h) continue;
    const slots = generateSlots(h);
    if (slots.length === 0) continue;
    availableDays.push(day);
    timeSlots[day] = slots;
  }
  return { availableDays, timeSlots };
}

/** Whether a doctor has any weekly hours, i.e. can be offered for booking (SQL twin: hasHoursSql). */
export function hasWeeklyHours(schedule: DoctorSchedule | null | undefined): boolean {
  return (schedule?.availableDays ?? []).length > 0;
}

/** Whether an exception closes `date` (a vacation range covering it, or a closed day). */
export function isClosedOn(exceptions: readonly ScheduleException[] | undefined, date: string): boolean {
  return (exceptions ?? []).some((e) =>
    e.kind === 'vacation' ? e.from <= date && date <= e.to : e.kind === 'closed' && e.date === date,
  );
}

/** The extra slots exceptions add on `date`. */
function extraSlotsOn(exceptions: readonly ScheduleException[] | undefined, date: string): string[] {
  return (exceptions ?? []).flatMap((e) => (e.kind === 'extra' && e.date === date ? generateSlots(e) : []));
}

/**
 * Every time a doctor offers on `date`, taken or not: the weekday's slots unless an exception closes
 * the date, plus extra hours on that date, in time order. A closed date has no extra hours.
 */
export function offeredSlots(schedule: DoctorSchedule, date: string): string[] {
  if (isClosedOn(schedule.exceptions, date)) return [];
  const weekday = weekdayOf(date);
  const weekly = schedule.availableDays.includes(weekday) ? (schedule.timeSlots[weekday] ?? []) : [];
  const byMinute = new Map<number, string>();
  for (const t of [...weekly, ...extraSlotsOn(schedule.exceptions, date)]) {
    const m = parseTime12h(t);
    if (m !== null && !byMinute.has(m)) byMinute.set(m, t);
  }
  return [...byMinute.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

/** Whether the doctor works on `date` at all (a working weekday not closed, or extra hours). */
function worksOn(schedule: DoctorSchedule, date: string, weekday: string = weekdayOf(date)): boolean {
  if (isClosedOn(schedule.exceptions, date)) return false;
  return (
    schedule.availableDays.includes(weekday) ||
    (schedule.exceptions ?? []).some((e) => e.kind === 'extra' && e.date === date)
  );
}

/**
 * The times a doctor offers on `date` (weekly hours and exceptions, see offeredSlots), minus taken
 * ones. Times are compared by value, so '9:00 AM' in a schedule and '09:00 AM' in a booking are the
 * same slot.
 */
export function slotsFor(schedule: DoctorSchedule, date: string, taken: TakenSlots = {}): string[] {
  const takenMinutes = new Set((taken[date] ?? []).map(parseTime12h));
  return offeredSlots(schedule, date).filter((t) => !takenMinutes.has(parseTime12h(t)));
}

export interface AvailableDate {
  /** 'YYYY-MM-DD' */
  date: string;
  weekday: string;
  /** Free slots on that date. */
  slotCount: number;
}

/**
 * From tomorrow (in the clinic's zone), at most 14 dates within the next 30 days on which
 * the doctor works (weekday in availableDays and not closed by an exception, or extra hours), each
 * with its count of free slots.
 */
export function availableDates(
  schedule: DoctorSchedule,
  options: { timeZone: string; now?: Date; taken?: TakenSlots },
): AvailableDate[] {
  return bookableDates(schedule, options).map((date) => ({
    date,
    weekday: weekdayOf(date),
    slotCount: slotsFor(schedule, date, options.taken).length,
  }));
}

/**
 * The dates of availableDates without their slots (from tomorrow in the clinic's zone, at most 14
 * working dates within the next 30 days), in order: what a caller that needs only some of the dates'
 * slots (the first free one) walks.
 */
export function bookableDates(schedule: DoctorSchedule, options: { timeZone: string; now?: Date }): string[] {
  // Calendar dates are UTC midnights: tomorrow and on are whole days later, no zone in between.
  const today = parseIsoDate(todayIn(options.timeZone, options.now))!.getTime();
  const result: string[] = [];
  for (let i = 1; i <= BOOKING_WINDOW_DAYS && result.length < MAX_BOOKABLE_DATES; i++) {
    const day = new Date(today + i * DAY_MS);
    const date = toIso(day);
    if (worksOn(schedule, date, WEEKDAY_NAMES[day.getUTCDay()]!)) result.push(date);
  }
  return result;
}

/** Whether `date` + `time` is a slot the doctor offers inside the booking window (taken or not). */
export function isBookableSlot(
  schedule: DoctorSchedule,
  date: string,
  time: string,
  options: { timeZone: string; now?: Date },
): boolean {
  if (!parseIsoDate(date) || parseTime12h(time) === null) return false;
  if (!availableDates(schedule, options).some((d) => d.date === date)) return false;
  const minutes = parseTime12h(time);
  return slotsFor(schedule, date).some((t) => parseTime12h(t) === minutes);
}

/** 'Tuesday 2 December' for a date button (its accessible name adds the slot count). */
export function dateLabel(date: string): string {
  const d = parseIsoDate(date);
  if (!d) return date;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    datePartsFormat()
      .formatToParts(d)
      .find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** How many weekdays a doctor works ('3 days/week' on the doctor cards). */
export function daysPerWeek(schedule: DoctorSchedule | undefined): number {
  return new Set(schedule?.availableDays ?? []).size;
}

// The one way a patient reads a date and time ('Fri 27 Nov 2026, 11:30 AM CST'): weekday,
// day, month, year, 12-hour time and the clinic's zone named, through Intl.
const readableFormats = new Map<string, Intl.DateTimeFormat>();
function readableFormat(timeZone: string): Intl.DateTimeFormat {
  let f = readableFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
      timeZoneName: 'short',
    });
    readableFormats.set(timeZone, f);
  }
  return f;
}

/** Which parts of an instant formatDateTime writes (the doctor's day). */
export interface DateTimeParts {
  /** The year after the month (default true): 'Fri 27 Nov 2026, …' vs 'Fri 27 Nov, …'. */
  year?: boolean;
  /** 'both' (default), 'date' only ('Fri 27 Nov 2026') or 'time' only ('11:30 AM CST'). */
  show?: 'both' | 'date' | 'time';
}

/**
 * An instant as a patient reads it, on the wall clock of `timeZone` (the clinic's; an unknown zone
 * falls back to the default clinic zone): 'Fri 27 Nov 2026, 11:30 AM CST'. `parts` drops the year
 * ('Fri 27 Nov, 11:30 AM CST', the doctor's day) or keeps only the date or the time (a day's heading
 * and the times under it). An unparseable instant is returned as given.
 */
export function formatDateTime(
  instant: string | number | Date,
  timeZone: string | null | undefined,
  parts: DateTimeParts = {},
): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return String(instant);
  const all = readableFormat(clinicTimeZone(timeZone)).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
  const date = `${part('weekday')} ${part('day')} ${part('month')}${parts.year === false ? '' : ` ${part('year')}`}`;
  const time = `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} ${part('timeZoneName')}`;
  const show = parts.show ?? 'both';
  return show === 'date' ? date : show === 'time' ? time : `${date}, ${time}`;
}

/** A wall date 'YYYY-MM-DD' (a clinic's calendar day) as people read it: 'Thu 26 Nov 2026'. */
export function formatWallDate(date: string): string {
  return formatDateTime(`${date}T12:00:00Z`, 'UTC', { show: 'date' });
}

/** A slot (clinic wall date 'YYYY-MM-DD' and 'hh:mm AM/PM') as a patient reads it; see formatDateTime. */
export function formatSlot(date: string, time: string, timeZone: string | null | undefined): string {
  const zone = clinicTimeZone(timeZone);
  return formatDateTime(slotStart(date, time, zone), zone);
}

/** An appointment's start as a patient reads it (its startsAt in its clinic's zone). */
export function formatAppointmentWhen(appointment: { startsAt: string; timeZone?: string | null }): string {
  return formatDateTime(appointment.startsAt, appointment.timeZone);
}
