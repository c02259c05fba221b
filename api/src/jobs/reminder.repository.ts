import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES, REMINDER_LEAD_HOURS } from '@medora/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { activeAppointmentSql, openAppointmentSql } from '../appointments/appointment-sql.rules.js';

/** The longest lead a patient can choose: no reminder is due for a start later than now + this. */
const MAX_LEAD_HOURS = Math.max(...REMINDER_LEAD_HOURS);
/**
 * Records the reminders due at `now` (at most `batch`) and returns them. Due: an open appointment
 * that starts after `now` and within the patient's lead (user_preferences, else the shared default),
 * reminders on, and none recorded yet for this start. The range on `starts_at` (now, now + the
 * longest lead] is what `idx_appointments_starts_active` serves: the cost follows the appointments in
 * the next two days, not the table. ON CONFLICT: a sweep running at the same moment in another
 * process waits for ours at the key and then records nothing, so each reminder is enqueued once.
 */
export const RECORD_DUE_SQL = `
  WITH due AS (
    SELECT a.id, a.starts_at
      FROM appointments a
      JOIN users u ON u.firebase_uid = a.patient_uid
      LEFT JOIN user_preferences p ON p.user_id = u.id
     WHERE ${activeAppointmentSql('a')} AND ${openAppointmentSql('a')}
       AND a.starts_at > $1 AND a.starts_at <= $1 + make_interval(hours => ${MAX_LEAD_HOURS})
       AND a.starts_at - make_interval(hours => COALESCE(p.reminder_lead_hours, $2)) <= $1
       AND COALESCE(p.email_reminders, $3)
       AND NOT EXISTS (
         SELECT 1 FROM appointment_reminders r WHERE r.appointment_id = a.id AND r.starts_at = a.starts_at)
     ORDER BY a.starts_at
     LIMIT $4
  )
  INSERT INTO appointment_reminders (appointment_id, starts_at, enqueued_at)
  SELECT id, starts_at, $1 FROM due
  ON CONFLICT DO NOTHING
  RETURNING appointment_id, starts_at`;

/**
 * Records the medication reminders due at `$1` (at most `$4`) and returns them: a taken medicine whose
 * reminder is daily at HH:MM (today's in the clinic zone `$2`) or a refill reminder (09:00 on the day
 * `daysBefore` days before `runsOutOn`), due within the last day, reminders on (`$3` the default), and
 * not recorded yet for that instant. ON CONFLICT: another process's sweep records nothing twice.
 */
export const RECORD_DUE_MEDICATIONS_SQL = `
  WITH candidates AS (
    SELECT m.id,
           CASE m.reminder->>'kind'
             WHEN 'daily' THEN (($1::timestamptz AT TIME ZONE $2)::date + (m.reminder->>'time')::time) AT TIME ZONE $2
             ELSE (((m.reminder->>'runsOutOn')::date - (m.reminder->>'daysBefore')::int) + time '09:00') AT TIME ZONE $2
           END AS due_at
      FROM medications m
      JOIN users u ON u.firebase_uid = m.patient_uid
      LEFT JOIN user_preferences p ON p.user_id = u.id
     WHERE m.status = 'taking' AND m.reminder->>'kind' IN ('daily', 'refill')
       AND COALESCE(p.email_reminders, $3)
  ), due AS (
    SELECT c.id, c.due_at FROM candidates c
     WHERE c.due_at <= $1 AND c.due_at > $1 - interval '1 day'
       AND NOT EXISTS (SELECT 1 FROM medication_reminders_sent s WHERE s.medication_id = c.id AND s.due_at = c.due_at)
     ORDER BY c.due_at
     LIMIT $4
  )
  INSERT INTO medication_reminders_sent (medication_id, due_at, enqueued_at)
  SELECT id, due_at, $1 FROM due
  ON CONFLICT DO NOTHING
  RETURNING medication_id, due_at`;

export interface DueMedicationReminder {
  medicationId: string;
  dueAt: Date;
}

export interface DueReminder {
  appointmentId: string;
  startsAt: Date;
}

/** The reminders the sweep recorded; the SQL of the sweep. */
@Injectable()
export class ReminderRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * In one transaction: records at most `batch` reminders due at `now` and hands them to `enqueue`
   * with the transaction's manager (a failure there rolls the records back). Returns how many.
   */
  async recordDue(
    now: Date,
    batch: number,
    enqueue: (m: EntityManager, due: DueReminder[]) => Promise<unknown>,
  ): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query<{ appointment_id: string; starts_at: Date }[]>(RECORD_DUE_SQL, [
        now,
        DEFAULT_NOTIFICATION_PREFERENCES.reminderLeadHours,
        DEFAULT_NOTIFICATION_PREFERENCES.emailReminders,
        batch,
      ]);
      await enqueue(
        m,
        rows.map((r) => ({ appointmentId: r.appointment_id, startsAt: new Date(r.starts_at) })),
      );
      return rows.length;
    });
  }

  /** `recordDue` for medication reminders (in the clinic zone `timeZone`). */
  async recordDueMedications(
    now: Date,
    timeZone: string,
    batch: number,
    enqueue: (m: EntityManager, due: DueMedicationReminder[]) => Promise<unknown>,
  ): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query<{ medication_id: string; due_at: Date }[]>(RECORD_DUE_MEDICATIONS_SQL, [
        now,
        timeZone,
        DEFAULT_NOTIFICATION_PREFERENCES.emailReminders,
        batch,
      ]);
      await enqueue(
        m,
        rows.map((r) => ({ medicationId: r.medication_id, dueAt: new Date(r.due_at) })),
      );
      return rows.length;
    });
  }
}
