import { Column } from 'typeorm';
import type { ByteStorage } from './object-store.js';

/**
 * The byte columns of a file table (document_files, credential_files, prescription_files), embedded
 * in each entity without a prefix: where the bytes are, and the bytes or the object key.
 */
export class StoredFileColumns {
  @Column({ type: 'bytea', nullable: true })
  bytes!: Buffer | null;

  /** 'db': the bytes column; 's3': the object `object_key` in the bucket. */
  @Column({ type: 'text', default: 'db' })
  storage!: ByteStorage;

  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;
}

/** The CHECK each file table has (migration 1769212800000): the bytes, or an object key, never both. */
export const STORED_FILE_CHECK =
  "(storage = 'db' AND bytes IS NOT NULL AND object_key IS NULL) OR (storage = 's3' AND bytes IS NULL AND object_key IS NOT NULL)";
