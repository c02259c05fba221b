import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ImportedItemStatus } from '@medora/shared';
import { KEYSET_TIME_SQL, type KeysetPosition } from '../common/keyset-cursor.js';
import { camelizeRow, returnedRows } from '../common/sql-rows.js';
import type { NewImportedItem } from './fhir-import.js';
import { ImportedRecordItemEntity } from './imported-record-item.entity.js';

const COLUMNS = `id, patient_uid, kind, code_system, code, display, text, absence, status, source_name,
  source_bundle_id, source_identifier, resource, created_at`;

/** Items of records patients imported from other systems. */
@Injectable()
export class ImportedRecordsRepository {
  constructor(
    @InjectRepository(ImportedRecordItemEntity) private readonly repo: Repository<ImportedRecordItemEntity>,
  ) {}

  /** One Bundle's items, in one statement (all or none). */
  async insertMany(patientUid: string, items: NewImportedItem[]): Promise<ImportedRecordItemEntity[]> {
    if (items.length === 0) return [];
    const rows = await this.repo.query<Record<string, unknown>[]>(
      `INSERT INTO imported_record_items
         (patient_uid, kind, code_system, code, display, text, absence, source_name, source_bundle_id,
          source_identifier, resource)
       SELECT $1, i.kind, i.code_system, i.code, i.display, i.text, i.absence, i.source_name,
              i.source_bundle_id, i.source_identifier, i.resource
         FROM jsonb_to_recordset($2::jsonb) AS i(kind text, code_system text, code text, display text,
              text text, absence boolean, source_name text, source_bundle_id text, source_identifier text,
              resource jsonb)
       RETURNING ${COLUMNS}`,
      [
        patientUid,
        JSON.stringify(
          items.map((i) => ({
            kind: i.kind,
            code_system: i.codeSystem,
            code: i.code,
            display: i.display,
            text: i.text,
            absence: i.absence,
            source_name: i.sourceName,
            source_bundle_id: i.sourceBundleId,
            source_identifier: i.sourceIdentifier,
            resource: i.resource,
          })),
        ),
      ],
    );
    return rows.map((r) => camelizeRow<ImportedRecordItemEntity>(r));
  }

  /**
   * A keyset page of a patient's items, newest first (only `statuses`, when given), after `after`, at
   * most `rows`; each with where it sits in that order (`keysetAt`).
   */
  page(
    patientUid: string,
    statuses: ImportedItemStatus[] | undefined,
    after: KeysetPosition | null,
    rows: number,
  ): Promise<(ImportedRecordItemEntity & { keysetAt: string })[]> {
    return this.repo
      .query<Record<string, unknown>[]>(
        `SELECT ${COLUMNS}, ${KEYSET_TIME_SQL('created_at')} AS keyset_at FROM imported_record_items
          WHERE patient_uid = $1 AND ($2::text[] IS NULL OR status = ANY($2))
            AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
          ORDER BY created_at DESC, id DESC LIMIT $5`,
        [patientUid, statuses ?? null, after?.at ?? null, after?.id ?? null, rows],
      )
      .then((rows) => rows.map((r) => camelizeRow<ImportedRecordItemEntity & { keysetAt: string }>(r)));
  }

  /** Sets one item's status; null when the patient has no such item. */
  async setStatus(
    patientUid: string,
    id: string,
    status: ImportedItemStatus,
  ): Promise<ImportedRecordItemEntity | null> {
    const result = await this.repo.query(
      `UPDATE imported_record_items SET status = $3 WHERE id = $2 AND patient_uid = $1 RETURNING ${COLUMNS}`,
      [patientUid, id, status],
    );
    const [row] = returnedRows<Record<string, unknown>>(result);
    return row ? camelizeRow<ImportedRecordItemEntity>(row) : null;
  }
}
