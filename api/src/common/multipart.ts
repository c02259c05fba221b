import type { FastifyRequest } from 'fastify';
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

export interface MultipartUpload {
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads one multipart file (field `file`, at most 10 MB → 413) and the text fields sent before it, for
 * every upload route (a declared body far beyond the limit is refused unread; a malformed body → 400).
 */
export async function readOneFile(req: FastifyRequest): Promise<MultipartUpload> {
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
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    throw mapMultipartError(error);
  }
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiException(413, MESSAGES.fileTooLargeServer);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    if (value && !Array.isArray(value) && 'value' in value && typeof value.value === 'string') {
      fields[name] = value.value;
    }
  }
  return { fileName: file.filename, bytes, fields };
}
