import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  storedFileColumns,
  storedFileOf,
  type StoredFile,
  type StoredFileRow,
} from '../storage/object-store.js';
import { camelizeRow, returnedRows } from '../common/sql-rows.js';
import { DocumentEntity, DocumentFileEntity } from './document.entity.js';

/** A document's metadata as the list reads it (no file_url: the server derives the URL). */
export type DocumentListRow = Omit<DocumentEntity, 'fileUrl'> & { hasFile: boolean };

export type NewDocument = Pick<DocumentEntity, 'patientUid' | 'name' | 'type' | 'contentType' | 'size'>;

/**
 * A document of `d` uploaded by the timestamptz parameter `$n`, or any when it is NULL: a doctor's view
 * after their last visit (`AccessPolicy.visibleUntil`) leaves out what the patient sent later.
 */
const uploadedBy = (n: number) => `($${n}::timestamptz IS NULL OR d.uploaded_at <= $${n})`;
const UPLOADED_BY_2 = uploadedBy(2);
const UPLOADED_BY_3 = uploadedBy(3);

/** Data access for documents and their stored bytes (document_files). */
@Injectable()
export class DocumentsRepository {
  constructor(@InjectRepository(DocumentEntity) private readonly repo: Repository<DocumentEntity>) {}

  /**
   * Runs `work` in one transaction that first serialises the document writes of one patient (so
   * parallel uploads cannot all pass the same quota count); `work` passes the manager back in.
   */
  withPatientLock<T>(uid: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 13))`, [uid]);
      return work(m);
    });
  }

  /** How many documents, and how many bytes, the patient stores. */
  async usage(uid: string, m: EntityManager = this.repo.manager): Promise<{ files: number; bytes: number }> {
    const [used] = await m.query<{ files: number; bytes: string }[]>(
      `SELECT count(*)::int AS files, COALESCE(sum(size), 0)::bigint AS bytes FROM documents WHERE patient_uid = $1`,
      [uid],
    );
    return { files: used!.files, bytes: Number(used!.bytes) };
  }

  /** A patient's documents, newest first; metadata only (the bytes stay in document_files). */
  async listOfPatient(uid: string, until: Date | null = null): Promise<DocumentListRow[]> {
    const rows = await this.repo.query<Record<string, unknown>[]>(
      `SELECT d.id, d.patient_uid, d.name, d.type, d.content_type, d.size, d.uploaded_at,
              EXISTS (SELECT 1 FROM document_files f WHERE f.document_id = d.id) AS has_file
         FROM documents d WHERE d.patient_uid = $1 AND ${UPLOADED_BY_2}
        ORDER BY d.uploaded_at DESC, d.id`,
      [uid, until],
    );
    return rows.map((r) => {
      const row = camelizeRow<DocumentListRow>(r);
      return { ...row, uploadedAt: new Date(row.uploadedAt) };
    });
  }

  /** Inserts a document row (with its stored file, when given) inside `withPatientLock`'s transaction. */
  async insert(m: EntityManager, document: NewDocument, file?: StoredFile): Promise<DocumentEntity> {
    const repo = m.getRepository(DocumentEntity);
    const row = await repo.save(repo.create({ ...document, fileUrl: '' }));
    if (file) {
      const [storage, objectKey, bytes] = storedFileColumns(file);
      await m
        .getRepository(DocumentFileEntity)
        .insert({ documentId: row.id, stored: { storage, objectKey, bytes } });
    }
    return row;
  }

  /**
   * The stored file of the patient's document, or null when there is none. Reads the bytes of a
   * Postgres-kept file: call it after the access check.
   */
  async file(
    uid: string,
    id: string,
    until: Date | null = null,
  ): Promise<{ name: string; contentType: string | null; file: StoredFile } | null> {
    const rows = await this.repo.query<({ name: string; content_type: string | null } & StoredFileRow)[]>(
      `SELECT d.name, d.content_type, f.storage, f.object_key AS "objectKey", f.bytes FROM documents d
         JOIN document_files f ON f.document_id = d.id
        WHERE d.id = $1 AND d.patient_uid = $2 AND ${UPLOADED_BY_3}`,
      [id, uid, until],
    );
    const row = rows[0];
    return row ? { name: row.name, contentType: row.content_type, file: storedFileOf(row) } : null;
  }

  /**
   * Deletes the patient's document and its bytes inside `withPatientLock`'s transaction; the deleted
   * document's name and type (null when there was none), whether another document of the patient
   * still has that name and type, and the key of its object in S3 (deleted by the caller after commit).
   */
  async remove(
    m: EntityManager,
    uid: string,
    id: string,
  ): Promise<{ name: string; type: string; twinLeft: boolean; objectKey: string | null } | null> {
    // document_files rows go by ON DELETE CASCADE; deleted explicitly too, in the same transaction.
    const files = returnedRows(
      await m.query(
        `DELETE FROM document_files f USING documents d
          WHERE f.document_id = d.id AND d.id = $1 AND d.patient_uid = $2 RETURNING f.object_key`,
        [id, uid],
      ),
    ) as { object_key: string | null }[];
    const result: unknown = await m.query(
      `DELETE FROM documents WHERE id = $1 AND patient_uid = $2 RETURNING name, type`,
      [id, uid],
    );
    const row = returnedRows(result)[0] as { name: string; type: string } | undefined;
    if (!row) return null;
    const twins = await m.query<unknown[]>(
      `SELECT 1 FROM documents WHERE patient_uid = $1 AND name = $2 AND type = $3 LIMIT 1`,
      [uid, row.name, row.type],
    );
    return {
      name: row.name,
      type: row.type,
      twinLeft: twins.length > 0,
      objectKey: files[0]?.object_key ?? null,
    };
  }
}
