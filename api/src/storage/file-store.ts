import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CONFIG, type Config } from '../config/config.js';
import type { UploadStream } from '../common/multipart.js';
import { PostgresObjectStore, type ObjectStore, type StoredFile } from './object-store.js';
import type { S3ObjectStore } from './s3-object-store.js';

/** What a stored file belongs to: the first part of its object key. */
export type FileKind = 'documents' | 'credentials' | 'prescriptions';

/**
 * The file bytes of every API process: new uploads go to S3 when S3_* is set, to
 * Postgres otherwise; reads follow each row's `storage`, so rows of both kinds are served.
 */
@Injectable()
export class FileStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('FileStore');
  readonly db = new PostgresObjectStore();
  private s3Store: S3ObjectStore | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /**
   * The AWS SDK is loaded only when S3_* is set, before the app serves: without S3 (local mode, most
   * tests) loading it was a noticeable part of every boot.
   */
  async onModuleInit(): Promise<void> {
    if (!this.config.s3) return;
    const { S3ObjectStore } = await import('./s3-object-store.js');
    this.s3Store = new S3ObjectStore(this.config.s3);
  }

  /** The S3 store when S3_* is set (from the app's init on). */
  get s3(): S3ObjectStore | undefined {
    return this.s3Store;
  }

  /** Where new uploads go. */
  get writer(): ObjectStore {
    return this.s3 ?? this.db;
  }

  /**
   * Streams an upload into the store under `<kind>/<owner>/<uuid>`. A body that failed (413 past the
   * limit, a broken multipart stream) rejects with its own error.
   */
  async put(kind: FileKind, owner: string, upload: UploadStream, contentType: string): Promise<StoredFile> {
    const key = `${kind}/${encodeURIComponent(owner)}/${randomUUID()}`;
    try {
      return await this.writer.put(key, upload.body, contentType);
    } catch (error) {
      throw upload.failure ?? error;
    }
  }

  open(file: StoredFile): Promise<Readable> {
    return this.storeOf(file).get(file);
  }

  /**
   * Deletes bytes whose row is gone or was never written. A failure leaves an orphan object (logged),
   * never a failed request: the row, which is what the API serves, is already gone.
   */
  async discard(file: StoredFile | null | undefined): Promise<void> {
    if (!file || file.storage === 'db') return;
    try {
      await this.storeOf(file).delete(file);
    } catch (error) {
      this.logger.warn(
        `Could not delete object ${file.objectKey}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  storeOf(file: StoredFile): ObjectStore {
    if (file.storage === 'db') return this.db;
    if (!this.s3) throw new Error('A file is stored in S3 but S3_BUCKET is not configured');
    return this.s3;
  }

  onApplicationShutdown(): void {
    this.s3?.destroy();
  }
}
