import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A red flag raised at one visit stays on the patient's later summaries ("previously flagged") until
 * a clinician marks it reviewed: one row per visit and flag, who reviewed it and when. The visit's own
 * summary is never edited, so what the patient reported stays as it was.
 */
export class ClinicalFlagReviews1770076800000 implements MigrationInterface {
  name = 'ClinicalFlagReviews1770076800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clinical_flag_reviews (
        visit_id uuid NOT NULL,
        flag_id text NOT NULL,
        firebase_uid text NOT NULL,
        reviewed_by text NOT NULL,
        reviewed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_clinical_flag_reviews PRIMARY KEY (visit_id, flag_id),
        CONSTRAINT fk_clinical_flag_reviews_visit FOREIGN KEY (visit_id)
          REFERENCES patient_visits (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX idx_clinical_flag_reviews_patient ON clinical_flag_reviews (firebase_uid)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clinical_flag_reviews`);
  }
}
