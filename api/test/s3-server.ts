import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
// s3rver is CommonJS without types: a small S3-protocol server (Koa) keeping objects in a folder.
import S3rver from 's3rver';
import { s3Client } from '../src/storage/s3-object-store.js';
import type { S3Config } from '../src/config/config.js';
import { freePort } from './free-port.js';

export interface S3Request {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface TestS3 {
  /** S3_* variables of an API that stores its files in this server's bucket. */
  env: Record<string, string>;
  config: S3Config;
  /** Every request the server received, in order (reset with `requests.length = 0`). */
  requests: S3Request[];
  /** Keys of the objects in the bucket. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port with one empty bucket. */
export async function startS3Server(bucket = 'medora-test'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  const requests: S3Request[] = [];
  (server.httpServer as Server).on('request', (req: IncomingMessage) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  });
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config: S3Config = {
    endpoint: env.S3_ENDPOINT,
    bucket,
    region: env.S3_REGION,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    sse: { mode: 'none', kmsKeyId: undefined },
  };
  const client = s3Client(config);
  return {
    env,
    config,
    requests,
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
