import { UPCOMING_STATUSES, type AppointmentStatus } from '@medora/shared';

/**
 * Product rules as SQL conditions, defined once for every module's statements
 * (docs/architecture.md#rules-that-hold-everywhere). Each takes the alias (or table name) the statement gives
 * the row. The browser-side twins live in `@medora/shared` (`isOpenStatus`, `isUpcoming`) and use the same
 * status list and time boundary.
 */

const OPEN_STATUSES_SQL = UPCOMING_STATUSES.map((s) => `'${s}'`).join(', ');

const CANCELLED = 'Cancelled' satisfies AppointmentStatus;

/** Appointment `a` still relates its doctor and patient: anything but Cancelled. */
export function activeAppointmentSql(a = 'a'): string {
  return `${a}.status <> '${CANCELLED}'`;
}

/** `activeAppointmentSql` for a row already read. */
export function isActiveAppointment(status: AppointmentStatus): boolean {
  return status !== CANCELLED;
}

/** Appointment `a` holds its slot and can still be closed or cancelled: Scheduled or Confirmed. */
export function openAppointmentSql(a = 'a'): string {
  return `${a}.status IN (${OPEN_STATUSES_SQL})`;
}

/**
 * Appointment `a` is Upcoming: open and starting strictly after `now` (an SQL expression,
 * `now()` or a parameter). Everything else is History — a Scheduled visit in the past included.
 */
export function upcomingAppointmentSql(a = 'a', now = 'now()'): string {
  return `(${openAppointmentSql(a)} AND ${a}.starts_at > ${now})`;
}

/** Appointment `a` has started by `now`: the complement of Upcoming's time condition. */
export function startedAppointmentSql(a = 'a', now = 'now()'): string {
  return `${a}.starts_at <= ${now}`;
}

/**
 * Doctor row `d` has been approved by an admin and is not suspended: a pending, rejected
 * or suspended doctor is not listed, not bookable, has no dashboard and no link to patients' records.
 */
export function approvedDoctorSql(d = 'd'): string {
  return `(${d}.verification_status = 'approved' AND ${d}.suspended_at IS NULL)`;
}

/**
 * Doctor row `d` has weekly hours, so it can be offered for booking (TS twin:
 * `hasWeeklyHours` in @medora/shared).
 */
export function hasHoursSql(d = 'd'): string {
  return `jsonb_array_length(COALESCE(${d}.schedule -> 'availableDays', '[]'::jsonb)) > 0`;
}
