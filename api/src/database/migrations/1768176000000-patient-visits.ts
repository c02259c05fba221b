import type { MigrationInterface, QueryRunner } from 'typeorm';
import { inferVisitKind, splitAnswers, visitReason, type IntakeAnswers } from '@medora/shared';

/**
 * Each submitted intake is a visit with its own date, reason and clinical summary, kept
 * as history; the profile keeps the stable facts. Every existing profile becomes one visit (its visit
 * answers and its current summary, dated when the profile was last saved) and keeps only the stable
 * facts, split by the shared rule (`splitAnswers`). The unsent intake moves from the browser to the
 * server: one draft per account.
 */
export class PatientVisits1768176000000 implements MigrationInterface {
  name = 'PatientVisits1768176000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE patient_visits (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        firebase_uid text NOT NULL,
        kind text NOT NULL,
        reason text NOT NULL,
        data jsonb NOT NULL,
        summary jsonb NULL,
        visited_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_patient_visits PRIMARY KEY (id),
        CONSTRAINT ck_patient_visits_kind CHECK (kind IN ('visit', 'follow-up', 'profile'))
      )`);
    await q.query(
      `CREATE INDEX idx_patient_visits_patient ON patient_visits (firebase_uid, visited_at DESC)`,
    );
    await q.query(`
      CREATE TABLE patient_drafts (
        firebase_uid text NOT NULL,
        data jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_patient_drafts PRIMARY KEY (firebase_uid)
      )`);
    const profiles = (await q.query(
      `SELECT firebase_uid, data, ai_summary, updated_at FROM patient_profiles`,
    )) as { firebase_uid: string; data: IntakeAnswers; ai_summary: unknown; updated_at: Date }[];
    for (const p of profiles) {
      const { profile, visit } = splitAnswers(p.data ?? {});
      const kind = inferVisitKind(p.data ?? {});
      await q.query(
        `INSERT INTO patient_visits (firebase_uid, kind, reason, data, summary, visited_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
        [
          p.firebase_uid,
          kind,
          visitReason(kind, visit),
          JSON.stringify(visit),
          JSON.stringify(p.ai_summary),
          p.updated_at,
        ],
      );
      await q.query(`UPDATE patient_profiles SET data = $2::jsonb WHERE firebase_uid = $1`, [
        p.firebase_uid,
        JSON.stringify(profile),
      ]);
    }
    // The summary is the latest visit's now (kept once, with its visit).
    await q.query(`ALTER TABLE patient_profiles DROP COLUMN ai_summary`);
  }

  public async down(q: QueryRunner): Promise<void> {
    // The latest visit's answers and summary go back into the profile.
    await q.query(`ALTER TABLE patient_profiles ADD COLUMN ai_summary jsonb NULL`);
    await q.query(`
      UPDATE patient_profiles p
         SET data = p.data || v.data, ai_summary = v.summary
        FROM (SELECT DISTINCT ON (firebase_uid) firebase_uid, data, summary
                FROM patient_visits ORDER BY firebase_uid, visited_at DESC) v
       WHERE v.firebase_uid = p.firebase_uid`);
    await q.query(`DROP TABLE IF EXISTS patient_drafts`);
    await q.query(`DROP TABLE IF EXISTS patient_visits`);
  }
}
