import { UPCOMING_STATUSES, VISIT_OUTCOMES, type AppointmentStatus } from '@medora/shared';

/**
 * Product rules as SQL conditions, defined once for every module's statements
 * (docs/architecture.md#rules-that-hold-everywhere). Each takes the alias (or table name) the statement gives
 * the row. The browser-side twins live in `@medora/shared` (`isOpenStatus`, `isUpcoming`) and use the same
 * status list and time boundary.
 */

const sqlList = (values: readonly string[]) => values.map((s) => `'${s}'`).join(', ');
const OPEN_STATUSES_SQL = sqlList(UPCOMING_STATUSES);
const CLOSED_STATUSES_SQL = sqlList(VISIT_OUTCOMES);

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

/** Appointment `a` was closed by its doctor with an outcome: Completed or No-Show. */
export function closedVisitSql(a = 'a'): string {
  return `${a}.status IN (${CLOSED_STATUSES_SQL})`;
}

/**
 * The moment appointment `a` stops widening what its doctor may see of the patient: never
 * ('infinity') while it is open — the patient is in the doctor's care, later intakes included — else
 * when it was closed (Completed or No-Show; its start for a row closed without a time). Visits
 * submitted after it are not the doctor's (docs/security.md#access-rules). Meaningless for a
 * cancelled row, which `activeAppointmentSql` excludes first.
 */
export function careEndSql(a = 'a'): string {
  return `(CASE WHEN ${openAppointmentSql(a)} THEN 'infinity'::timestamptz ELSE ${closedAtSql(a)} END)`;
}

/** When appointment `a` (Completed or No-Show) was closed; its start for a row closed without a time. */
function closedAtSql(a: string): string {
  return `COALESCE(${a}.closed_at, ${a}.starts_at)`;
}

/**
 * Appointment `a` (active) still grants its doctor the patient's record: open and started no more
 * than `days` ago (an open visit nobody closed does not grant access for ever), or closed no more than
 * `days` ago. `days` is the validated CARE_ACCESS_DAYS, inlined as a literal so that the fragment fits
 * any statement whatever its parameters.
 */
export function inCareWindowSql(a: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new Error(`care window must be whole days, got ${days}`);
  const since = `now() - make_interval(days => ${days})`;
  return `(CASE WHEN ${openAppointmentSql(a)} THEN ${a}.starts_at ELSE ${closedAtSql(a)} END) > ${since}`;
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
