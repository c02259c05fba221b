import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { forgetDocument, type IntakeAnswers } from '@medora/shared';
import { PatientProfileEntity } from './patient-profile.entity.js';

/** Data access for patient profiles (intake answers and their summary). */
@Injectable()
export class PatientsRepository {
  constructor(
    @InjectRepository(PatientProfileEntity) private readonly repo: Repository<PatientProfileEntity>,
  ) {}

  findByUid(firebaseUid: string): Promise<PatientProfileEntity | null> {
    return this.repo.findOne({ where: { firebaseUid } });
  }

  /**
   * Creates or replaces the patient's profile (linked to their users row when there is one); returns
   * the stored row and whether this call created it.
   */
  async upsert(
    firebaseUid: string,
    data: unknown,
    aiSummary: unknown,
  ): Promise<{ created: boolean; row: PatientProfileEntity }> {
    const rows = await this.repo.query<{ inserted: boolean }[]>(
      `INSERT INTO patient_profiles (firebase_uid, user_id, data, ai_summary)
       VALUES ($1, (SELECT id FROM users WHERE firebase_uid = $1), $2::jsonb, $3::jsonb)
       ON CONFLICT (firebase_uid) DO UPDATE
         SET data = EXCLUDED.data, ai_summary = EXCLUDED.ai_summary,
             user_id = COALESCE(patient_profiles.user_id, EXCLUDED.user_id), updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [firebaseUid, JSON.stringify(data), JSON.stringify(aiSummary)],
    );
    const row = await this.repo.findOneOrFail({ where: { firebaseUid } });
    return { created: rows[0]?.inserted === true, row };
  }

  /**
   * Issue 15 (h3): removes a deleted document's file name from the patient's record (its
   * `<field>_document` entry or its place in `medicalReports`), inside the caller's transaction.
   */
  async forgetDocument(
    m: EntityManager,
    firebaseUid: string,
    doc: { type: string; name: string },
  ): Promise<void> {
    const rows = await m.query<{ data: IntakeAnswers }[]>(
      `SELECT data FROM patient_profiles WHERE firebase_uid = $1 FOR UPDATE`,
      [firebaseUid],
    );
    const data = rows[0]?.data;
    const next = data ? forgetDocument(data, doc) : null;
    if (!next) return;
    await m.query(
      `UPDATE patient_profiles SET data = $2::jsonb, updated_at = now() WHERE firebase_uid = $1`,
      [firebaseUid, JSON.stringify(next)],
    );
  }
}
