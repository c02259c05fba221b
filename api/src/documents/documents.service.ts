import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CONTENT_TYPES,
  MESSAGES,
  detectFileType,
  formatMessage,
  sanitizeFileName,
  type CreateDocumentMetadataInput,
  type PatientDocument,
} from '@medora/shared';
import { AccessPolicy, type AccessOptions } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { ApiException } from '../common/http-exception.filter.js';
import type { UploadStream } from '../common/multipart.js';
import { FileStore } from '../storage/file-store.js';
import { CONFIG, type Config } from '../config/config.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import type { DocumentEntity } from './document.entity.js';
import { DocumentsRepository } from './documents.repository.js';

/** Document types a client may set: the final step's 'Medical Report' or an intake field name. */
const TYPE_PATTERN = /^(Medical Report|[A-Za-z][A-Za-z0-9_]{0,63})$/;

export function downloadPath(uid: string, id: string): string {
  return `/patients/${encodeURIComponent(uid)}/documents/${id}/file`;
}

/** A storage size for the quota message: `500 MB`, `1.5 MB`, `20 KB`, `1000 bytes`. */
export function storageSize(bytes: number): string {
  const round = (n: number) => Number(n.toFixed(1));
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The URL is the server's: the download route of stored bytes, '' for a metadata-only
 * record. The stored `file_url` column is never read (clients once wrote `javascript:` URLs there).
 */
function toDocument(row: Omit<DocumentEntity, 'fileUrl'>, hasFile: boolean): PatientDocument {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    uploadedAt: row.uploadedAt.toISOString(),
    fileUrl: hasFile ? downloadPath(row.patientUid, row.id) : '',
    contentType: row.contentType,
    size: row.size,
    hasFile,
  };
}

@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly patients: PatientsRepository,
    private readonly access: AccessPolicy,
    private readonly files: FileStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * Per-patient quota (DOCUMENT_QUOTA_FILES / DOCUMENT_QUOTA_BYTES): 413 when adding
   * `files` documents of `bytes` would pass either limit. Inside a write transaction, `lockPatient`
   * first, so that parallel uploads of one patient cannot all pass the same count.
   */
  async assertQuota(uid: string, adding: { files: number; bytes: number }, m?: EntityManager) {
    const { maxFiles, maxBytes } = this.config.documentQuota;
    const used = await this.documents.usage(uid, m);
    if (used.files + adding.files > maxFiles) {
      throw new ApiException(413, formatMessage('documentQuotaFiles', { max: maxFiles }));
    }
    if (used.bytes + adding.bytes > maxBytes) {
      throw new ApiException(413, formatMessage('documentQuotaBytes', { max: storageSize(maxBytes) }));
    }
  }

  /**
   * Writes: only the owner (or an admin). Reads (list, download): also a doctor the patient booked
   * with (rule 'doctorOfPatient'). Each call writes one audit row with what the caller got: denied,
   * not found, or done (AccessPolicy.withAccess).
   */
  withWriteAccess<T>(
    caller: Caller,
    uid: string,
    action: 'create' | 'delete',
    resourceId: string | null,
    work: () => Promise<T>,
  ): Promise<T> {
    return this.withAccess(['admin'], caller, uid, action, resourceId, work);
  }

  private withReadAccess<T>(
    caller: Caller,
    uid: string,
    action: 'list' | 'download',
    resourceId: string | null,
    work: () => Promise<T>,
  ): Promise<T> {
    return this.withAccess(['admin', 'doctorOfPatient'], caller, uid, action, resourceId, work);
  }

  private withAccess<T>(
    allow: AccessOptions['allow'],
    caller: Caller,
    uid: string,
    action: 'create' | 'delete' | 'list' | 'download',
    resourceId: string | null,
    work: () => Promise<T>,
  ): Promise<T> {
    const audit = { action, resourceType: 'document', resourceId, detail: `patient ${uid}` } as const;
    return this.access.withAccess(caller, uid, { allow, audit }, work);
  }

  list(caller: Caller, uid: string): Promise<PatientDocument[]> {
    return this.withReadAccess(caller, uid, 'list', null, async () => {
      const rows = await this.documents.listOfPatient(uid, await this.access.visibleUntil(caller, uid));
      return rows.map(({ hasFile, ...row }) => toDocument(row, hasFile));
    });
  }

  /**
   * The JSON body without a file: a metadata-only record (its fileUrl is '': there is no file). It
   * counts against the file quota. The caller ran `assertAccess` first.
   */
  async createMetadata(uid: string, input: CreateDocumentMetadataInput): Promise<PatientDocument> {
    this.checkType(input.type);
    return this.documents.withPatientLock(uid, async (m) => {
      await this.assertQuota(uid, { files: 1, bytes: 0 }, m);
      const row = await this.documents.insert(m, {
        patientUid: uid,
        name: sanitizeFileName(input.name),
        type: input.type,
        contentType: null,
        size: null,
      });
      return toDocument(row, false);
    });
  }

  /**
   * Stores an uploaded file after checking its first bytes (magic numbers) against its name, streaming
   * it into the FileStore; the row is written once the size is known, under the quota lock (a file
   * over the quota is deleted again). The caller runs it inside `withWriteAccess` (the controller does,
   * before reading the body).
   */
  async upload(uid: string, upload: UploadStream, type: string): Promise<PatientDocument> {
    this.checkType(type);
    const name = sanitizeFileName(upload.fileName);
    const detected = detectFileType(upload.head, name);
    if (!detected)
      throw new ApiException(400, MESSAGES.invalidFileContent, { file: MESSAGES.invalidFileContent });
    const contentType = CONTENT_TYPES[detected];
    const stored = await this.files.put('documents', uid, upload, contentType);
    try {
      return await this.documents.withPatientLock(uid, async (m) => {
        await this.assertQuota(uid, { files: 1, bytes: upload.size }, m);
        const row = await this.documents.insert(
          m,
          { patientUid: uid, name, type, contentType, size: upload.size },
          stored,
        );
        return toDocument(row, true);
      });
    } catch (error) {
      await this.files.discard(stored);
      throw error;
    }
  }

  /** The access check (and the refusal's row) comes before any byte is read, from Postgres or S3. */
  download(
    caller: Caller,
    uid: string,
    id: string,
  ): Promise<{ name: string; contentType: string; body: Readable }> {
    return this.withReadAccess(caller, uid, 'download', id, async () => {
      const row = await this.documents.file(uid, id, await this.access.visibleUntil(caller, uid));
      if (!row) throw new ApiException(404, MESSAGES.notFound);
      return {
        name: row.name,
        contentType: row.contentType ?? 'application/octet-stream',
        body: await this.files.open(row.file),
      };
    });
  }

  /**
   * `DELETE /api/patients/:uid/documents/:id`: the owner (or an admin); the bytes go with the row, and
   * in the same transaction the patient's record forgets the file (a deleted document
   * disappears from the summary) unless another document of that name and type is left.
   */
  async remove(caller: Caller, uid: string, id: string): Promise<void> {
    const objectKey = await this.withWriteAccess(caller, uid, 'delete', id, () =>
      this.documents.withPatientLock(uid, async (m) => {
        const deleted = await this.documents.remove(m, uid, id);
        if (!deleted) throw new ApiException(404, MESSAGES.notFound);
        if (!deleted.twinLeft) await this.patients.forgetDocument(m, uid, deleted);
        return deleted.objectKey;
      }),
    );
    // After the commit: the object of a row that is gone.
    if (objectKey) await this.files.discard({ storage: 's3', objectKey });
  }

  private checkType(type: string): void {
    if (!TYPE_PATTERN.test(type)) {
      throw new ApiException(400, 'Not a valid document type.', { type: 'Not a valid document type.' });
    }
  }
}
