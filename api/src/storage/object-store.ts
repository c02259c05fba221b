import { Readable } from 'node:stream';

const FROM_OBJECT_STORE = Symbol('fromObjectStore');

/**
 * Marks an error as raised by the object store, so an outage there is not reported as the database's
 * (both are socket errors such as ECONNREFUSED). Returns the same error.
 */
export function markObjectStoreError<E>(error: E): E {
  if (error && typeof error === 'object') {
    Object.defineProperty(error, FROM_OBJECT_STORE, { value: true });
  }
  return error;
}

/** `error` came from the object store (see `markObjectStoreError`). */
export function isObjectStoreError(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && FROM_OBJECT_STORE in error);
}

/** Where a file's bytes live: its row's `bytes` column, or an object in the S3 bucket. */
export type ByteStorage = 'db' | 's3';

/** One file's bytes as its row records them (`storage`, and `bytes` or `object_key`). */
export type StoredFile = { storage: 'db'; bytes: Buffer } | { storage: 's3'; objectKey: string };

/** The byte columns of a file row (document_files, credential_files, prescription_files). */
export interface StoredFileRow {
  storage: ByteStorage;
  objectKey: string | null;
  bytes: Buffer | null;
}

export function storedFileOf(row: StoredFileRow): StoredFile {
  if (row.storage === 's3' && row.objectKey) return { storage: 's3', objectKey: row.objectKey };
  if (row.storage === 'db' && row.bytes) return { storage: 'db', bytes: row.bytes };
  throw new Error(`A file row says storage '${row.storage}' without its bytes or object key`);
}

/** The values of a file row's byte columns, in the order `storage, object_key, bytes`. */
export function storedFileColumns(file: StoredFile): [ByteStorage, string | null, Buffer | null] {
  return file.storage === 's3' ? ['s3', file.objectKey, null] : ['db', null, file.bytes];
}

/** Where the bytes of a file row go. Metadata always stays in Postgres. */
export interface ObjectStore {
  readonly storage: ByteStorage;
  /** Takes the bytes of `body` in as `key`; returns what the row records. */
  put(key: string, body: Readable, contentType: string): Promise<StoredFile>;
  /** The stored bytes as a stream. */
  get(file: StoredFile): Promise<Readable>;
  /** Forgets the bytes (an object; a row's bytea goes with its row). */
  delete(file: StoredFile): Promise<void>;
}

/**
 * The embedded default: bytes in the row's bytea column. A bytea value is written in one piece, so
 * an upload is collected here (at most MAX_UPLOAD_BYTES, enforced while it streams in).
 */
export class PostgresObjectStore implements ObjectStore {
  readonly storage = 'db';

  async put(_key: string, body: Readable): Promise<StoredFile> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return { storage: 'db', bytes: Buffer.concat(chunks) };
  }

  async get(file: StoredFile): Promise<Readable> {
    if (file.storage !== 'db') throw new Error('Not a file kept in Postgres');
    return Readable.from([file.bytes]);
  }

  async delete(): Promise<void> {
    // The bytes are deleted with their row.
  }
}
