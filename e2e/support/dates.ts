/**
 * A clinic day as the doctor's dashboard heads it ('Fri 27 Nov'), for a wall date
 * 'YYYY-MM-DD' (the same Intl parts as formatDateTime in shared/src/booking/dates.ts).
 */
export function dayLabel(isoDate: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${isoDate}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** Escapes text for use inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'YYYY-MM-DD' `days` after today on the wall clock of `timeZone` (a clinic's zone). */
export function clinicDate(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * SQL for a moment `minutes` ago that is still today on the wall clock of `timeZone`: that day's
 * midnight when `minutes` ago was yesterday there. A visit "earlier today" then stays on the doctor's
 * list of today at any hour, the first minutes after the clinic's midnight included.
 */
export function earlierTodaySql(timeZone: string, minutes: number): string {
  if (!/^[A-Za-z0-9_/+-]+$/.test(timeZone)) throw new Error(`not a time zone name: ${timeZone}`);
  const midnight = `(date_trunc('day', now() AT TIME ZONE '${timeZone}') AT TIME ZONE '${timeZone}')`;
  return `GREATEST(now() - interval '${Math.trunc(minutes)} minutes', ${midnight})`;
}
