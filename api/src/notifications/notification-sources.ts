import {
  MESSAGES,
  changeRequestFieldNames,
  formatAppointmentWhen,
  formatDateTime,
  formatMessage,
  withoutFinalStop,
  type AppNotification,
} from '@medora/shared';
import { toAppointment } from '../appointments/appointments.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { EventRow, NotificationSourceName, NotificationSourceRows } from './notifications.repository.js';

/** What a source sees: the caller's user row and the clock. */
export interface NotificationSourceContext {
  user: UserRow;
  now: Date;
}

/**
 * A notification before the per-user read state is applied. `settled`: read whatever that state
 * says, because what it asked for is done (the welcome once the health profile is complete).
 */
export type SourcedNotification = Omit<AppNotification, 'read'> & { settled?: true };

/**
 * One source = one query of the caller's own data (NotificationsRepository runs them all in one
 * statement) and a function from its rows to notifications, here. Ids are stable (`<source>:<key>`)
 * so read state survives rebuilding the list on every request.
 */
type NotificationBuilders = {
  [K in NotificationSourceName]: (
    rows: NotificationSourceRows[K],
    ctx: NotificationSourceContext,
  ) => SourcedNotification[];
};

/** The appointment as it was at the event: its start (and the one it moved from) then. */
const asAtEvent = (row: EventRow) =>
  toAppointment({
    ...row,
    starts_at: new Date(row.event_starts_at),
    rescheduled_from: row.event_previous_starts_at,
  });

const HOUR = 60 * 60 * 1000;

/** The time of a moment as part of an id: each reschedule is a notification of its own. */
const stamp = (at: string) => new Date(at).getTime().toString(36);

const BUILDERS: NotificationBuilders = {
  /**
   * 'system': a welcome from the moment the account was registered; the staff's does not ask them for a
   * health profile. A patient's is read once their health profile exists (it asks them to complete it).
   */
  welcome: (rows, { user }) => [
    {
      ...(user.role === 'patient' && rows.length > 0 ? { settled: true as const } : {}),
      id: 'system:welcome',
      type: 'system',
      title: MESSAGES.notificationWelcomeTitle,
      message:
        user.role === 'patient' ? MESSAGES.notificationWelcomeBody : MESSAGES.notificationStaffWelcomeBody,
      createdAt: new Date(user.createdAt).toISOString(),
    },
  ],
  /** 'appointment': the caller's bookings in the last 7 days, at the time they were booked for. */
  appointment: (rows) =>
    rows.map(asAtEvent).map((a) => ({
      id: `appointment:${a.id}`,
      type: 'appointment' as const,
      title: MESSAGES.notificationAppointmentTitle,
      message: formatMessage('notificationAppointmentBody', {
        doctor: a.doctor,
        date: formatAppointmentWhen(a),
        clinic: a.clinic,
      }),
      createdAt: a.bookedAt,
    })),
  /** 'reminder': the caller's Scheduled or Confirmed appointments starting within 48 hours. */
  reminder: (rows) =>
    rows.map(toAppointment).map((a) => ({
      id: `reminder:${a.id}`,
      type: 'reminder' as const,
      // Shown from 48 h before the start, so it sorts among the other notifications by that moment.
      createdAt: new Date(
        Math.max(new Date(a.startsAt).getTime() - 48 * HOUR, new Date(a.bookedAt).getTime()),
      ).toISOString(),
      title: MESSAGES.notificationReminderTitle,
      message: formatMessage('notificationReminderBody', {
        doctor: a.doctor,
        date: formatAppointmentWhen(a),
        clinic: a.clinic,
      }),
    })),
  /**
   * 'document': the caller's uploads in the last 7 days (metadata only), from the event record: a
   * document deleted since keeps its item, since the upload did happen.
   */
  document: (rows) =>
    rows.map((d) => ({
      id: `document:${d.id}`,
      type: 'document' as const,
      title: MESSAGES.notificationDocumentTitle,
      message: formatMessage('notificationDocumentBody', { name: d.name }),
      createdAt: new Date(d.uploaded_at).toISOString(),
    })),
  /**
   * 'appointment': the caller's appointments a doctor cancelled in the last 7 days, with the
   * doctor's reason, dated at the moment of the cancellation.
   */
  doctorCancel: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `cancelled:${a.id}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationDoctorCancelTitle,
        message: formatMessage('notificationDoctorCancelBody', {
          doctor: a.doctor,
          date: formatAppointmentWhen(a),
          reason: a.cancelReason ?? '',
        }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /**
   * 'appointment': the caller's appointments they rescheduled in the last 7 days, dated
   * at the move, with the old and the new start as the patient reads dates.
   */
  reschedule: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `rescheduled:${a.id}:${stamp(row.occurred_at)}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationRescheduledTitle,
        message: formatMessage('notificationRescheduledBody', {
          doctor: a.doctor,
          from: formatDateTime(a.rescheduledFrom ?? a.startsAt, a.timeZone),
          date: formatAppointmentWhen(a),
          clinic: a.clinic,
        }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /**
   * 'appointment': for a doctor (the caller's account is the doctor's), their patients'
   * reschedules in the last 7 days. No health data: the dates only.
   */
  doctorReschedule: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `doctor-rescheduled:${a.id}:${stamp(row.occurred_at)}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationRescheduledTitle,
        message: formatMessage('notificationDoctorRescheduledBody', {
          from: formatDateTime(a.rescheduledFrom ?? a.startsAt, a.timeZone),
          date: formatAppointmentWhen(a),
        }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /**
   * 'appointment': the caller's appointments cancelled by themselves or an admin in the
   * last 7 days (a doctor's cancellation has its own, with the reason: doctorCancelSource).
   */
  cancel: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `cancelled:${a.id}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationCancelledTitle,
        message: formatMessage('notificationCancelledBody', {
          doctor: a.doctor,
          date: formatAppointmentWhen(a),
        }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /** 'appointment': for a doctor, appointments their patients (or an admin) cancelled. */
  doctorPatientCancel: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `doctor-cancelled:${a.id}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationCancelledTitle,
        message: formatMessage('notificationDoctorCancelledBody', { date: formatAppointmentWhen(a) }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /**
   * 'appointment': for a doctor, the appointments they cancelled themselves, with their reason: the
   * latest entry of their bell is then the cancellation, not the booking it undid.
   */
  doctorOwnCancel: (rows) =>
    rows.map((row) => {
      const a = asAtEvent(row);
      return {
        id: `doctor-cancelled:${a.id}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationCancelledTitle,
        message: formatMessage('notificationDoctorOwnCancelBody', {
          date: formatAppointmentWhen(a),
          reason: withoutFinalStop(a.cancelReason ?? ''),
        }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
  /**
   * 'appointment': for a doctor, their appointments booked in the last 7 days, dated at the
   * booking, at the time booked then. No health data: the date only.
   */
  doctorBooking: (rows) =>
    rows.map(asAtEvent).map((a) => ({
      id: `doctor-booked:${a.id}`,
      type: 'appointment' as const,
      title: MESSAGES.notificationDoctorBookedTitle,
      message: formatMessage('notificationDoctorBookedBody', { date: formatAppointmentWhen(a) }),
      createdAt: a.bookedAt,
    })),
  /**
   * 'system': the decision on the caller's own doctor application (approved, or rejected
   * with the reviewer's reason), dated at the review; each decision is a notification of its own.
   */
  applicationDecision: (rows) =>
    rows.map((row) => {
      const approved = row.verification_status === 'approved';
      return {
        id: `application:${row.id}:${row.verification_status}:${stamp(row.reviewed_at)}`,
        type: 'system' as const,
        title: approved
          ? MESSAGES.notificationApplicationApprovedTitle
          : MESSAGES.notificationApplicationRejectedTitle,
        message: approved
          ? MESSAGES.notificationApplicationApprovedBody
          : formatMessage('applicationRejected', { reason: withoutFinalStop(row.rejection_reason ?? '') }),
        createdAt: new Date(row.reviewed_at).toISOString(),
      };
    }),
  /**
   * 'system': the decisions on the caller's own profile change requests (approved, or rejected with the
   * admin's reason), each dated at its decision. The request row keeps what was decided, so a later
   * request never rewrites an earlier item. Names the fields, never their values.
   */
  changeRequestDecision: (rows) =>
    rows.map((row) => {
      const approved = row.status === 'approved';
      const fields = changeRequestFieldNames(row.fields);
      return {
        id: `change-request:${row.id}:${row.status}`,
        type: 'system' as const,
        title: approved ? MESSAGES.notificationChangeApprovedTitle : MESSAGES.notificationChangeRejectedTitle,
        message: approved
          ? formatMessage('notificationChangeApprovedBody', { fields })
          : formatMessage('notificationChangeRejectedBody', {
              fields,
              reason: withoutFinalStop(row.reason ?? ''),
            }),
        createdAt: new Date(row.decided_at).toISOString(),
      };
    }),
};

function buildSource<K extends NotificationSourceName>(
  name: K,
  rows: NotificationSourceRows,
  ctx: NotificationSourceContext,
): SourcedNotification[] {
  return BUILDERS[name](rows[name] ?? [], ctx);
}

/** Every source's notifications from its rows, in no particular order (the service sorts newest first). */
export function buildNotifications(
  rows: NotificationSourceRows,
  ctx: NotificationSourceContext,
): SourcedNotification[] {
  return (Object.keys(BUILDERS) as NotificationSourceName[]).flatMap((name) => buildSource(name, rows, ctx));
}
