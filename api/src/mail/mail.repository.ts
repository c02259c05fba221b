import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type UnsubscribeList } from '@medora/shared';
import { consultationLength } from '../appointments/appointment-ics.contract.js';
import { leanQuery } from '../common/lean-query.js';
import { hasHoursSql } from '../appointments/appointment-sql.rules.js';
import type { AppointmentMailFacts } from './mail-composer.js';

/** One recipient's address and whether they want the mail (preferences, with the shared defaults). */
export interface MailRecipient {
  uid: string;
  email: string | null;
  emailBookingConfirmations: boolean;
  emailReminders: boolean;
  /** The version of the reminders preference an unsubscribe link of this mail names. */
  remindersVersion: number;
}

/** An unsubscribe list's preference of one user: on or off, and its version (bumped by each change). */
export interface ListPreference {
  on: boolean;
  version: number;
}

/**
 * The preference column and its version column of each list a link can turn off: a token changes
 * exactly the one its claims name.
 */
const LIST_COLUMNS: Record<UnsubscribeList, { flag: string; version: string }> = {
  reminders: { flag: 'email_reminders', version: 'email_reminders_version' },
};

export interface AppointmentMailRow {
  facts: AppointmentMailFacts;
  cancelled: boolean;
  patient: MailRecipient | null;
  doctor: MailRecipient | null;
}

interface Row {
  id: string;
  starts_at: Date;
  status: string;
  clinic: string;
  doctor_name: string;
  specialty: string;
  time_zone: string;
  minutes: number | null;
  booked_at: Date;
  cancelled_at: Date | null;
  rescheduled_at: Date | null;
  patient_uid: string;
  patient_email: string | null;
  patient_confirmations: boolean | null;
  patient_reminders: boolean | null;
  patient_reminders_version: number | null;
  doctor_uid: string | null;
  doctor_email: string | null;
  doctor_confirmations: boolean | null;
  doctor_reminders: boolean | null;
  doctor_reminders_version: number | null;
}

const seconds = (from: Date, to: Date) => Math.max(1, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The calendar file's SEQUENCE (RFC 5545 §3.8.7.4) without a counter column: 0 when booked, then the
 * seconds from the booking to the last change, which only grow — a move, then a cancel, each higher.
 */
export function icsSequence(row: Pick<Row, 'booked_at' | 'cancelled_at' | 'rescheduled_at'>): number {
  const booked = new Date(row.booked_at);
  const moved = row.rescheduled_at ? seconds(booked, new Date(row.rescheduled_at)) : 0;
  if (!row.cancelled_at) return moved;
  return Math.max(moved + 1, seconds(booked, new Date(row.cancelled_at)));
}

function recipient(
  uid: string | null,
  email: string | null,
  confirmations: boolean | null,
  reminders: boolean | null,
  remindersVersion: number | null,
): MailRecipient | null {
  if (!uid) return null;
  return {
    uid,
    email,
    emailBookingConfirmations: confirmations ?? DEFAULT_NOTIFICATION_PREFERENCES.emailBookingConfirmations,
    emailReminders: reminders ?? DEFAULT_NOTIFICATION_PREFERENCES.emailReminders,
    remindersVersion: remindersVersion ?? 0,
  };
}

/**
 * What the mails read: the appointment's clinic, doctor and time, never its notes or
 * the patient's intake; the addresses of the patient and of the doctor's linked account; and their
 * preferences.
 */
@Injectable()
export class MailRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * A medicine's reminder as its mail reads it: the patient's address and reminder preference, and
   * whether the reminder still holds (the medicine taken, its reminder on). Never the drug's name.
   */
  async medicationReminder(id: string): Promise<{ patient: MailRecipient; holds: boolean } | null> {
    const [row] = await this.ds.query<
      {
        patient_uid: string;
        email: string | null;
        reminders: boolean | null;
        reminders_version: number | null;
        holds: boolean;
      }[]
    >(
      `SELECT m.patient_uid, u.email, p.email_reminders AS reminders, p.email_reminders_version AS reminders_version,
              (m.status = 'taking' AND m.reminder->>'kind' <> 'off') AS holds
         FROM medications m
         LEFT JOIN users u ON u.firebase_uid = m.patient_uid
         LEFT JOIN user_preferences p ON p.user_id = u.id
        WHERE m.id = $1`,
      [id],
    );
    if (!row) return null;
    return {
      patient: recipient(row.patient_uid, row.email, null, row.reminders, row.reminders_version)!,
      holds: row.holds,
    };
  }

  async appointment(id: string): Promise<AppointmentMailRow | null> {
    const [row] = await this.ds.query<Row[]>(
      `SELECT a.id, a.starts_at, a.status, a.clinic, a.doctor_name, a.specialty, d.time_zone,
              d.consultation_duration AS minutes, a.booked_at, a.cancelled_at, a.rescheduled_at,
              a.patient_uid, pu.email AS patient_email,
              pp.email_booking_confirmations AS patient_confirmations, pp.email_reminders AS patient_reminders,
              pp.email_reminders_version AS patient_reminders_version,
              du.firebase_uid AS doctor_uid, du.email AS doctor_email,
              dp.email_booking_confirmations AS doctor_confirmations, dp.email_reminders AS doctor_reminders,
              dp.email_reminders_version AS doctor_reminders_version
         FROM appointments a
         JOIN doctors d ON d.id = a.doctor_id
         LEFT JOIN users pu ON pu.firebase_uid = a.patient_uid
         LEFT JOIN user_preferences pp ON pp.user_id = pu.id
         LEFT JOIN users du ON du.id = d.user_id
         LEFT JOIN user_preferences dp ON dp.user_id = du.id
        WHERE a.id = $1`,
      [id],
    );
    if (!row) return null;
    return {
      facts: {
        id: row.id,
        startsAt: new Date(row.starts_at),
        timeZone: row.time_zone,
        clinic: row.clinic,
        doctor: row.doctor_name,
        specialty: row.specialty,
        durationMinutes: consultationLength(row.minutes),
        sequence: icsSequence(row),
      },
      cancelled: row.status === 'Cancelled',
      patient: recipient(
        row.patient_uid,
        row.patient_email,
        row.patient_confirmations,
        row.patient_reminders,
        row.patient_reminders_version,
      ),
      doctor: recipient(
        row.doctor_uid,
        row.doctor_email,
        row.doctor_confirmations,
        row.doctor_reminders,
        row.doctor_reminders_version,
      ),
    };
  }

  /** The applicant's address, and the decision and reason their application holds now. */
  async application(
    doctorId: string,
  ): Promise<{ email: string | null; status: string; reason: string | null; hasHours: boolean } | null> {
    const [row] = await this.ds.query<
      { email: string | null; status: string; reason: string | null; hasHours: boolean }[]
    >(
      `SELECT u.email, d.verification_status AS status, d.rejection_reason AS reason,
              ${hasHoursSql('d')} AS "hasHours"
         FROM doctors d JOIN users u ON u.id = d.user_id
        WHERE d.id = $1`,
      [doctorId],
    );
    return row ?? null;
  }

  /** The doctor's address, and the decision, reason and fields a change request holds now. */
  async changeRequest(
    requestId: string,
  ): Promise<{ email: string | null; status: string; reason: string | null; fields: string[] } | null> {
    const [row] = await this.ds.query<
      { email: string | null; status: string; reason: string | null; fields: string[] }[]
    >(
      `SELECT u.email, r.status, r.reason, ARRAY(SELECT jsonb_object_keys(r.changes)) AS fields
         FROM doctor_change_requests r JOIN doctors d ON d.id = r.doctor_id JOIN users u ON u.id = d.user_id
        WHERE r.id = $1`,
      [requestId],
    );
    return row ?? null;
  }

  /** The user's preference of `list` (the shared default while they have no row); null: no such user. */
  async listPreference(uid: string, list: UnsubscribeList): Promise<ListPreference | null> {
    const c = LIST_COLUMNS[list];
    const [row] = await this.ds.query<{ on: boolean | null; version: number | null }[]>(
      `SELECT p.${c.flag} AS on, p.${c.version} AS version
         FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
        WHERE u.firebase_uid = $1`,
      [uid],
    );
    if (!row) return null;
    return {
      on: row.on ?? DEFAULT_NOTIFICATION_PREFERENCES.emailReminders,
      version: row.version ?? 0,
    };
  }

  /**
   * Turns `list` off for the user, keeping every other preference, only while it is on at `version`
   * (the trigger then bumps the version); true when this call changed it. A user without a row is at
   * version 0 with the defaults.
   */
  async unsubscribe(uid: string, list: UnsubscribeList, version: number): Promise<boolean> {
    const c = LIST_COLUMNS[list];
    if (version > 0) {
      // A version above 0 exists only in a row. leanQuery: TypeORM answers an UPDATE with [rows, count].
      const updated = await leanQuery<unknown>(
        this.ds,
        `UPDATE user_preferences p SET ${c.flag} = false, updated_at = now()
           FROM users u
          WHERE u.firebase_uid = $1 AND p.user_id = u.id AND p.${c.flag} AND p.${c.version} = $2
         RETURNING p.user_id`,
        [uid, version],
      );
      return updated.length > 0;
    }
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    const values: Record<string, boolean | number> = {
      email_booking_confirmations: d.emailBookingConfirmations,
      email_reminders: d.emailReminders,
      reminder_lead_hours: d.reminderLeadHours,
      in_app_notifications: d.inAppNotifications,
      [c.flag]: false,
    };
    const columns = Object.keys(values);
    const rows = await leanQuery<unknown>(
      this.ds,
      `INSERT INTO user_preferences AS p (user_id, ${columns.join(', ')})
       SELECT u.id, ${columns.map((_, i) => `$${i + 2}`).join(', ')} FROM users u WHERE u.firebase_uid = $1
       ON CONFLICT (user_id) DO UPDATE SET ${c.flag} = false, updated_at = now()
        WHERE p.${c.flag} AND p.${c.version} = 0
       RETURNING p.user_id`,
      [uid, ...Object.values(values)],
    );
    return rows.length > 0;
  }

  async userExists(uid: string): Promise<boolean> {
    const rows = await this.ds.query<unknown[]>(`SELECT 1 FROM users WHERE firebase_uid = $1`, [uid]);
    return rows.length > 0;
  }
}
