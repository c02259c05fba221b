import type { DataSource } from 'typeorm';
import { MESSAGES, formatMessage, type AppNotification } from '@medora/shared';
import {
  APPOINTMENT_COLUMNS,
  toAppointment,
  type AppointmentRow,
} from '../appointments/appointment-mapper.js';
import type { UserEntity } from '../users/user.entity.js';

/** What a source sees: the caller's user row, the clock and the database. */
export interface NotificationSourceContext {
  user: UserEntity;
  now: Date;
  ds: DataSource;
}

/** A notification before the per-user read state is applied. */
export type SourcedNotification = Omit<AppNotification, 'read'>;

/**
 * One source = one function from the caller's own data to notifications. Ids are stable
 * (`<source>:<key>`) so read state survives rebuilding the list on every request.
 */
export type NotificationSource = (ctx: NotificationSourceContext) => Promise<SourcedNotification[]>;

/** 'system': a welcome from the moment the account was registered. */
export const welcomeSource: NotificationSource = async ({ user }) => [
  {
    id: 'system:welcome',
    type: 'system',
    title: MESSAGES.notificationWelcomeTitle,
    message: MESSAGES.notificationWelcomeBody,
    createdAt: user.createdAt.toISOString(),
  },
];

const HOUR = 60 * 60 * 1000;

/** 'appointment' (issue 6): the caller's non-cancelled appointments booked in the last 7 days. */
export const appointmentSource: NotificationSource = async ({ user, now, ds }) => {
  const rows: AppointmentRow[] = await ds.query(
    `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id
      WHERE a.patient_uid = $1 AND a.status <> 'Cancelled' AND a.booked_at > $2
      ORDER BY a.booked_at DESC LIMIT 20`,
    [user.firebaseUid, new Date(now.getTime() - 7 * 24 * HOUR)],
  );
  return rows.map(toAppointment).map((a) => ({
    id: `appointment:${a.id}`,
    type: 'appointment' as const,
    title: MESSAGES.notificationAppointmentTitle,
    message: formatMessage('notificationAppointmentBody', {
      doctor: a.doctor,
      date: a.date,
      clinic: a.clinic,
    }),
    createdAt: a.bookedAt,
  }));
};

/** 'reminder' (issue 6): the caller's Scheduled or Confirmed appointments starting within 48 hours. */
export const reminderSource: NotificationSource = async ({ user, now, ds }) => {
  const rows: AppointmentRow[] = await ds.query(
    `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id
      WHERE a.patient_uid = $1 AND a.status IN ('Scheduled', 'Confirmed') AND a.starts_at > $2 AND a.starts_at <= $3
      ORDER BY a.starts_at LIMIT 20`,
    [user.firebaseUid, now, new Date(now.getTime() + 48 * HOUR)],
  );
  return rows.map(toAppointment).map((a) => ({
    id: `reminder:${a.id}`,
    type: 'reminder' as const,
    // Shown from 48 h before the start, so it sorts among the other notifications by that moment.
    createdAt: new Date(
      Math.max(new Date(a.startsAt).getTime() - 48 * HOUR, new Date(a.bookedAt).getTime()),
    ).toISOString(),
    title: MESSAGES.notificationReminderTitle,
    message: formatMessage('notificationReminderBody', { doctor: a.doctor, date: a.date, clinic: a.clinic }),
  }));
};

/** 'document' (issue 5): the caller's documents uploaded in the last 7 days (metadata only). */
export const documentSource: NotificationSource = async ({ user, now, ds }) => {
  const rows: { id: string; name: string; uploaded_at: Date }[] = await ds.query(
    `SELECT id, name, uploaded_at FROM documents
      WHERE patient_uid = $1 AND uploaded_at > $2
      ORDER BY uploaded_at DESC LIMIT 20`,
    [user.firebaseUid, new Date(now.getTime() - 7 * 24 * HOUR)],
  );
  return rows.map((d) => ({
    id: `document:${d.id}`,
    type: 'document' as const,
    title: MESSAGES.notificationDocumentTitle,
    message: formatMessage('notificationDocumentBody', { name: d.name }),
    createdAt: new Date(d.uploaded_at).toISOString(),
  }));
};

/** Every source, in no particular order (the service sorts newest first). */
export const NOTIFICATION_SOURCES: NotificationSource[] = [
  welcomeSource,
  appointmentSource,
  reminderSource,
  documentSource,
];
