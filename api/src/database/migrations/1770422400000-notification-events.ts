import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * An append-only record of what happened to a patient's appointments and documents, for the bell.
 * An appointment row keeps only its current start (and the one before its latest move), so items
 * derived from it rewrote history: a booking showed the new time after a reschedule, and vanished
 * with a cancel or a deleted document. Triggers write each event in the same transaction as the
 * change, whichever code path makes it, with the start the appointment had at that moment.
 * A deleted document keeps its event (the upload did happen); an erased appointment takes its events.
 */
export class NotificationEvents1770422400000 implements MigrationInterface {
  name = 'NotificationEvents1770422400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_events (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        patient_uid text NOT NULL,
        appointment_id uuid NULL,
        document_id uuid NULL,
        document_name text NULL,
        starts_at timestamptz NULL,
        previous_starts_at timestamptz NULL,
        cancelled_by text NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_notification_events PRIMARY KEY (id),
        CONSTRAINT chk_notification_events_kind
          CHECK (kind IN ('booked', 'rescheduled', 'cancelled', 'document')),
        CONSTRAINT fk_notification_events_appointment FOREIGN KEY (appointment_id)
          REFERENCES appointments (id) ON DELETE CASCADE
      )`);
    // Append-only for the serving role: it inserts (through the triggers) and reads, never rewrites.
    // An erased appointment's events still go with it: the cascade runs as the table's owner.
    await q.query(`REVOKE UPDATE, DELETE ON notification_events FROM ${APP_DB_ROLE}`);
    await q.query(
      `CREATE INDEX idx_notification_events_patient ON notification_events (patient_uid, occurred_at)`,
    );
    await q.query(`CREATE INDEX idx_notification_events_appointment ON notification_events (appointment_id)`);
    await q.query(`
      CREATE FUNCTION appointments_notification_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A row inserted already moved or cancelled (a restore, the demo seed) gets its history too.
        IF TG_OP = 'INSERT' THEN
          INSERT INTO notification_events (kind, patient_uid, appointment_id, starts_at, occurred_at)
          VALUES ('booked', NEW.patient_uid, NEW.id, COALESCE(NEW.rescheduled_from, NEW.starts_at), NEW.booked_at);
        END IF;
        -- A move is what sets rescheduled_at (a bare starts_at change is not one the patient made).
        IF NEW.rescheduled_at IS NOT NULL
           AND (TG_OP = 'INSERT' OR NEW.rescheduled_at IS DISTINCT FROM OLD.rescheduled_at) THEN
          INSERT INTO notification_events
            (kind, patient_uid, appointment_id, starts_at, previous_starts_at, occurred_at)
          VALUES ('rescheduled', NEW.patient_uid, NEW.id, NEW.starts_at,
                  CASE WHEN TG_OP = 'INSERT' THEN NEW.rescheduled_from ELSE OLD.starts_at END,
                  NEW.rescheduled_at);
        END IF;
        IF NEW.status = 'Cancelled' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'Cancelled') THEN
          INSERT INTO notification_events (kind, patient_uid, appointment_id, starts_at, cancelled_by, occurred_at)
          VALUES ('cancelled', NEW.patient_uid, NEW.id, NEW.starts_at, NEW.cancelled_by,
                  COALESCE(NEW.cancelled_at, now()));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_appointments_notification_events
        AFTER INSERT OR UPDATE OF starts_at, status, rescheduled_at ON appointments
        FOR EACH ROW EXECUTE FUNCTION appointments_notification_events()`);
    await q.query(`
      CREATE FUNCTION documents_notification_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO notification_events (kind, patient_uid, document_id, document_name, occurred_at)
        VALUES ('document', NEW.patient_uid, NEW.id, NEW.name, NEW.uploaded_at);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_documents_notification_events AFTER INSERT ON documents
        FOR EACH ROW EXECUTE FUNCTION documents_notification_events()`);
    // Backfill the bell's window (7 days) from what the rows still know: the start before a
    // reschedule is the best known original for the booking.
    await q.query(`
      INSERT INTO notification_events (kind, patient_uid, appointment_id, starts_at, occurred_at)
      SELECT 'booked', patient_uid, id, COALESCE(rescheduled_from, starts_at), booked_at FROM appointments
       WHERE booked_at > now() - interval '8 days'`);
    await q.query(`
      INSERT INTO notification_events
        (kind, patient_uid, appointment_id, starts_at, previous_starts_at, occurred_at)
      SELECT 'rescheduled', patient_uid, id, starts_at, rescheduled_from, rescheduled_at FROM appointments
       WHERE rescheduled_at > now() - interval '8 days'`);
    await q.query(`
      INSERT INTO notification_events (kind, patient_uid, appointment_id, starts_at, cancelled_by, occurred_at)
      SELECT 'cancelled', patient_uid, id, starts_at, cancelled_by, cancelled_at FROM appointments
       WHERE status = 'Cancelled' AND cancelled_at > now() - interval '8 days'`);
    await q.query(`
      INSERT INTO notification_events (kind, patient_uid, document_id, document_name, occurred_at)
      SELECT 'document', patient_uid, id, name, uploaded_at FROM documents
       WHERE uploaded_at > now() - interval '8 days'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS trg_documents_notification_events ON documents`);
    await q.query(`DROP FUNCTION IF EXISTS documents_notification_events()`);
    await q.query(`DROP TRIGGER IF EXISTS trg_appointments_notification_events ON appointments`);
    await q.query(`DROP FUNCTION IF EXISTS appointments_notification_events()`);
    await q.query(`DROP TABLE IF EXISTS notification_events`);
  }
}
