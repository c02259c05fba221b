import { createRequire } from 'node:module';
import type * as ContentDisposition from 'content-disposition';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Loaded with require (Node 20.19+ requires ESM) like @fastify/static does: the API's jest config
// compiles this ESM-only package to CommonJS for that require, so an `import` would not link in tests.
const { create: contentDisposition } = createRequire(import.meta.url)(
  'content-disposition',
) as typeof ContentDisposition;

/**
 * A file the API hands out: stored bytes (documents, credentials, prescriptions: a stream from
 * Postgres or S3, piped to the reply) or generated text (ics).
 */
export interface FileResponse {
  name: string;
  contentType: string;
  body: Buffer | string | Readable;
}

/**
 * The one way to send a file: the name through RFC 6266/8187 `content-disposition` (an
 * ASCII fallback with `_` for anything else, plus `filename*` when they differ), never sniffed by the
 * browser, never cached (health data).
 */
export async function sendFile(
  reply: FastifyReply,
  file: FileResponse,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<void> {
  const fallback = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  await reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name, { type: disposition, fallback }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
