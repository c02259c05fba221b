import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { forgetDocument, type ClinicalSummary, type IntakeAnswers, type VisitKind } from '@medora/shared';
import { consultationLength } from '../appointments/appointment-ics.contract.js';
import type { FhirExportRows } from './fhir-export.js';
import { PatientProfileEntity } from './patient-profile.entity.js';
import { PatientDraftEntity, PatientVisitEntity } from './patient-visit.entity.js';

/**
 * The latest visit of the patient whose uid is `uidSql`, as `<alias>.data` (its answers) and
 * `<alias>.summary`: a LATERAL join for statements that show a patient's current record (the profile's
 * facts with the latest visit's answers, `p.data || <alias>.data`) and its summary. Defined once here,
 * next to the table, for the other modules' statements (the doctor's appointment list). `untilSql`, a
 * timestamptz expression: only visits submitted by then (none when it is NULL).
 */
export function latestVisitJoinSql(uidSql: string, alias = 'lv', untilSql?: string): string {
  const until = untilSql ? `AND v.visited_at <= ${untilSql}` : '';
  return `LEFT JOIN LATERAL (SELECT v.id, v.visited_at, v.data, v.summary FROM patient_visits v
                              WHERE v.firebase_uid = ${uidSql} ${until}
                              ORDER BY v.visited_at DESC, v.id DESC LIMIT 1) ${alias} ON true`;
}

/** `$4`, a timestamptz or NULL: the visit was submitted by then (NULL: every visit). */
const VISIBLE_BY_4 = '($4::timestamptz IS NULL OR visited_at <= $4)';

/** A patient's current record: the profile's stable facts and the latest visit. */
export interface PatientRecordRow {
  profile: PatientProfileEntity;
  latest: PatientVisitEntity | null;
}

export interface NewVisit {
  kind: VisitKind;
  reason: string;
  data: IntakeAnswers;
  summary: ClinicalSummary | null;
}

/** Data access for patient profiles, their visits and the unsent draft. */
@Injectable()
export class PatientsRepository {
  constructor(
    @InjectRepository(PatientProfileEntity) private readonly repo: Repository<PatientProfileEntity>,
    @InjectRepository(PatientVisitEntity) private readonly visits: Repository<PatientVisitEntity>,
    @InjectRepository(PatientDraftEntity) private readonly drafts: Repository<PatientDraftEntity>,
  ) {}

  findByUid(firebaseUid: string): Promise<PatientProfileEntity | null> {
    return this.repo.findOne({ where: { firebaseUid } });
  }

  /**
   * The profile and its latest visit (submitted by `until`, when given: a doctor's view after their
   * last visit, `AccessPolicy.visibleUntil`), or null for a patient without a record.
   */
  async findRecord(firebaseUid: string, until: Date | null = null): Promise<PatientRecordRow | null> {
    const profile = await this.findByUid(firebaseUid);
    if (!profile) return null;
    const latest = await this.visits.findOne({
      where: { firebaseUid, ...(until ? { visitedAt: LessThanOrEqual(until) } : {}) },
      order: { visitedAt: 'DESC', id: 'DESC' },
    });
    return { profile, latest };
  }

  /**
   * One submission, in one transaction: creates or replaces the profile's stable facts (linked to the
   * users row when there is one), adds the visit and removes the account's draft. Returns whether the
   * profile was created, the profile and the new visit.
   */
  async saveSubmission(
    firebaseUid: string,
    profileData: IntakeAnswers,
    visit: NewVisit,
  ): Promise<{ created: boolean; profile: PatientProfileEntity; visit: PatientVisitEntity }> {
    return this.repo.manager.transaction(async (m) => {
      const rows = await m.query<{ inserted: boolean }[]>(
        `INSERT INTO patient_profiles (firebase_uid, user_id, data)
         VALUES ($1, (SELECT id FROM users WHERE firebase_uid = $1), $2::jsonb)
         ON CONFLICT (firebase_uid) DO UPDATE
           SET data = EXCLUDED.data,
               user_id = COALESCE(patient_profiles.user_id, EXCLUDED.user_id), updated_at = now()
         RETURNING (xmax = 0) AS inserted`,
        [firebaseUid, JSON.stringify(profileData)],
      );
      // One name everywhere: the intake's name is also the account's, so Settings shows it.
      if (typeof profileData.name === 'string' && profileData.name.trim()) {
        await m.query(`UPDATE users SET name = $2, updated_at = now() WHERE firebase_uid = $1`, [
          firebaseUid,
          profileData.name.trim(),
        ]);
      }
      // clock_timestamp(): two submissions in one transaction-less burst still order by time.
      const [inserted] = await m.query<{ id: string }[]>(
        `INSERT INTO patient_visits (firebase_uid, kind, reason, data, summary, visited_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, clock_timestamp())
         RETURNING id`,
        [firebaseUid, visit.kind, visit.reason, JSON.stringify(visit.data), JSON.stringify(visit.summary)],
      );
      await m.query(`DELETE FROM patient_drafts WHERE firebase_uid = $1`, [firebaseUid]);
      const profile = await m.findOneOrFail(PatientProfileEntity, { where: { firebaseUid } });
      const saved = await m.findOneOrFail(PatientVisitEntity, { where: { id: inserted!.id } });
      return { created: rows[0]?.inserted === true, profile, visit: saved };
    });
  }

  /**
   * Replaces a visit's deterministic summary by an LLM's (written after the save
   * answered). A summary that is no longer the deterministic one is left alone.
   */
  async replaceDeterministicSummary(visitId: string, summary: ClinicalSummary): Promise<void> {
    await this.visits.query(
      `UPDATE patient_visits SET summary = $2::jsonb
       WHERE id = $1 AND summary->>'engine' = 'deterministic'`,
      [visitId, JSON.stringify(summary)],
    );
  }

  /**
   * The newest `limit` visits of a patient (without answers) plus one (the sign of a next page), older
   * than the visit `afterId` when given, and how many the patient has in all, in one statement on
   * idx_patient_visits_patient_visited_id. Null when `afterId` is not one of this patient's visits.
   * With `until`, only the visits submitted by then count (a doctor's view: `AccessPolicy.visibleUntil`).
   */
  async listVisits(
    firebaseUid: string,
    limit: number,
    afterId: string | null,
    until: Date | null = null,
  ): Promise<{
    rows: Pick<PatientVisitEntity, 'id' | 'kind' | 'reason' | 'visitedAt'>[];
    total: number;
  } | null> {
    const rows = await this.visits.query<
      {
        id: string | null;
        kind: VisitKind;
        reason: string;
        visited_at: Date;
        total: string;
        anchored: boolean;
      }[]
    >(
      `WITH anchor AS (SELECT visited_at, id FROM patient_visits
                         WHERE firebase_uid = $1 AND id = $3::uuid AND ${VISIBLE_BY_4})
       SELECT v.id, v.kind, v.reason, v.visited_at, c.total, ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM anchor)) AS anchored
         FROM (SELECT count(*) AS total FROM patient_visits WHERE firebase_uid = $1 AND ${VISIBLE_BY_4}) c
         LEFT JOIN LATERAL (
           SELECT id, kind, reason, visited_at FROM patient_visits
            WHERE firebase_uid = $1 AND ${VISIBLE_BY_4}
              AND ($3::uuid IS NULL OR (visited_at, id) < (SELECT visited_at, id FROM anchor))
            ORDER BY visited_at DESC, id DESC
            LIMIT $2) v ON true`,
      [firebaseUid, limit + 1, afterId, until],
    );
    if (!rows[0]?.anchored) return null;
    return {
      rows: rows
        .filter((r): r is typeof r & { id: string } => r.id !== null)
        .map((r) => ({ id: r.id, kind: r.kind, reason: r.reason, visitedAt: new Date(r.visited_at) })),
      total: Number(rows[0].total),
    };
  }

  /**
   * One visit of the patient (null when the id is another patient's or unknown, or, with `until`, was
   * submitted after it).
   */
  findVisit(firebaseUid: string, id: string, until: Date | null = null): Promise<PatientVisitEntity | null> {
    return this.visits.findOne({
      where: { firebaseUid, id, ...(until ? { visitedAt: LessThanOrEqual(until) } : {}) },
    });
  }

  findDraft(firebaseUid: string): Promise<PatientDraftEntity | null> {
    return this.drafts.findOne({ where: { firebaseUid } });
  }

  /** Creates or replaces the account's draft; returns the stored row. */
  async saveDraft(firebaseUid: string, data: unknown): Promise<PatientDraftEntity> {
    await this.drafts.query(
      `INSERT INTO patient_drafts (firebase_uid, data) VALUES ($1, $2::jsonb)
       ON CONFLICT (firebase_uid) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
      [firebaseUid, JSON.stringify(data)],
    );
    return this.drafts.findOneOrFail({ where: { firebaseUid } });
  }

  async deleteDraft(firebaseUid: string): Promise<void> {
    await this.drafts.delete({ firebaseUid });
  }

  /**
   * Removes a deleted document's file name from the patient's record (its `<field>_document` entry or
   * its place in `medicalReports`) inside the caller's transaction: from the profile's facts and from
   * every visit that names it (a visit keeps its own uploads), so no summary or
   * answer table shows a document that is gone.
   */
  async forgetDocument(
    m: EntityManager,
    firebaseUid: string,
    doc: { type: string; name: string },
  ): Promise<void> {
    for (const table of ['patient_profiles', 'patient_visits'] as const) {
      const rows = await m.query<{ id: string; data: IntakeAnswers }[]>(
        `SELECT id, data FROM ${table} WHERE firebase_uid = $1 FOR UPDATE`,
        [firebaseUid],
      );
      for (const row of rows) {
        const next = forgetDocument(row.data, doc);
        if (next) {
          await m.query(`UPDATE ${table} SET data = $2::jsonb WHERE id = $1`, [row.id, JSON.stringify(next)]);
        }
      }
    }
  }

  /**
   * Everything the FHIR export shows, in ONE statement whatever the record's size (profile,
   * e-mail, every visit, appointment and document as JSON arrays). With `until` (a doctor's view),
   * the visits and documents the patient sent after it are left out.
   */
  async findExportRows(firebaseUid: string, until: Date | null = null): Promise<FhirExportRows | null> {
    const [row] = await this.repo.query<
      {
        profile: { data: IntakeAnswers; updated_at: string } | null;
        email: string | null;
        known: boolean;
        visits: { id: string; kind: string; reason: string; data: IntakeAnswers; visited_at: string }[];
        appointments: {
          id: string;
          starts_at: string;
          status: FhirExportRows['appointments'][number]['status'];
          clinic: string;
          specialty: string;
          doctor_name: string;
          cancel_reason: string | null;
          minutes: number | null;
        }[];
        documents: {
          id: string;
          name: string;
          type: string;
          content_type: string | null;
          size: number | null;
          uploaded_at: string;
          has_file: boolean;
        }[];
        medications: NonNullable<FhirExportRows['medications']>;
        imported: NonNullable<FhirExportRows['imported']>;
      }[]
    >(
      `SELECT
         (SELECT json_build_object('data', p.data, 'updated_at', p.updated_at)
            FROM patient_profiles p WHERE p.firebase_uid = $1) AS profile,
         (SELECT u.email FROM users u WHERE u.firebase_uid = $1) AS email,
         EXISTS (SELECT 1 FROM users u WHERE u.firebase_uid = $1) AS known,
         (SELECT COALESCE(json_agg(v ORDER BY v.visited_at, v.id), '[]'::json)
            FROM (SELECT id, kind, reason, data, visited_at FROM patient_visits
                   WHERE firebase_uid = $1 AND ($2::timestamptz IS NULL OR visited_at <= $2)) v) AS visits,
         (SELECT COALESCE(json_agg(a ORDER BY a.starts_at, a.id), '[]'::json)
            FROM (SELECT ap.id, ap.starts_at, ap.status, ap.clinic, ap.specialty, ap.doctor_name,
                         ap.cancel_reason, d.consultation_duration AS minutes
                    FROM appointments ap LEFT JOIN doctors d ON d.id = ap.doctor_id
                   WHERE ap.patient_uid = $1) a) AS appointments,
         (SELECT COALESCE(json_agg(d ORDER BY d.uploaded_at, d.id), '[]'::json)
            FROM (SELECT doc.id, doc.name, doc.type, doc.content_type, doc.size, doc.uploaded_at,
                         EXISTS (SELECT 1 FROM document_files f WHERE f.document_id = doc.id) AS has_file
                    FROM documents doc
                   WHERE doc.patient_uid = $1 AND ($2::timestamptz IS NULL OR doc.uploaded_at <= $2)) d) AS documents,
         (SELECT COALESCE(json_agg(json_build_object(
                   'name', m.name, 'strength', m.strength, 'dose', m.dose, 'frequency', m.frequency,
                   'status', m.status, 'startedOn', m.started_on::text, 'statusOn', m.status_on::text,
                   'confirmedAt', m.confirmed_at) ORDER BY m.created_at, m.id), '[]'::json)
            FROM medications m WHERE m.patient_uid = $1 AND m.confirmed_at IS NOT NULL) AS medications,
         (SELECT COALESCE(json_agg(json_build_object('kind', i.kind, 'resource', i.resource)
                                   ORDER BY i.created_at, i.id), '[]'::json)
            FROM imported_record_items i
           WHERE i.patient_uid = $1 AND i.status = 'confirmed') AS imported`,
      [firebaseUid, until],
    );
    const r = row!;
    if (!r.known && !r.profile) return null;
    return {
      uid: firebaseUid,
      email: r.email,
      profile: r.profile ? { data: r.profile.data, updatedAt: new Date(r.profile.updated_at) } : null,
      visits: r.visits.map((v) => ({
        id: v.id,
        kind: v.kind,
        reason: v.reason,
        data: v.data,
        visitedAt: new Date(v.visited_at),
      })),
      appointments: r.appointments.map((a) => ({
        id: a.id,
        startsAt: new Date(a.starts_at),
        status: a.status,
        clinic: a.clinic,
        specialty: a.specialty,
        doctorName: a.doctor_name,
        cancelReason: a.cancel_reason,
        minutes: consultationLength(a.minutes),
      })),
      documents: r.documents.map((d) => ({
        id: d.id,
        name: d.name,
        type: d.type,
        contentType: d.content_type,
        size: d.size,
        uploadedAt: new Date(d.uploaded_at),
        hasFile: d.has_file,
      })),
      medications: r.medications,
      imported: r.imported,
    };
  }
}
