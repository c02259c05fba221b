import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { IntakeAnswers, Medication, MedicationReminder, MedicationReview } from '@medora/shared';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import { activeAppointmentSql, approvedDoctorSql } from '../appointments/appointment-sql.rules.js';
import { camelizeRow, returnedRows } from '../common/sql-rows.js';

/** The columns a caller may set, by their field name (everything else is the server's). */
export const WRITABLE_COLUMNS = {
  name: 'name',
  medicineId: 'medicine_id',
  strength: 'strength',
  form: 'form',
  dose: 'dose',
  frequency: 'frequency',
  startedOn: 'started_on',
  startedText: 'started_text',
  reason: 'reason',
  conditionKey: 'condition_key',
  prescriber: 'prescriber',
  notes: 'notes',
} as const;
export type WritableField = keyof typeof WRITABLE_COLUMNS;

/** What a write may change besides the writable fields. */
export interface ServerColumns {
  status?: Medication['status'];
  statusOn?: string | null;
  statusReason?: string | null;
  reminder?: MedicationReminder;
  confirmedAt?: 'now';
  patientChanged?: boolean;
}

export type NewMedication = Partial<Record<WritableField, string | null>> & {
  patientUid: string;
  name: string;
  source: Medication['source'];
  prescriberUid: string | null;
  appointmentId: string | null;
  proposalKey: string | null;
  confirmed: boolean;
};

/** Dates as text (a `date` column read as a JS Date would shift with the process's time zone). */
const COLUMNS = `m.id, m.patient_uid, m.name, m.medicine_id, m.strength, m.form, m.dose, m.frequency,
  m.started_on::text AS started_on, m.started_text, m.reason, m.condition_key, m.prescriber,
  m.prescriber_uid, m.status, m.status_on::text AS status_on, m.status_reason, m.notes, m.source,
  m.confirmed_at, m.reminder, m.created_at, m.updated_at, m.version, m.proposal_key,
  ${KEYSET_TIME_SQL('m.updated_at')} AS keyset_at`;

export type MedicationRow = Omit<Medication, 'confirmedAt' | 'createdAt' | 'updatedAt'> & {
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  proposalKey: string | null;
  keysetAt: string;
};

const toRow = (r: Record<string, unknown>) => camelizeRow<MedicationRow>(r);

/** The intake of the patient `$1`: the profile's answers and the latest visit that set them. */
const INTAKE_SQL = `iv.id AS intake_visit_id, p.data AS intake_answers`;
const INTAKE_JOIN_SQL = `LEFT JOIN patient_profiles p ON p.firebase_uid = $1
  LEFT JOIN LATERAL (SELECT v.id FROM patient_visits v WHERE v.firebase_uid = $1 AND v.kind <> 'follow-up'
                      ORDER BY v.visited_at DESC, v.id DESC LIMIT 1) iv ON true`;

/** The answers suggestions are drawn from, and the visit whose id keys them. */
export interface Intake {
  visitId: string;
  answers: IntakeAnswers;
}

const intakeOf = (r: { intake_visit_id: string | null; intake_answers: IntakeAnswers | null }) =>
  r.intake_visit_id && r.intake_answers ? { visitId: r.intake_visit_id, answers: r.intake_answers } : null;

/** A confirmed medicine as the clinical summary reads it. */
export type ConfirmedMedicine = Pick<
  Medication,
  'name' | 'medicineId' | 'strength' | 'dose' | 'frequency' | 'status'
>;

export interface ListView {
  current: MedicationRow[];
  lastConfirmedAt: Date | null;
  usedKeys: string[];
  /** The texts of dismissed suggestions (lower case): a later intake does not suggest them again. */
  dismissedTexts: string[];
  lastReview: MedicationReview | null;
  intake: Intake | null;
}

/** The SQL of the medicine list (medications, medication_dismissals, medication_reviews). */
@Injectable()
export class MedicationsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Runs `work` in one transaction that first serialises the list writes of one patient (two tabs
   * confirming one suggestion cannot both pass the check).
   */
  withPatientLock<T>(uid: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 29))`, [uid]);
      return work(m);
    });
  }

  /** Stopped medicines, last changed first, after `after`; `limit` rows at most. */
  async stopped(uid: string, after: KeysetPosition | null, limit: number): Promise<MedicationRow[]> {
    const rows = await this.ds.query<Record<string, unknown>[]>(
      `SELECT ${COLUMNS} FROM medications m
        WHERE m.patient_uid = $1 AND m.status = 'stopped'
          AND ($2::timestamptz IS NULL OR (m.updated_at, m.id) < ($2::timestamptz, $3::uuid))
        ORDER BY m.updated_at DESC, m.id DESC
        LIMIT $4`,
      [uid, after?.at ?? null, after?.id ?? null, limit],
    );
    return rows.map(toRow);
  }

  /**
   * Everything the list shows, in one statement: the current medicines, when the patient last
   * confirmed or changed the list, the proposal keys and texts already used (on the list or dismissed),
   * the last doctor's review, and the intake the suggestions come from (the profile's answers, keyed
   * by the latest visit that set them: a follow-up visit does not).
   */
  async listView(uid: string): Promise<ListView> {
    const [row] = await this.ds.query<Record<string, unknown>[]>(
      `SELECT COALESCE((SELECT json_agg(c ORDER BY c.created_at, c.id)
                          FROM (SELECT ${COLUMNS} FROM medications m
                                 WHERE m.patient_uid = $1 AND m.status IN ('taking', 'paused')) c), '[]') AS current,
              (SELECT max(patient_changed_at) FROM medications WHERE patient_uid = $1) AS last_confirmed_at,
              ARRAY(SELECT proposal_key FROM medications WHERE patient_uid = $1 AND proposal_key IS NOT NULL
                    UNION SELECT proposal_key FROM medication_dismissals WHERE patient_uid = $1) AS used_keys,
              ARRAY(SELECT lower(source_text) FROM medication_dismissals
                     WHERE patient_uid = $1 AND source_text IS NOT NULL) AS dismissed_texts,
              r.reviewed_at, r.doctor_uid, r.doctor_name, r.appointment_id,
              ${INTAKE_SQL}
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (SELECT * FROM medication_reviews WHERE patient_uid = $1
                             ORDER BY reviewed_at DESC, id DESC LIMIT 1) r ON true
         ${INTAKE_JOIN_SQL}`,
      [uid],
    );
    const r = row as {
      current: Record<string, unknown>[];
      last_confirmed_at: Date | null;
      used_keys: string[];
      dismissed_texts: string[];
      reviewed_at: Date | null;
      doctor_uid: string | null;
      doctor_name: string | null;
      appointment_id: string | null;
      intake_visit_id: string | null;
      intake_answers: IntakeAnswers | null;
    };
    return {
      current: r.current.map(toRow),
      lastConfirmedAt: r.last_confirmed_at,
      usedKeys: r.used_keys,
      dismissedTexts: r.dismissed_texts,
      lastReview:
        r.reviewed_at && r.doctor_uid
          ? {
              reviewedAt: new Date(r.reviewed_at).toISOString(),
              doctorUid: r.doctor_uid,
              doctorName: r.doctor_name ?? '',
              appointmentId: r.appointment_id,
            }
          : null,
      intake: intakeOf(r),
    };
  }

  /** The intake the suggestions come from (for a write that confirms or dismisses one). */
  async intake(m: EntityManager, uid: string): Promise<Intake | null> {
    const [row] = await m.query<{ intake_visit_id: string | null; intake_answers: IntakeAnswers | null }[]>(
      `SELECT ${INTAKE_SQL} FROM (SELECT 1) one ${INTAKE_JOIN_SQL}`,
      [uid],
    );
    return row ? intakeOf(row) : null;
  }

  /** The patient's confirmed medicines, as the clinical summary reads them (oldest first). */
  listedForSummary(uid: string): Promise<ConfirmedMedicine[]> {
    return this.ds.query<ConfirmedMedicine[]>(
      `SELECT name, medicine_id AS "medicineId", strength, dose, frequency, status FROM medications
        WHERE patient_uid = $1 AND confirmed_at IS NOT NULL ORDER BY created_at, id`,
      [uid],
    );
  }

  /** Whether the proposal key is already on the list or dismissed. */
  async proposalUsed(m: EntityManager, uid: string, key: string): Promise<boolean> {
    const rows = await m.query<unknown[]>(
      `SELECT 1 FROM medications WHERE patient_uid = $1 AND proposal_key = $2
        UNION ALL SELECT 1 FROM medication_dismissals WHERE patient_uid = $1 AND proposal_key = $2`,
      [uid, key],
    );
    return rows.length > 0;
  }

  async insert(m: EntityManager, input: NewMedication): Promise<MedicationRow> {
    const fields = Object.keys(WRITABLE_COLUMNS) as WritableField[];
    const given = fields.filter((f) => input[f] !== undefined);
    const columns = [
      'patient_uid',
      'name',
      'source',
      'prescriber_uid',
      'appointment_id',
      'proposal_key',
      ...given.filter((f) => f !== 'name').map((f) => WRITABLE_COLUMNS[f]),
    ];
    const values: unknown[] = [
      input.patientUid,
      input.name,
      input.source,
      input.prescriberUid,
      input.appointmentId,
      input.proposalKey,
      ...given.filter((f) => f !== 'name').map((f) => input[f]),
    ];
    const confirmed = input.confirmed ? ', confirmed_at, patient_changed_at' : '';
    const confirmedValues = input.confirmed ? ', now(), now()' : '';
    const [row] = returnedRows<Record<string, unknown>>(
      await m.query(
        `WITH m AS (INSERT INTO medications (${columns.join(', ')}${confirmed})
                    VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}${confirmedValues}) RETURNING *)
         SELECT ${COLUMNS} FROM m`,
        values,
      ),
    );
    return toRow(row!);
  }

  /**
   * Changes the patient's entry `id` made on `version` (the version goes up by one); null when no
   * entry of that id and version is the patient's (`exists` then tells 404 from 409).
   */
  async update(
    uid: string,
    id: string,
    version: number,
    fields: Partial<Record<WritableField, string | null>>,
    server: ServerColumns,
  ): Promise<MedicationRow | null> {
    const sets: string[] = [];
    const values: unknown[] = [id, uid, version];
    const set = (column: string, value: unknown, cast = '') => {
      values.push(value);
      sets.push(`${column} = $${values.length}${cast}`);
    };
    for (const [field, value] of Object.entries(fields) as [WritableField, string | null | undefined][]) {
      if (value !== undefined) set(WRITABLE_COLUMNS[field], value);
    }
    if (server.status !== undefined) set('status', server.status);
    if (server.statusOn !== undefined) set('status_on', server.statusOn, '::date');
    if (server.statusReason !== undefined) set('status_reason', server.statusReason);
    if (server.reminder !== undefined) set('reminder', JSON.stringify(server.reminder), '::jsonb');
    if (server.confirmedAt) sets.push('confirmed_at = COALESCE(confirmed_at, now())');
    if (server.patientChanged) sets.push('patient_changed_at = now()');
    const [row] = returnedRows<Record<string, unknown>>(
      await this.ds.query(
        `WITH m AS (UPDATE medications SET ${[...sets, 'updated_at = now()', 'version = version + 1'].join(', ')}
                     WHERE id = $1 AND patient_uid = $2 AND version = $3 RETURNING *)
         SELECT ${COLUMNS} FROM m`,
        values,
      ),
    );
    return row ? toRow(row) : null;
  }

  /** The patient's entry `id` (any status), or null. */
  async find(uid: string, id: string): Promise<MedicationRow | null> {
    const [row] = await this.ds.query<Record<string, unknown>[]>(
      `SELECT ${COLUMNS} FROM medications m WHERE m.id = $1 AND m.patient_uid = $2`,
      [id, uid],
    );
    return row ? toRow(row) : null;
  }

  /** Deletes the patient's entry; whether there was one. */
  async remove(uid: string, id: string): Promise<boolean> {
    const rows = returnedRows(
      await this.ds.query(`DELETE FROM medications WHERE id = $1 AND patient_uid = $2 RETURNING id`, [
        id,
        uid,
      ]),
    );
    return rows.length > 0;
  }

  async dismiss(m: EntityManager, uid: string, key: string, sourceText: string): Promise<void> {
    await m.query(
      `INSERT INTO medication_dismissals (patient_uid, proposal_key, source_text) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [uid, key, sourceText],
    );
  }

  async addReview(uid: string, doctorUid: string, doctorName: string, appointmentId: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO medication_reviews (patient_uid, doctor_uid, doctor_name, appointment_id) VALUES ($1, $2, $3, $4)`,
      [uid, doctorUid, doctorName, appointmentId],
    );
  }

  /**
   * The name of the approved doctor record of `doctorUid` when `appointmentId` (any, when null) is one of
   * their active appointments with the patient; null otherwise.
   */
  async doctorOfAppointment(
    doctorUid: string,
    patientUid: string,
    appointmentId: string | null,
  ): Promise<string | null> {
    const [row] = await this.ds.query<{ name: string }[]>(
      `SELECT d.name FROM doctors d JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND ${approvedDoctorSql('d')}
          AND ($3::uuid IS NULL OR EXISTS (
                SELECT 1 FROM appointments a WHERE a.id = $3 AND a.doctor_id = d.id
                   AND a.patient_uid = $2 AND ${activeAppointmentSql('a')}))`,
      [doctorUid, patientUid, appointmentId],
    );
    return row?.name ?? null;
  }
}
