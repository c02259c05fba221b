// s3rver 3 ships no types; the test helper (s3-server.ts) uses this much of it.
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer: Server | undefined;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
