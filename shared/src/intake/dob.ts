/** Date-of-birth helpers (year 1900 to the current year; days follow the month and leap years). */
import { formatMessage, MESSAGES } from '@medora/shared/messages';

export const MIN_BIRTH_YEAR = 1900;

/** Years offered, newest first: the current year down to 1900. */
export function birthYears(today: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = today.getFullYear(); y >= MIN_BIRTH_YEAR; y--) years.push(y);
  return years;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12); February has 29 in leap years. Without a year, February offers 29. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface DobParts {
  year?: number;
  month?: number;
  day?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD', or null while incomplete or impossible (the step then does nothing). */
export function formatDob(parts: DobParts): string | null {
  const { year, month, day } = parts;
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year < MIN_BIRTH_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year))
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Splits 'YYYY-MM-DD' into numbers; an unreadable value gives empty parts. */
export function parseDob(value: unknown): DobParts {
  if (typeof value !== 'string') return {};
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return {};
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** True for a real calendar date from 1900-01-01 up to `today`. */
export function isValidDob(value: unknown, today: Date = new Date()): boolean {
  const parts = parseDob(value);
  const formatted = formatDob(parts);
  if (formatted === null || formatted !== value) return false;
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return formatted <= todayIso;
}

/** Age in whole years on `today`, or null for an unreadable date. */
export function ageOn(dob: string, today: Date = new Date()): number | null {
  const { year, month, day } = parseDob(dob);
  if (year === undefined || month === undefined || day === undefined) return null;
  let age = today.getFullYear() - year;
  const m = today.getMonth() + 1;
  if (m < month || (m === month && today.getDate() < day)) age -= 1;
  return age;
}

/**
 * Why a complete date of birth is refused, as a catalogue message: in the future, or before 1900.
 * Null for a valid date and for an incomplete one (the step then does nothing).
 */
export function dobProblem(value: unknown, today: Date = new Date()): string | null {
  if (isValidDob(value, today)) return null;
  const parts = parseDob(value);
  if (parts.year === undefined) return null;
  if (parts.year < MIN_BIRTH_YEAR) return formatMessage('dobTooEarly', { year: MIN_BIRTH_YEAR });
  return formatDob(parts) === value ? MESSAGES.dobFuture : null;
}
