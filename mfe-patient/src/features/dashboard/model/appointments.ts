import { isUpcoming, type Appointment, type AppointmentStatus } from '@medora/shared';

export interface GroupedAppointments {
  upcoming: Appointment[];
  history: Appointment[];
}

function startTime(a: Appointment): number {
  const t = Date.parse(a.startsAt);
  return Number.isNaN(t) ? 0 : t;
}

/** Upcoming (`isUpcoming` of @medora/shared) soonest first; History (everything else) newest first. */
export function groupAppointments(list: readonly Appointment[], now: Date = new Date()): GroupedAppointments {
  const upcoming = list.filter((a) => isUpcoming(a, now)).sort((a, b) => startTime(a) - startTime(b));
  const history = list.filter((a) => !isUpcoming(a, now)).sort((a, b) => startTime(b) - startTime(a));
  return { upcoming, history };
}

/** Status as shown: a missing status reads Scheduled. */
export function statusLabel(status: AppointmentStatus | string | null | undefined): string {
  return status ? String(status) : 'Scheduled';
}
