import {
  DEFAULT_SLOT_MINUTES,
  MESSAGES,
  SCHEDULE_WEEKDAYS,
  formatMessage,
  formatWallDate,
  formatTime12h,
  generateSlots,
  parseTime12h,
  type DayHours,
  type ProviderScheduleInput,
  type ScheduleException,
  type WeeklyHours,
} from '@medora/shared';

/** The editor's rows, Monday first (one list in @medora/shared). */
export const WEEK = SCHEDULE_WEEKDAYS;

/** A break as the time inputs hold it ('HH:MM', 24 hours). */
export interface BreakDraft {
  start: string;
  end: string;
}

/** One weekday's row: open or closed, hours as the time inputs hold them, slot length, breaks. */
export interface DayDraft {
  open: boolean;
  start: string;
  end: string;
  slotMinutes: number;
  breaks: BreakDraft[];
}

/** The editor's state: a row per weekday, the date exceptions (stored form) and a zone. */
export interface ScheduleDraft {
  days: Record<string, DayDraft>;
  exceptions: ScheduleException[];
  timeZone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '09:30 AM' → '09:30' (a time input's value); '' when it is not a time. */
export function toInputTime(time12h: string): string {
  const m = parseTime12h(time12h);
  return m === null ? '' : `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** A time input's '13:30' → '01:30 PM'; null when empty or malformed. */
export function fromInputTime(value: string): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return formatTime12h(Number(m[1]) * 60 + Number(m[2]));
}

const NEW_DAY: DayDraft = {
  open: false,
  start: '09:00',
  end: '17:00',
  slotMinutes: DEFAULT_SLOT_MINUTES,
  breaks: [],
};

/**
 * Hours for a schedule saved before weekly hours existed (slots only): first slot to last slot plus
 * the smallest gap, with the longer gaps as breaks, so saving it again keeps the same slots.
 */
export function hoursFromSlots(slots: readonly string[]): DayHours | null {
  const minutes = [...new Set(slots.map(parseTime12h).filter((m): m is number => m !== null))].sort(
    (a, b) => a - b,
  );
  if (minutes.length === 0) return null;
  const gaps = minutes.slice(1).map((m, i) => m - minutes[i]!);
  const slotMinutes = gaps.length ? Math.min(...gaps) : DEFAULT_SLOT_MINUTES;
  const breaks = minutes
    .slice(1)
    .map((m, i) => ({ from: minutes[i]! + slotMinutes, to: m }))
    .filter((g) => g.to > g.from)
    .map((g) => ({ start: formatTime12h(g.from), end: formatTime12h(g.to) }));
  return {
    start: formatTime12h(minutes[0]!),
    end: formatTime12h(Math.min(minutes[minutes.length - 1]! + slotMinutes, 24 * 60 - 1)),
    slotMinutes,
    breaks,
  };
}

export function draftFrom(s: {
  availableDays: string[];
  timeSlots: Record<string, string[]>;
  hours?: WeeklyHours;
  exceptions?: ScheduleException[];
  timeZone: string;
}): ScheduleDraft {
  const days: Record<string, DayDraft> = {};
  for (const day of WEEK) {
    const saved = s.hours
      ? s.hours[day]
      : s.availableDays.includes(day)
        ? hoursFromSlots(s.timeSlots[day] ?? [])
        : null;
    days[day] = saved
      ? {
          open: true,
          start: toInputTime(saved.start),
          end: toInputTime(saved.end),
          slotMinutes: saved.slotMinutes,
          breaks: saved.breaks.map((b) => ({ start: toInputTime(b.start), end: toInputTime(b.end) })),
        }
      : { ...NEW_DAY };
  }
  return { days, exceptions: s.exceptions ?? [], timeZone: s.timeZone };
}

/** A day row as stored hours, or the first problem's message. */
export function dayHoursOf(d: DayDraft): DayHours | string {
  const start = fromInputTime(d.start);
  const end = fromInputTime(d.end);
  if (!start || !end) return MESSAGES.scheduleTimeInvalid;
  if (parseTime12h(start)! >= parseTime12h(end)!) return MESSAGES.scheduleRangeOrder;
  const breaks = [];
  for (const b of d.breaks) {
    const bs = fromInputTime(b.start);
    const be = fromInputTime(b.end);
    if (!bs || !be) return MESSAGES.scheduleTimeInvalid;
    if (parseTime12h(bs)! >= parseTime12h(be)!) return MESSAGES.scheduleRangeOrder;
    if (parseTime12h(bs)! < parseTime12h(start)! || parseTime12h(be)! > parseTime12h(end)!)
      return MESSAGES.scheduleBreakOutside;
    breaks.push({ start: bs, end: be });
  }
  return { start, end, slotMinutes: d.slotMinutes, breaks };
}

/** What a day row generates, as the editor previews it ('16 slots: 09:00 AM to 04:30 PM'). */
export function slotPreview(d: DayDraft): string {
  const hours = dayHoursOf(d);
  if (typeof hours === 'string') return hours;
  const slots = generateSlots(hours);
  if (slots.length === 0) return MESSAGES.scheduleNoSlots;
  return formatMessage('scheduleSlotPreview', {
    count: slots.length,
    first: slots[0]!,
    last: slots[slots.length - 1]!,
  });
}

/** The `PUT /api/provider/schedule` body, or the first problem's message (the server checks again). */
export function toScheduleInput(draft: ScheduleDraft): ProviderScheduleInput | string {
  const hours: WeeklyHours = {};
  for (const day of WEEK) {
    const d = draft.days[day];
    if (!d?.open) continue;
    const h = dayHoursOf(d);
    if (typeof h === 'string') return `${day}: ${h}`;
    hours[day] = h;
  }
  if (!draft.timeZone.trim()) return MESSAGES.timeZoneInvalid;
  return { hours, exceptions: draft.exceptions, timeZone: draft.timeZone.trim() };
}

/** The text of an exception in the list ('Vacation 2026-12-21 to 2026-12-31'). */
export function exceptionText(e: ScheduleException): string {
  switch (e.kind) {
    case 'vacation':
      return formatMessage('scheduleVacationText', {
        from: formatWallDate(e.from),
        to: formatWallDate(e.to),
      });
    case 'closed':
      return formatMessage('scheduleClosedText', { date: formatWallDate(e.date) });
    case 'extra':
      return formatMessage('scheduleExtraText', { date: formatWallDate(e.date), start: e.start, end: e.end });
  }
}

/** The add-exception form's fields. */
export interface ExceptionForm {
  kind: ScheduleException['kind'];
  from: string;
  to: string;
  date: string;
  start: string;
  end: string;
  slotMinutes: number;
}

export const EMPTY_EXCEPTION: ExceptionForm = {
  kind: 'vacation',
  from: '',
  to: '',
  date: '',
  start: '09:00',
  end: '12:00',
  slotMinutes: DEFAULT_SLOT_MINUTES,
};

/** The exception the form describes, or the first problem's message. */
export function exceptionOf(f: ExceptionForm): ScheduleException | string {
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (f.kind === 'vacation') {
    if (!isDate(f.from) || !isDate(f.to)) return MESSAGES.scheduleExceptionIncomplete;
    if (f.to < f.from) return MESSAGES.scheduleVacationOrder;
    return { kind: 'vacation', from: f.from, to: f.to };
  }
  if (!isDate(f.date)) return MESSAGES.scheduleExceptionIncomplete;
  if (f.kind === 'closed') return { kind: 'closed', date: f.date };
  const start = fromInputTime(f.start);
  const end = fromInputTime(f.end);
  if (!start || !end) return MESSAGES.scheduleExceptionIncomplete;
  if (parseTime12h(start)! >= parseTime12h(end)!) return MESSAGES.scheduleRangeOrder;
  return { kind: 'extra', date: f.date, start, end, slotMinutes: f.slotMinutes };
}
