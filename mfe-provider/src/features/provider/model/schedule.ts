import { MESSAGES, SCHEDULE_WEEKDAYS, parseTime12h, type ProviderScheduleInput } from '@medora/shared';

/** The editor's rows, Monday first (one list in @medora/shared). */
export const WEEK = SCHEDULE_WEEKDAYS;

/** The editor's state: a checkbox and a comma-separated slot list per weekday, and a zone. */
export interface ScheduleDraft {
  days: Record<string, boolean>;
  slots: Record<string, string>;
  timeZone: string;
}

export function draftFrom(s: {
  availableDays: string[];
  timeSlots: Record<string, string[]>;
  timeZone: string;
}): ScheduleDraft {
  return {
    days: Object.fromEntries(WEEK.map((d) => [d, s.availableDays.includes(d)])),
    slots: Object.fromEntries(WEEK.map((d) => [d, (s.timeSlots[d] ?? []).join(', ')])),
    timeZone: s.timeZone,
  };
}

/** The `PUT /api/provider/schedule` body, or the first problem's message (the server checks again). */
export function toScheduleInput(draft: ScheduleDraft): ProviderScheduleInput | string {
  const availableDays = WEEK.filter((d) => draft.days[d]);
  const timeSlots: Record<string, string[]> = {};
  for (const day of availableDays) {
    const slots = (draft.slots[day] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (slots.some((s) => parseTime12h(s) === null)) return MESSAGES.scheduleTimeInvalid;
    timeSlots[day] = slots;
  }
  if (!draft.timeZone.trim()) return MESSAGES.timeZoneInvalid;
  return { availableDays, timeSlots, timeZone: draft.timeZone.trim() };
}
