import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_DB_ROLE } from '../app-role.js';

/**
 * What a patient brought from another system: each allergy, condition, medicine or observation of an
 * imported FHIR Bundle, with the resource as it came, waiting for the patient to confirm or dismiss it.
 * Only confirmed items join the record's exports. The CHECK lists are the shared constants as of this
 * migration (IMPORTED_ITEM_KINDS, IMPORTED_ITEM_STATUSES); schema-drift compares them with the entity.
 */
export class ImportedRecordItems1770768000000 implements MigrationInterface {
  name = 'ImportedRecordItems1770768000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imported_record_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        patient_uid text NOT NULL,
        kind text NOT NULL,
        code_system text NULL,
        code text NULL,
        display text NULL,
        text text NOT NULL,
        absence boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'pending',
        source_name text NULL,
        source_bundle_id text NULL,
        source_identifier text NULL,
        resource jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_imported_record_items PRIMARY KEY (id),
        CONSTRAINT chk_imported_record_items_kind CHECK (kind IN ('allergy', 'condition', 'medication', 'observation')),
        CONSTRAINT chk_imported_record_items_status CHECK (status IN ('pending', 'confirmed', 'dismissed'))
      )`);
    await q.query(
      `CREATE INDEX idx_imported_record_items_patient ON imported_record_items (patient_uid, created_at)`,
    );
    // A dismissed item stays (the patient's decision is part of the record's history): no DELETE.
    await q.query(`REVOKE DELETE ON imported_record_items FROM ${APP_DB_ROLE}`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS imported_record_items`);
  }
}
