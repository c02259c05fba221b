import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config/config.js';
import { markObjectStoreError, type ObjectStore, type StoredFile } from './object-store.js';

/** An S3 client for the S3_* settings (MinIO and s3rver need path-style URLs). */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only when the operation requires one: S3-compatible servers vary in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The PutObject / CreateMultipartUpload encryption parameters of an S3_SSE setting (none: no header). */
export function sseParams(
  sse: S3Config['sse'],
): Pick<PutObjectCommandInput, 'ServerSideEncryption' | 'SSEKMSKeyId'> {
  if (sse.mode === 'none') return {};
  return {
    ServerSideEncryption: sse.mode,
    ...(sse.mode === 'aws:kms' && sse.kmsKeyId ? { SSEKMSKeyId: sse.kmsKeyId } : {}),
  };
}

/**
 * Bytes as objects in an S3-compatible bucket, streamed both ways: an upload goes up in parts as
 * it arrives (lib-storage's Upload: one PutObject under 5 MB, a multipart upload above), a download
 * is the GetObject body stream. Server-side encryption is asked for per S3_SSE (`sseParams`).
 */
export class S3ObjectStore implements ObjectStore {
  readonly storage = 's3';
  readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    client?: S3Client,
  ) {
    this.client = client ?? s3Client(config);
  }

  /** The bucket answers (for readiness): one HeadBucket, rejected with the store's mark when not. */
  async probe(): Promise<void> {
    await this.client
      .send(new HeadBucketCommand({ Bucket: this.config.bucket }))
      .catch((error: unknown) => Promise.reject(markObjectStoreError(error)));
  }

  async put(key: string, body: Readable, contentType: string): Promise<StoredFile> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ...sseParams(this.config.sse),
      },
      // One part in flight: an upload holds at most one 5 MB part in memory.
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done().catch((error: unknown) => Promise.reject(markObjectStoreError(error)));
    return { storage: 's3', objectKey: key };
  }

  async get(file: StoredFile): Promise<Readable> {
    if (file.storage !== 's3') throw new Error('Not a file kept in S3');
    const res = await this.client
      .send(new GetObjectCommand({ Bucket: this.config.bucket, Key: file.objectKey }))
      .catch((error: unknown) => Promise.reject(markObjectStoreError(error)));
    if (!res.Body) throw new Error(`S3 returned no body for ${file.objectKey}`);
    return res.Body as Readable;
  }

  async delete(file: StoredFile): Promise<void> {
    if (file.storage !== 's3') return;
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: file.objectKey }))
      .catch((error: unknown) => Promise.reject(markObjectStoreError(error)));
  }

  destroy(): void {
    this.client.destroy();
  }
}
