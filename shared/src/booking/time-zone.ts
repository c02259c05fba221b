/**
 * Wall-clock time in an IANA zone ↔ UTC instants with the built-in Intl API only (no date library in
 * the browser bundle). Handles daylight-saving changes: a wall time inside a spring-forward gap moves
 * forward by the gap (02:30 → 03:30), an ambiguous fall-back time takes its first (daylight) occurrence.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Calendar fields of an instant as seen on a wall clock in `timeZone`. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines print midnight as 24 even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/**
 * The UTC instant of a wall-clock time in `timeZone` (month 1-12). Zone offsets a day before and a day
 * after give the two candidates around any DST change: when both read back as the wall time (fall-back
 * overlap) the earlier wins; when neither does (spring-forward gap) the pre-change offset moves the
 * time forward by the gap.
 */
export function wallTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const day = 24 * 60 * 60 * 1000;
  const before = guess - zoneOffsetMs(new Date(guess - day), timeZone);
  const after = guess - zoneOffsetMs(new Date(guess + day), timeZone);
  const matches = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return p.day === wall.day && p.hour === wall.hour && p.minute === wall.minute;
  };
  const hits = [before, after].filter(matches);
  return new Date(hits.length > 0 ? Math.min(...hits) : before);
}
