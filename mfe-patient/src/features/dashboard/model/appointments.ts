import type { Appointment, AppointmentStatus } from '@medora/shared';

/** Spec §4 Appointment status: missing, Scheduled or Confirmed is upcoming. */
const UPCOMING: ReadonlySet<string> = new Set(['Scheduled', 'Confirmed']);

export function isUpcoming(status: AppointmentStatus | string | null | undefined): boolean {
  return status === undefined || status === null || status === '' || UPCOMING.has(status);
}

export interface GroupedAppointments {
  upcoming: Appointment[];
  history: Appointment[];
}

function startTime(a: Appointment): number {
  const t = Date.parse(a.startsAt);
  return Number.isNaN(t) ? 0 : t;
}

/**
 * Upcoming (missing, Scheduled, Confirmed) soonest first; History (Completed, Cancelled, No-Show and
 * anything else) newest first.
 */
export function groupAppointments(list: readonly Appointment[]): GroupedAppointments {
  const upcoming = list.filter((a) => isUpcoming(a.status)).sort((a, b) => startTime(a) - startTime(b));
  const history = list.filter((a) => !isUpcoming(a.status)).sort((a, b) => startTime(b) - startTime(a));
  return { upcoming, history };
}

/** Status as shown: a missing status reads Scheduled (spec §3). */
export function statusLabel(status: AppointmentStatus | string | null | undefined): string {
  return status ? String(status) : 'Scheduled';
}
