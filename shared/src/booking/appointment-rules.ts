import { UPCOMING_STATUSES, type AppointmentStatus } from './types.js';

/**
 * "Upcoming" vs "History" (spec §4), defined once for the shell, the remotes and the API (whose SQL
 * fragments in `api/src/common/appointment-sql.ts` are built from the same list and boundary).
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
