import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type FhirImportBundle,
  type FhirImportResult,
  type ImportedRecordItem,
  type ImportedRecordsPage,
} from '@medora/shared';
import { AccessPolicy, type AuditTarget } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { CURSOR_POSITIONS, encodeCursor, pageAfter } from '../common/keyset-cursor.js';
import { importedItems, type NewImportedItem } from './fhir-import.js';
import type { ImportedRecordItemEntity } from './imported-record-item.entity.js';
import { ImportedRecordsRepository } from './imported-records.repository.js';
import { READERS } from './patients.service.js';

/** Imported items per page of the list. */
export const IMPORTED_ITEMS_PAGE_SIZE = 50;

function toItem(row: ImportedRecordItemEntity): ImportedRecordItem {
  return {
    id: row.id,
    kind: row.kind,
    codeSystem: row.codeSystem,
    code: row.code,
    display: row.display,
    text: row.text,
    absence: row.absence,
    status: row.status,
    sourceName: row.sourceName,
    sourceBundleId: row.sourceBundleId,
    sourceIdentifier: row.sourceIdentifier,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * A patient brings their record from another system: the items of a FHIR Bundle wait, marked imported,
 * until the patient confirms or dismisses each; confirmed ones join the exports (fhir-export.ts).
 */
@Injectable()
export class FhirImportService {
  constructor(
    private readonly access: AccessPolicy,
    private readonly items: ImportedRecordsRepository,
  ) {}

  /** `POST /api/patients/:uid/fhir`: the owner only; the audit row says how many items were kept. */
  importBundle(caller: Caller, uid: string, bundle: FhirImportBundle): Promise<FhirImportResult> {
    // Reading the Bundle needs no database: done first so the audit row can state what was kept.
    let items: NewImportedItem[] | null = null;
    let refusal: unknown = null;
    try {
      items = importedItems(bundle);
    } catch (error) {
      refusal = error;
    }
    const absences = items?.filter((i) => i.absence).length ?? 0;
    const audit: AuditTarget = {
      action: 'record.import',
      resourceType: 'profile',
      resourceId: uid,
      ...(items
        ? {
            detail: `${items.length} of ${bundle.entry.length} entries kept (${absences} absence statements)`,
          }
        : {}),
    };
    return this.access.withAccess(caller, uid, { audit }, async () => {
      if (refusal) throw refusal;
      if (!items?.length) throw new ApiException(400, MESSAGES.fhirImportNothing);
      const rows = await this.items.insertMany(uid, items);
      return { imported: rows.length, items: rows.map(toItem) };
    });
  }

  /**
   * `GET /api/patients/:uid/fhir/imported`: every item for the owner; a doctor caring for the patient
   * (or an admin with a grant) sees only the confirmed ones, which are part of the record. A page of
   * IMPORTED_ITEMS_PAGE_SIZE, newest first, after the page whose `nextCursor` is `cursor`.
   */
  list(caller: Caller, uid: string, cursor?: string): Promise<ImportedRecordsPage> {
    // Its own resource type: the patient's "Who looked at my record" names what was read.
    const audit: AuditTarget = { action: 'list', resourceType: 'imported_item', resourceId: uid };
    return this.access.withAccess(caller, uid, { allow: READERS, audit }, async () => {
      const confirmedOnly = caller.uid !== uid;
      // The owner's list and the confirmed-only list are two lists: a cursor continues its own.
      const scope = { list: 'imported-items', uid, confirmedOnly };
      const after = pageAfter(cursor, scope, CURSOR_POSITIONS.timeAndId);
      const rows = await this.items.page(
        uid,
        confirmedOnly ? ['confirmed'] : undefined,
        after,
        IMPORTED_ITEMS_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, IMPORTED_ITEMS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        nextCursor:
          rows.length > IMPORTED_ITEMS_PAGE_SIZE && last
            ? encodeCursor(scope, { at: last.keysetAt, id: last.id })
            : null,
      };
    });
  }

  /** `POST …/imported/:id/confirm|dismiss`: the owner decides; 404 for an id that is not theirs. */
  decide(
    caller: Caller,
    uid: string,
    id: string,
    decision: 'confirm' | 'dismiss',
  ): Promise<ImportedRecordItem> {
    const audit: AuditTarget = {
      action: decision === 'confirm' ? 'record.import.confirm' : 'record.import.dismiss',
      resourceType: 'imported_item',
      resourceId: id,
    };
    return this.access.withAccess(caller, uid, { audit }, async () => {
      const row = await this.items.setStatus(uid, id, decision === 'confirm' ? 'confirmed' : 'dismissed');
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      return toItem(row);
    });
  }
}
