import fc from 'fast-check';
import { MAX_UPLOAD_BYTES, detectFileType } from '@medora/shared';
import { nastyString } from './arbitraries.js';
import type { FuzzBody } from './bodies.js';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const CRLF = '\r\n';

/** A multipart/form-data body, written by hand so that it can also be written wrong. */
export function encodeMultipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += CRLF;
    if (part.contentType) head += `Content-Type: ${part.contentType}${CRLF}`;
    chunks.push(Buffer.from(head + CRLF, 'utf8'), part.data, Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.doc', '.docx'];

/** Bytes that no accepted file type starts with, whatever the file is called. */
export const badFileBytes: fc.Arbitrary<Buffer> = fc
  .oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.string({ unit: 'binary', maxLength: 512 }).map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
    // Almost a signature: one byte short or one byte off.
    fc.constantFrom(
      Uint8Array.from([0x25, 0x50, 0x44, 0x46]),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]),
      Uint8Array.from([0xff, 0xd8, 0xfe]),
      Uint8Array.from([0x50, 0x4b, 0x03, 0x05]),
    ),
  )
  .map((bytes) => Buffer.from(bytes))
  .filter((bytes) => EXTENSIONS.every((ext) => detectFileType(bytes, `file${ext}`) === null));

const fileName = fc.oneof(
  fc.constantFrom('report.pdf', 'scan.png', 'photo.jpg', 'letter.docx', 'noextension', '', '.pdf'),
  nastyString.map((s) => `${s}.pdf`),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const fieldValue = fc.oneof(
  nastyString,
  fc.constantFrom('license', 'degree', 'Medical Report', ''),
  // Beyond the 1 KiB field size limit.
  fc.integer({ min: 1025, max: 8192 }).map((n) => 'x'.repeat(n)),
);

const boundaryText = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);

/**
 * Multipart bodies that must be refused: a file whose bytes are no accepted type, no `file` part, too
 * many parts or files, oversized fields, and envelopes that are truncated, use another boundary than
 * the header, or are not multipart at all. `fields` are the route's text fields (sent first, as the UI
 * does), each with a valid value; they are kept, dropped or replaced with junk.
 */
export function badMultipartBodies(fields: Record<string, string>): fc.Arbitrary<FuzzBody> {
  const names = Object.keys(fields);
  const textPart = fc.oneof(
    fc.tuple(fc.constantFrom(...(names.length ? names : ['field'])), fieldValue),
    fc.tuple(nastyString, fieldValue),
  );
  const textParts = fc.oneof(fc.constant(Object.entries(fields)), fc.array(textPart, { maxLength: 4 }));
  const filePart = fc
    .tuple(fc.constantFrom('file', 'file', 'files', 'document', ''), fileName, badFileBytes)
    .map(([name, filename, data]) => ({ name, filename, contentType: 'application/octet-stream', data }));
  const parts = fc
    .tuple(
      textParts,
      fc.array(filePart, { minLength: 0, maxLength: 3 }),
      fc.array(textPart, { maxLength: 6 }),
    )
    .map(([before, files, after]) => [
      ...before.map(([name, value]) => ({ name, data: Buffer.from(value, 'utf8') })),
      ...files,
      ...after.map(([name, value]) => ({ name, data: Buffer.from(value, 'utf8') })),
    ]);

  const envelope = fc.tuple(parts, boundaryText).chain(([ps, boundary]) => {
    const body = encodeMultipart(ps, boundary);
    const header = `multipart/form-data; boundary=${boundary}`;
    return fc.oneof(
      fc.constant({ category: 'well-formed, bad content', payload: body, contentType: header }),
      fc.integer({ min: 0, max: Math.max(0, body.length - 1) }).map((n) => ({
        category: 'truncated',
        payload: body.subarray(0, n),
        contentType: header,
      })),
      fc.constant({
        category: 'other boundary',
        payload: body,
        contentType: `multipart/form-data; boundary=x${boundary}`,
      }),
      fc.constant({ category: 'no boundary', payload: body, contentType: 'multipart/form-data' }),
      fc.constant({
        category: 'mixed, not form-data',
        payload: body,
        contentType: `multipart/mixed; boundary=${boundary}`,
      }),
      fc.constant({
        category: 'no closing boundary',
        payload: body.subarray(0, body.length - boundary.length - 6),
        contentType: header,
      }),
      fc.constant({
        category: 'CRLF as LF',
        payload: Buffer.from(body.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'),
        contentType: header,
      }),
    );
  });

  const garbage = fc.tuple(fc.uint8Array({ maxLength: 4096 }), boundaryText).map(([bytes, boundary]) => ({
    category: 'garbage bytes',
    payload: Buffer.from(bytes),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));

  const headerJunk = fc.tuple(nastyString, boundaryText).map(([junk, boundary]) => ({
    category: 'part without disposition',
    payload: Buffer.from(
      `--${boundary}${CRLF}X-Junk: ${junk.replace(/[\r\n]/g, '')}${CRLF}${CRLF}data${CRLF}--${boundary}--${CRLF}`,
      'utf8',
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));

  return fc
    .oneof({ arbitrary: envelope, weight: 6 }, garbage, headerJunk)
    .map((b) => ({ ...b, kind: 'raw', category: `multipart: ${b.category}` }) as FuzzBody);
}

/** A well-formed upload one byte past the 10 MB limit (valid PDF header): must be 413, never stored. */
export function oversizedUpload(fields: Record<string, string>): FuzzBody {
  const boundary = 'fuzz-oversized';
  const data = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
  data.write('%PDF-1.4\n');
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, data: Buffer.from(value) })),
    { name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data },
  ];
  return {
    kind: 'raw',
    category: 'multipart: oversized file',
    payload: encodeMultipart(parts, boundary),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
