import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
// `req.file()` is the plugin's augmentation of FastifyRequest: named here so the type holds wherever
// this module is compiled (app.factory.ts registers the plugin itself).
import type {} from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@medora/shared';
import { ApiException } from './http-exception.filter.js';
import { HTTP_MESSAGES } from './http-messages.js';

/** Errors @fastify/multipart raises when a file passes the limit. */
const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_ERR_CTP_BODY_TOO_LARGE']);

function mapMultipartError(error: unknown): ApiException {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE_CODES.has(code)) {
    return new ApiException(413, MESSAGES.fileTooLargeServer);
  }
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new ApiException(400, MESSAGES.fileRequired, { file: MESSAGES.fileRequired });
  }
  // Everything else comes from the multipart parser (busboy: "Unexpected end of multipart data",
  // "Malformed part header", ...) or the client's stream, and is about the bytes the client sent.
  return new ApiException(400, HTTP_MESSAGES.invalidMultipart);
}

/** Bytes read before the content check: more than any magic number `detectFileType` looks at. */
const HEAD_BYTES = 64;

/**
 * One uploaded file, not yet read: the content check looks at `head`, then `body` streams the whole
 * file (head included) into storage, so an upload is never held in memory whole.
 */
export interface UploadStream {
  fileName: string;
  fields: Record<string, string>;
  /** The first bytes of the file (at least HEAD_BYTES unless the file is shorter). */
  head: Buffer;
  /** The whole file; fails with a 413 ApiException past MAX_UPLOAD_BYTES. Read it once. */
  body: Readable;
  /** Bytes `body` delivered so far: the file's size once it has ended. */
  readonly size: number;
  /** SHA-256 (hex) of what `body` delivered, once it has ended. */
  sha256(): string;
  /** Why `body` failed (an ApiException), if it did. */
  readonly failure: ApiException | undefined;
  /** Reads and drops the rest of the request (an upload refused, or already stored). */
  discard(): void;
}

/**
 * Opens one multipart file (field `file`, at most 10 MB → 413) with the text fields sent before it,
 * for every upload route (a declared body far beyond the limit is refused unread; a malformed body →
 * 400). The caller checks `head`, streams `body` into storage, and calls `discard()` at the end.
 */
export async function openOneFile(req: FastifyRequest): Promise<UploadStream> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw new ApiException(413, MESSAGES.fileTooLargeServer);
  let file;
  try {
    file = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (!file || file.fieldname !== 'file') {
    throw new ApiException(400, MESSAGES.fileRequired, { file: MESSAGES.fileRequired });
  }
  const source = file.file;
  // One iterator over the file from start to end: it also sees an error (a part cut short) that the
  // stream raised before anyone listened, which event listeners attached now would miss.
  const chunks = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let finished = false;
  const next = async (): Promise<Buffer | null> => {
    try {
      const step = await chunks.next();
      if (step.done) finished = true;
      return step.done ? null : step.value;
    } catch (error) {
      finished = true;
      throw error;
    }
  };
  const headChunks: Buffer[] = [];
  let headLength = 0;
  try {
    while (headLength < HEAD_BYTES) {
      const chunk = await next();
      if (chunk === null) break;
      headChunks.push(chunk);
      headLength += chunk.length;
    }
  } catch (error) {
    throw mapMultipartError(error);
  }
  const head = Buffer.concat(headChunks);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    if (value && !Array.isArray(value) && 'value' in value && typeof value.value === 'string') {
      fields[name] = value.value;
    }
  }
  const hash = createHash('sha256');
  let size = 0;
  let failure: ApiException | undefined;
  const tooLarge = () => new ApiException(413, MESSAGES.fileTooLargeServer);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      for (const chunk of [head]) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
      for (let chunk = await next(); chunk !== null; chunk = await next()) {
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) throw tooLarge();
        hash.update(chunk);
        yield chunk;
      }
      // busboy ends a file at the limit and says so with `truncated`.
      if (source.truncated) throw tooLarge();
    } catch (error) {
      failure = error instanceof ApiException ? error : mapMultipartError(error);
      throw failure;
    }
  }
  return {
    fileName: file.filename,
    fields,
    head,
    body: Readable.from(all(), { objectMode: false }),
    get size() {
      return size;
    },
    sha256: () => hash.copy().digest('hex'),
    get failure() {
      return failure;
    },
    discard: () => {
      // Reads what is left (at most the size limit), so the request ends and its answer goes out.
      if (!finished)
        void (async () => {
          try {
            while ((await next()) !== null);
          } catch {
            /* the body was bad: the answer says so already */
          }
        })();
    },
  };
}

/**
 * A file the server already holds whole (the local demo data's small files), in the shape of an
 * upload, so it goes through the same content checks and storage as one a person sends.
 */
export function uploadOfBuffer(fileName: string, bytes: Buffer): UploadStream {
  return {
    fileName,
    fields: {},
    head: bytes.subarray(0, HEAD_BYTES),
    body: Readable.from([bytes], { objectMode: false }),
    size: bytes.length,
    sha256: () => createHash('sha256').update(bytes).digest('hex'),
    failure: undefined,
    discard: () => {},
  };
}
