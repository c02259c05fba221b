import {
  MESSAGES,
  changeRequestFieldNames,
  formatAppointmentWhen,
  formatDateTime,
  formatMessage,
  withoutFinalStop,
  type AppNotification,
} from '@medora/shared';
import {
  APPOINTMENT_COLUMNS,
  toAppointment,
  type AppointmentRow,
} from '../appointments/appointments.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { upcomingAppointmentSql } from '../appointments/appointment-sql.rules.js';

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
 * One source = one query of the caller's own data and a function from its rows to notifications.
 * Ids are stable (`<source>:<key>`) so read state survives rebuilding the list on every request.
 * The service runs every source's `sql` inside one statement (no query per source), with
 * `$1` = the caller's firebase uid and `$2` = now; rows reach `build` as JSON (timestamps as text).
 */
export interface NotificationSource {
  sql?: string;
  build: (rows: Record<string, unknown>[], ctx: NotificationSourceContext) => SourcedNotification[];
}

/**
 * 'system': a welcome from the moment the account was registered; the staff's does not ask them for a
 * health profile. A patient's is read once their health profile exists (it asks them to complete it).
 */
export const welcomeSource: NotificationSource = {
  sql: `SELECT 1 AS done FROM patient_profiles WHERE firebase_uid = $1 LIMIT 1`,
  build: (rows, { user }) => [
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
};

/**
 * Items about appointments read `notification_events` (append-only, written by a trigger in the same
 * transaction as the change), never only the appointment's current row: each event carries the start
 * the appointment had when it happened, so a later reschedule or cancel cannot rewrite an older item.
 */
type EventRow = AppointmentRow & {
  event_starts_at: string;
  event_previous_starts_at: string | null;
  occurred_at: string;
};

/**
 * Events of one kind in the last 7 days with their appointment and doctor: the caller's own
 * (`$1` = their uid) or, for a doctor, their patients' (`d.user_id = u.id`).
 */
const eventsSql = (whose: 'patient' | 'doctor', kind: string, extra = '') =>
  `SELECT ${APPOINTMENT_COLUMNS}, e.starts_at AS event_starts_at, e.previous_starts_at AS event_previous_starts_at,
          e.occurred_at
     FROM notification_events e JOIN appointments a ON a.id = e.appointment_id JOIN doctors d ON d.id = a.doctor_id
    WHERE ${whose === 'patient' ? 'e.patient_uid = $1' : 'd.user_id = u.id'} AND e.kind = '${kind}' ${extra}
      AND e.occurred_at > $2::timestamptz - interval '168 hours'
    ORDER BY e.occurred_at DESC LIMIT 20`;
const patientEventsSql = (kind: string, extra = '') => eventsSql('patient', kind, extra);
const doctorEventsSql = (kind: string, extra = '') => eventsSql('doctor', kind, extra);

/** The appointment as it was at the event: its start (and the one it moved from) then. */
const asAtEvent = (row: EventRow) =>
  toAppointment({
    ...row,
    starts_at: new Date(row.event_starts_at),
    rescheduled_from: row.event_previous_starts_at,
  });

/** 'appointment': the caller's bookings in the last 7 days, at the time they were booked for. */
export const appointmentSource: NotificationSource = {
  sql: patientEventsSql('booked'),
  build: (rows) =>
    (rows as unknown as EventRow[]).map(asAtEvent).map((a) => ({
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
};

const HOUR = 60 * 60 * 1000;

/** 'reminder': the caller's Scheduled or Confirmed appointments starting within 48 hours. */
export const reminderSource: NotificationSource = {
  sql: `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id
         WHERE a.patient_uid = $1 AND ${upcomingAppointmentSql('a', '$2::timestamptz')}
           AND a.starts_at <= $2::timestamptz + interval '48 hours'
         ORDER BY a.starts_at LIMIT 20`,
  build: (rows) =>
    (rows as unknown as AppointmentRow[]).map(toAppointment).map((a) => ({
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
};

/**
 * 'document': the caller's uploads in the last 7 days (metadata only), from the event record: a
 * document deleted since keeps its item, since the upload did happen.
 */
export const documentSource: NotificationSource = {
  sql: `SELECT document_id AS id, document_name AS name, occurred_at AS uploaded_at FROM notification_events
         WHERE patient_uid = $1 AND kind = 'document' AND occurred_at > $2::timestamptz - interval '168 hours'
         ORDER BY occurred_at DESC LIMIT 20`,
  build: (rows) =>
    (rows as { id: string; name: string; uploaded_at: string }[]).map((d) => ({
      id: `document:${d.id}`,
      type: 'document' as const,
      title: MESSAGES.notificationDocumentTitle,
      message: formatMessage('notificationDocumentBody', { name: d.name }),
      createdAt: new Date(d.uploaded_at).toISOString(),
    })),
};

/**
 * 'appointment': the caller's appointments a doctor cancelled in the last 7 days, with the
 * doctor's reason, dated at the moment of the cancellation.
 */
export const doctorCancelSource: NotificationSource = {
  sql: patientEventsSql('cancelled', `AND e.cancelled_by = 'doctor'`),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
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
};

/** The time of a moment as part of an id: each reschedule is a notification of its own. */
const stamp = (at: string) => new Date(at).getTime().toString(36);

/**
 * 'appointment': the caller's appointments they rescheduled in the last 7 days, dated
 * at the move, with the old and the new start as the patient reads dates.
 */
export const rescheduleSource: NotificationSource = {
  sql: patientEventsSql('rescheduled'),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
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
};

/**
 * 'appointment': for a doctor (the caller's account is the doctor's), their patients'
 * reschedules in the last 7 days. No health data: the dates only.
 */
export const doctorRescheduleSource: NotificationSource = {
  sql: doctorEventsSql('rescheduled'),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
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
};

/**
 * 'appointment': the caller's appointments cancelled by themselves or an admin in the
 * last 7 days (a doctor's cancellation has its own, with the reason: doctorCancelSource).
 */
export const cancelSource: NotificationSource = {
  sql: patientEventsSql('cancelled', `AND e.cancelled_by IN ('patient', 'admin')`),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
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
};

/** 'appointment': for a doctor, appointments their patients (or an admin) cancelled. */
export const doctorPatientCancelSource: NotificationSource = {
  sql: doctorEventsSql('cancelled', `AND e.cancelled_by IN ('patient', 'admin')`),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
      const a = asAtEvent(row);
      return {
        id: `doctor-cancelled:${a.id}`,
        type: 'appointment' as const,
        title: MESSAGES.notificationCancelledTitle,
        message: formatMessage('notificationDoctorCancelledBody', { date: formatAppointmentWhen(a) }),
        createdAt: new Date(row.occurred_at).toISOString(),
      };
    }),
};

/**
 * 'appointment': for a doctor, the appointments they cancelled themselves, with their reason: the
 * latest entry of their bell is then the cancellation, not the booking it undid.
 */
export const doctorOwnCancelSource: NotificationSource = {
  sql: doctorEventsSql('cancelled', `AND e.cancelled_by = 'doctor'`),
  build: (rows) =>
    (rows as unknown as EventRow[]).map((row) => {
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
};

/**
 * 'appointment': for a doctor, their appointments booked in the last 7 days, dated at the
 * booking, at the time booked then. No health data: the date only.
 */
export const doctorBookingSource: NotificationSource = {
  sql: doctorEventsSql('booked'),
  build: (rows) =>
    (rows as unknown as EventRow[]).map(asAtEvent).map((a) => ({
      id: `doctor-booked:${a.id}`,
      type: 'appointment' as const,
      title: MESSAGES.notificationDoctorBookedTitle,
      message: formatMessage('notificationDoctorBookedBody', { date: formatAppointmentWhen(a) }),
      createdAt: a.bookedAt,
    })),
};

type DecisionRow = {
  id: string;
  verification_status: string;
  rejection_reason: string | null;
  reviewed_at: string;
};

/**
 * 'system': the decision on the caller's own doctor application (approved, or rejected
 * with the reviewer's reason), dated at the review; each decision is a notification of its own.
 */
export const applicationDecisionSource: NotificationSource = {
  sql: `SELECT d.id, d.verification_status, d.rejection_reason, d.reviewed_at FROM doctors d
         WHERE d.user_id = u.id AND d.reviewed_at IS NOT NULL AND d.verification_status IN ('approved', 'rejected')`,
  build: (rows) =>
    (rows as unknown as DecisionRow[]).map((row) => {
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
};

type ChangeDecisionRow = {
  id: string;
  status: 'approved' | 'rejected';
  reason: string | null;
  decided_at: string;
  fields: string[];
};

/**
 * 'system': the decisions on the caller's own profile change requests (approved, or rejected with the
 * admin's reason), each dated at its decision. The request row keeps what was decided, so a later
 * request never rewrites an earlier item. Names the fields, never their values.
 */
export const changeRequestDecisionSource: NotificationSource = {
  sql: `SELECT r.id, r.status, r.reason, r.decided_at, ARRAY(SELECT jsonb_object_keys(r.changes)) AS fields
          FROM doctor_change_requests r JOIN doctors d ON d.id = r.doctor_id
         WHERE d.user_id = u.id AND r.status IN ('approved', 'rejected')
         ORDER BY r.decided_at DESC LIMIT 20`,
  build: (rows) =>
    (rows as unknown as ChangeDecisionRow[]).map((row) => {
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

/** Every source, in no particular order (the service sorts newest first). */
export const NOTIFICATION_SOURCES: NotificationSource[] = [
  welcomeSource,
  appointmentSource,
  reminderSource,
  documentSource,
  doctorCancelSource,
  rescheduleSource,
  doctorRescheduleSource,
  cancelSource,
  doctorPatientCancelSource,
  doctorOwnCancelSource,
  doctorBookingSource,
  applicationDecisionSource,
  changeRequestDecisionSource,
];
