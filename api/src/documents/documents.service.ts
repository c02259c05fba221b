import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  CONTENT_TYPES,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  detectFileType,
  sanitizeFileName,
  type CreateDocumentMetadataInput,
  type PatientDocument,
} from '@medora/shared';
import { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import { DocumentEntity, DocumentFileEntity } from './document.entity.js';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  type: string;
}

/** Document types a client may set: the final step's 'Medical Report' or an intake field name. */
const TYPE_PATTERN = /^(Medical Report|[A-Za-z][A-Za-z0-9_]{0,63})$/;

export function downloadPath(uid: string, id: string): string {
  return `/patients/${encodeURIComponent(uid)}/documents/${id}/file`;
}

function toDocument(row: DocumentEntity, hasFile: boolean): PatientDocument {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    uploadedAt: row.uploadedAt.toISOString(),
    fileUrl: hasFile ? downloadPath(row.patientUid, row.id) : row.fileUrl,
    contentType: row.contentType,
    size: row.size,
    hasFile,
  };
}

@Injectable()
export class DocumentsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly access: AccessPolicy,
  ) {}

  /** Only the owner (or an admin) reaches a patient's documents. */
  assertAccess(caller: Caller, uid: string): Promise<void> {
    return this.access.assertCanAccess(caller, uid, { allow: ['admin'] });
  }

  async list(caller: Caller, uid: string): Promise<PatientDocument[]> {
    await this.assertAccess(caller, uid);
    // Metadata only: the bytes stay in document_files.
    const rows = await this.ds.query<(Record<string, unknown> & { has_file: boolean })[]>(
      `SELECT d.id, d.patient_uid, d.name, d.type, d.content_type, d.size, d.file_url, d.uploaded_at,
              EXISTS (SELECT 1 FROM document_files f WHERE f.document_id = d.id) AS has_file
         FROM documents d WHERE d.patient_uid = $1 ORDER BY d.uploaded_at DESC, d.id`,
      [uid],
    );
    return rows.map((r) =>
      toDocument(
        {
          id: r.id as string,
          patientUid: r.patient_uid as string,
          name: r.name as string,
          type: r.type as string,
          contentType: r.content_type as string | null,
          size: r.size as number | null,
          fileUrl: r.file_url as string,
          uploadedAt: new Date(r.uploaded_at as string),
        },
        r.has_file,
      ),
    );
  }

  /** The spec's JSON body (§7): a metadata-only record. */
  async createMetadata(
    caller: Caller,
    uid: string,
    input: CreateDocumentMetadataInput,
  ): Promise<PatientDocument> {
    await this.assertAccess(caller, uid);
    this.checkType(input.type);
    const repo = this.ds.getRepository(DocumentEntity);
    const row = await repo.save(
      repo.create({
        patientUid: uid,
        name: sanitizeFileName(input.name),
        type: input.type,
        fileUrl: input.fileUrl,
        contentType: null,
        size: null,
      }),
    );
    return toDocument(row, false);
  }

  /** Stores an uploaded file after checking its bytes (magic numbers) against its name. */
  async upload(caller: Caller, uid: string, file: UploadedFile): Promise<PatientDocument> {
    await this.assertAccess(caller, uid);
    this.checkType(file.type);
    if (file.bytes.length > MAX_UPLOAD_BYTES) throw new ApiException(413, MESSAGES.fileTooLargeServer);
    const name = sanitizeFileName(file.fileName);
    const detected = detectFileType(file.bytes, name);
    if (!detected)
      throw new ApiException(400, MESSAGES.invalidFileContent, { file: MESSAGES.invalidFileContent });
    return this.ds.transaction(async (m) => {
      const row = await m.getRepository(DocumentEntity).save(
        m.getRepository(DocumentEntity).create({
          patientUid: uid,
          name,
          type: file.type,
          contentType: CONTENT_TYPES[detected],
          size: file.bytes.length,
          fileUrl: '',
        }),
      );
      await m.getRepository(DocumentFileEntity).insert({ documentId: row.id, bytes: file.bytes });
      return toDocument(row, true);
    });
  }

  async download(
    caller: Caller,
    uid: string,
    id: string,
  ): Promise<{ name: string; contentType: string; bytes: Buffer }> {
    await this.assertAccess(caller, uid);
    const rows = await this.ds.query<{ name: string; content_type: string | null; bytes: Buffer }[]>(
      `SELECT d.name, d.content_type, f.bytes FROM documents d
         JOIN document_files f ON f.document_id = d.id
        WHERE d.id = $1 AND d.patient_uid = $2`,
      [id, uid],
    );
    const row = rows[0];
    if (!row) throw new ApiException(404, MESSAGES.notFound);
    return { name: row.name, contentType: row.content_type ?? 'application/octet-stream', bytes: row.bytes };
  }

  private checkType(type: string): void {
    if (!TYPE_PATTERN.test(type)) {
      throw new ApiException(400, 'Not a valid document type.', { type: 'Not a valid document type.' });
    }
  }
}
