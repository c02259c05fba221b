import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APPOINTMENT_COLUMNS, type AppointmentRow } from '../appointments/appointments.repository.js';
import { upcomingAppointmentSql } from '../appointments/appointment-sql.rules.js';
import { USER_COLUMNS, type UserRow } from '../users/users.repository.js';
import { NotificationReadEntity } from './notification-read.entity.js';

/**
 * Items about appointments read `notification_events` (append-only, written by a trigger in the same
 * transaction as the change), never only the appointment's current row: each event carries the start
 * the appointment had when it happened, so a later reschedule or cancel cannot rewrite an older item.
 */
export type EventRow = AppointmentRow & {
  event_starts_at: string;
  event_previous_starts_at: string | null;
  occurred_at: string;
};

/** An uploaded document as its event recorded it (metadata only). */
export interface DocumentEventRow {
  id: string;
  name: string;
  uploaded_at: string;
}

/** The decision on a doctor application. */
export interface DecisionRow {
  id: string;
  verification_status: string;
  rejection_reason: string | null;
  reviewed_at: string;
}

/** The decision on a profile change request, with the names of the fields it changed. */
export interface ChangeDecisionRow {
  id: string;
  status: 'approved' | 'rejected';
  reason: string | null;
  decided_at: string;
  fields: string[];
}

/**
 * The rows each notification source reads (notification-sources.ts turns them into notifications).
 * They reach the service as JSON: timestamps as text.
 */
export interface NotificationSourceRows {
  welcome: { done: number }[];
  appointment: EventRow[];
  reminder: AppointmentRow[];
  document: DocumentEventRow[];
  doctorCancel: EventRow[];
  reschedule: EventRow[];
  doctorReschedule: EventRow[];
  cancel: EventRow[];
  doctorPatientCancel: EventRow[];
  doctorOwnCancel: EventRow[];
  doctorBooking: EventRow[];
  applicationDecision: DecisionRow[];
  changeRequestDecision: ChangeDecisionRow[];
}

export type NotificationSourceName = keyof NotificationSourceRows;

/** The caller's user row, their in-app setting and every source's rows. */
export type SourcesRow = UserRow & {
  /** The user's in-app notifications setting; null when they never saved preferences. */
  inAppNotifications: boolean | null;
  sources: NotificationSourceRows;
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

/**
 * Each source's query of the caller's own data, with `$1` = the caller's firebase uid, `$2` = now and
 * `u` = the caller's users row. What each asks for is told beside its builder (notification-sources.ts).
 */
const SOURCE_SQL: Record<NotificationSourceName, string> = {
  welcome: `SELECT 1 AS done FROM patient_profiles WHERE firebase_uid = $1 LIMIT 1`,
  appointment: patientEventsSql('booked'),
  reminder: `SELECT ${APPOINTMENT_COLUMNS} FROM appointments a JOIN doctors d ON d.id = a.doctor_id
         WHERE a.patient_uid = $1 AND ${upcomingAppointmentSql('a', '$2::timestamptz')}
           AND a.starts_at <= $2::timestamptz + interval '48 hours'
         ORDER BY a.starts_at LIMIT 20`,
  document: `SELECT document_id AS id, document_name AS name, occurred_at AS uploaded_at FROM notification_events
         WHERE patient_uid = $1 AND kind = 'document' AND occurred_at > $2::timestamptz - interval '168 hours'
         ORDER BY occurred_at DESC LIMIT 20`,
  doctorCancel: patientEventsSql('cancelled', `AND e.cancelled_by = 'doctor'`),
  reschedule: patientEventsSql('rescheduled'),
  doctorReschedule: doctorEventsSql('rescheduled'),
  cancel: patientEventsSql('cancelled', `AND e.cancelled_by IN ('patient', 'admin')`),
  doctorPatientCancel: doctorEventsSql('cancelled', `AND e.cancelled_by IN ('patient', 'admin')`),
  doctorOwnCancel: doctorEventsSql('cancelled', `AND e.cancelled_by = 'doctor'`),
  doctorBooking: doctorEventsSql('booked'),
  applicationDecision: `SELECT d.id, d.verification_status, d.rejection_reason, d.reviewed_at FROM doctors d
         WHERE d.user_id = u.id AND d.reviewed_at IS NOT NULL AND d.verification_status IN ('approved', 'rejected')`,
  changeRequestDecision: `SELECT r.id, r.status, r.reason, r.decided_at, ARRAY(SELECT jsonb_object_keys(r.changes)) AS fields
          FROM doctor_change_requests r JOIN doctors d ON d.id = r.doctor_id
         WHERE d.user_id = u.id AND r.status IN ('approved', 'rejected')
         ORDER BY r.decided_at DESC LIMIT 20`,
};

/**
 * The caller's user row with every source's rows as one JSON object (`sources`, by source name): one
 * statement however many sources there are (a list request issues a fixed number of statements).
 */
const SOURCES_SQL = `SELECT ${USER_COLUMNS},
      (SELECT p.in_app_notifications FROM user_preferences p WHERE p.user_id = u.id) AS "inAppNotifications",
      json_build_object(${Object.entries(SOURCE_SQL)
        .map(([name, sql]) => `'${name}', (SELECT COALESCE(json_agg(r), '[]'::json) FROM (${sql}) r)`)
        .join(',\n        ')}) AS sources
    FROM users u WHERE u.firebase_uid = $1`;

/** Data access for notifications: the sources' rows and the per-user read state. */
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectRepository(NotificationReadEntity) private readonly repo: Repository<NotificationReadEntity>,
  ) {}

  /** The caller's row with every source's rows, for a firebase uid; null for an unregistered one. */
  async sourcesRow(firebaseUid: string, now: Date): Promise<SourcesRow | null> {
    const [row]: SourcesRow[] = await this.repo.query(SOURCES_SQL, [firebaseUid, now]);
    return row ?? null;
  }

  /** Which of `ids` the user has read. */
  async readIds(userId: string, ids: string[]): Promise<Set<string>> {
    const reads: { id: string }[] = await this.repo.query(
      `SELECT notification_id AS id FROM notification_reads WHERE user_id = $1 AND notification_id = ANY($2)`,
      [userId, ids],
    );
    return new Set(reads.map((r) => r.id));
  }

  async markRead(userId: string, ids: string[]): Promise<void> {
    await this.repo.query(
      `INSERT INTO notification_reads (user_id, notification_id)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [userId, ids],
    );
  }
}
