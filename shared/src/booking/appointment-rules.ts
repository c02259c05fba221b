import { UPCOMING_STATUSES, VISIT_OUTCOMES, VISIT_UNDO_HOURS, type AppointmentStatus } from './types.js';

/**
 * "Upcoming" vs "History", defined once for the shell, the remotes and the API (whose SQL
 * fragments in `api/src/appointments/appointment-sql.rules.ts` are built from the same list and boundary).
 */

/**
 * Whether the status still holds its slot and can be closed or cancelled: missing (reads Scheduled),
 * Scheduled or Confirmed. Says nothing about time — see {@link isUpcoming}.
 */
export function isOpenStatus(status: AppointmentStatus | string | null | undefined): boolean {
  return (
    status === undefined ||
    status === null ||
    status === '' ||
    UPCOMING_STATUSES.includes(status as AppointmentStatus)
  );
}

/** Whether the doctor closed the visit with an outcome (Completed or No-Show). */
export function isVisitClosedStatus(status: AppointmentStatus | string | null | undefined): boolean {
  return VISIT_OUTCOMES.includes(status as (typeof VISIT_OUTCOMES)[number]);
}

/**
 * Upcoming: an open status and a start strictly after `now` (at its start time an appointment is
 * past: the doctor may then close it). Everything else, a Scheduled visit in the past included, is
 * History. An unparseable start counts as past.
 */
export function isUpcoming(
  appointment: { status?: AppointmentStatus | string | null; startsAt: string | Date },
  now: Date = new Date(),
): boolean {
  const start = new Date(appointment.startsAt).getTime();
  return isOpenStatus(appointment.status) && !Number.isNaN(start) && start > now.getTime();
}

const HOUR_MS = 60 * 60 * 1000;

/** What a doctor may do with one of their appointments at a moment. */
export interface VisitActions {
  /** Completed / No-Show: an open status whose start has come. */
  close: boolean;
  /** Cancel with a reason: an upcoming appointment (open, not started). */
  cancel: boolean;
  /** Undo a Completed / No-Show mark: within VISIT_UNDO_HOURS of `closedAt`. */
  undo: boolean;
  /** For an upcoming appointment, when Completed / No-Show become possible (its start, ISO). */
  closableFrom: string | null;
  /** For an undoable close, when the undo window ends (ISO). */
  undoUntil: string | null;
}

/**
 * The doctor's closing rules, defined once (the API's SQL in `appointments.repository.ts` applies the
 * same boundary and VISIT_UNDO_HOURS; the dashboard shows or hides its buttons from this):
 * Completed / No-Show from the start time on, Cancel before it, Undo within VISIT_UNDO_HOURS.
 */
export function visitActions(
  appointment: {
    status?: AppointmentStatus | string | null;
    startsAt: string | Date;
    closedAt?: string | null;
  },
  now: Date | number = new Date(),
): VisitActions {
  const at = typeof now === 'number' ? now : now.getTime();
  const open = isOpenStatus(appointment.status);
  const start = new Date(appointment.startsAt).getTime();
  const upcoming = isUpcoming(appointment, new Date(at));
  const closed = isVisitClosedStatus(appointment.status);
  const closedAt = appointment.closedAt ? Date.parse(appointment.closedAt) : Number.NaN;
  const undoEnds = closedAt + VISIT_UNDO_HOURS * HOUR_MS;
  const undo = closed && !Number.isNaN(closedAt) && at < undoEnds;
  return {
    close: open && !upcoming && !Number.isNaN(start),
    cancel: upcoming,
    undo,
    closableFrom: upcoming ? new Date(start).toISOString() : null,
    undoUntil: undo ? new Date(undoEnds).toISOString() : null,
  };
}
