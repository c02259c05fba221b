import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { loadConfig, type S3Config } from '../config/config.js';
import { isObjectStoreError } from './object-store.js';
import { S3ObjectStore } from './s3-object-store.js';

/**
 * A strict S3 stand-in: like MinIO without a KMS it refuses any server-side-encryption header
 * (501 "Server side encryption specified but KMS is not configured"); with `kms: true` it accepts
 * them like AWS. It records the headers of every request.
 */
class StrictS3 {
  readonly requests: { method: string; headers: IncomingHttpHeaders }[] = [];
  private readonly server: Server;

  constructor(private readonly kms: boolean) {
    this.server = createServer((req, res) => {
      this.requests.push({ method: req.method ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => {
        const sse = Object.keys(req.headers).some((h) => h.startsWith('x-amz-server-side-encryption'));
        if (sse && !this.kms) {
          res
            .writeHead(501, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NotImplemented</Code>' +
                '<Message>Server side encryption specified but KMS is not configured</Message></Error>',
            );
          return;
        }
        res.writeHead(200, { etag: '"0123456789abcdef"' }).end();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The S3 config `loadConfig` makes of these settings, pointed at `endpoint`. */
function s3Config(endpoint: string, env: Record<string, string>): S3Config {
  const config = loadConfig({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'medora-sse',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    S3_FORCE_PATH_STYLE: 'true',
    ...env,
  });
  return config.s3!;
}

async function putOnce(server: StrictS3, env: Record<string, string>) {
  const store = new S3ObjectStore(s3Config(await server.start(), env));
  try {
    return await store.put(
      'documents/p1/a.pdf',
      Readable.from([Buffer.from('%PDF-1.4 test')]),
      'application/pdf',
    );
  } finally {
    store.destroy();
    await server.close();
  }
}

const puts = (server: StrictS3) => server.requests.filter((r) => r.method === 'PUT');

describe('an unreachable object store', () => {
  it('fails uploads and downloads with an outage marked as the object store’s, not the database’s', async () => {
    const server = new StrictS3(true);
    const endpoint = await server.start();
    await server.close(); // nothing listens there now
    const store = new S3ObjectStore({ ...s3Config(endpoint, {}), region: 'us-east-1' });
    try {
      const failures = await Promise.all([
        store
          .put('documents/p1/b.pdf', Readable.from([Buffer.from('%PDF-1.4')]), 'application/pdf')
          .catch((e: unknown) => e),
        store.get({ storage: 's3', objectKey: 'documents/p1/b.pdf' }).catch((e: unknown) => e),
      ]);
      for (const error of failures) {
        // Under Jest's VM realm the SDK wraps the socket error ("AWS SDK error wrapper for …"), so
        // only its text carries ECONNREFUSED here; outside Jest `connectionFailure` reads the code.
        expect([isObjectStoreError(error), String((error as Error).message)]).toEqual([
          true,
          expect.stringContaining('ECONNREFUSED'),
        ]);
      }
    } finally {
      store.destroy();
    }
  });
});

describe('S3_SSE: the encryption header of an upload', () => {
  it('sends no encryption header by default, so MinIO without a KMS stores the object', async () => {
    const minio = new StrictS3(false);
    await expect(putOnce(minio, {})).resolves.toEqual({ storage: 's3', objectKey: 'documents/p1/a.pdf' });
    expect(puts(minio)).toHaveLength(1);
    expect(puts(minio)[0]!.headers['x-amz-server-side-encryption']).toBeUndefined();
  });

  it('asks for SSE-S3 with AES256, which a server without a KMS refuses and AWS accepts', async () => {
    const minio = new StrictS3(false);
    await expect(putOnce(minio, { S3_SSE: 'AES256' })).rejects.toThrow(/KMS is not configured/);
    const aws = new StrictS3(true);
    await putOnce(aws, { S3_SSE: 'AES256' });
    expect(puts(aws)[0]!.headers['x-amz-server-side-encryption']).toBe('AES256');
  });

  it('asks for SSE-KMS with aws:kms, naming the key when one is set', async () => {
    const withKey = new StrictS3(true);
    await putOnce(withKey, { S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'alias/medora' });
    expect(puts(withKey)[0]!.headers).toMatchObject({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'alias/medora',
    });
    const defaultKey = new StrictS3(true);
    await putOnce(defaultKey, { S3_SSE: 'aws:kms' });
    expect(puts(defaultKey)[0]!.headers['x-amz-server-side-encryption']).toBe('aws:kms');
    expect(puts(defaultKey)[0]!.headers['x-amz-server-side-encryption-aws-kms-key-id']).toBeUndefined();
  });

  it('refuses an unknown mode and a KMS key without aws:kms', () => {
    expect(() => s3Config('http://127.0.0.1:9', { S3_SSE: 'aes256' })).toThrow(
      "S3_SSE must be one of none, AES256, aws:kms (got 'aes256')",
    );
    expect(() => s3Config('http://127.0.0.1:9', { S3_SSE_KMS_KEY_ID: 'alias/medora' })).toThrow(
      "S3_SSE_KMS_KEY_ID is set but S3_SSE is 'none'",
    );
  });
});
