/**
 * Document file rules shared by the browser (extension + size, for comfort) and the API (magic bytes,
 * the authority: files are checked by content, not by name).
 */

/** Per-file maximum (10 MB), enforced in the browser and on the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Extensions the intake accepts. */
export const INTAKE_UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;

/** The `accept` attribute of the intake's file inputs. */
export const INTAKE_UPLOAD_ACCEPT = INTAKE_UPLOAD_EXTENSIONS.join(',');

export type DetectedType = 'pdf' | 'png' | 'jpeg' | 'doc' | 'docx';

export const CONTENT_TYPES: Record<DetectedType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const EXTENSION_TYPES: Record<string, DetectedType> = {
  '.pdf': 'pdf',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.doc': 'doc',
  '.docx': 'docx',
};

/**
 * Doctor credentials and prescriptions (docs/product.md#documents): PDF, JPEG or PNG — by content on the
 * server, by extension (`CREDENTIAL_UPLOAD_EXTENSIONS`) in the browser. Same 10 MB limit.
 */
export const CREDENTIAL_FILE_TYPES: readonly DetectedType[] = ['pdf', 'jpeg', 'png'];

/** Extensions of {@link CREDENTIAL_FILE_TYPES}, for the browser's check and `accept` attribute. */
export const CREDENTIAL_UPLOAD_EXTENSIONS = Object.keys(EXTENSION_TYPES).filter((ext) =>
  CREDENTIAL_FILE_TYPES.includes(EXTENSION_TYPES[ext]!),
);

/** The `accept` attribute of credential and prescription file inputs ('.pdf,.png,.jpg,.jpeg'). */
export const CREDENTIAL_UPLOAD_ACCEPT = CREDENTIAL_UPLOAD_EXTENSIONS.join(',');

/** Lower-case extension with its dot, or ''. */
export function extensionOf(name: string): string {
  const m = /\.[A-Za-z0-9]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
}

/** What each upload kind accepts by name in the browser, and the catalogue keys of its refusals. */
const UPLOAD_KINDS = {
  /** The patient intake: PDF, Word or image. */
  intake: {
    extensions: Object.keys(EXTENSION_TYPES),
    typeRefused: 'uploadTypeRefused',
    tooLarge: 'uploadTooLarge',
  },
  /** Doctor credentials (docs/product.md#documents): PDF, JPEG or PNG. */
  credential: {
    extensions: CREDENTIAL_UPLOAD_EXTENSIONS,
    typeRefused: 'credentialTypeInvalid',
    tooLarge: 'fileTooLargeServer',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** The catalogue keys a check of `kind` may answer. */
export type UploadRefusal<K extends UploadKind> = (typeof UPLOAD_KINDS)[K]['typeRefused' | 'tooLarge'];

/**
 * Browser-side check of a chosen file (extension, then the 10 MB limit): the catalogue key of its
 * message, or null when acceptable. The server checks the content again.
 */
export function checkUploadFile(
  file: { name: string; size: number },
  kind: 'intake',
): UploadRefusal<'intake'> | null;
export function checkUploadFile(
  file: { name: string; size: number },
  kind: 'credential',
): UploadRefusal<'credential'> | null;
export function checkUploadFile(
  file: { name: string; size: number },
  kind: UploadKind,
): UploadRefusal<UploadKind> | null {
  const rules = UPLOAD_KINDS[kind];
  const extensions: readonly string[] = rules.extensions;
  if (!extensions.includes(extensionOf(file.name))) return rules.typeRefused;
  if (file.size > MAX_UPLOAD_BYTES) return rules.tooLarge;
  return null;
}

/** {@link checkUploadFile} for the intake. */
export function checkIntakeFile(file: { name: string; size: number }): UploadRefusal<'intake'> | null {
  return checkUploadFile(file, 'intake');
}

/** The first bytes of a chosen file in the browser (enough for every signature `detectFileType` knows). */
export async function fileHead(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, 16);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  // Older Blob implementations (jsdom's) have no arrayBuffer(): the browser's FileReader then. Typed
  // here because this package also compiles for Node, which has no FileReader.
  const Reader = (globalThis as unknown as { FileReader: new () => ByteReader }).FileReader;
  return new Promise((resolve, reject) => {
    const reader = new Reader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsArrayBuffer(head);
  });
}

interface ByteReader {
  result: unknown;
  error: unknown;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  readAsArrayBuffer(blob: Blob): void;
}

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

/**
 * The type a file's first bytes prove, checked against its name: PDF (%PDF-), PNG (8-byte signature),
 * JPEG (FF D8 FF), DOC (OLE2 compound file D0 CF 11 E0 A1 B1 1A E1) and DOCX (a ZIP, PK\x03\x04, named
 * .docx — a ZIP cannot prove it is a Word file without unpacking). Null when the bytes match none of
 * them or do not match the name's extension (a .pdf that is not a PDF).
 */
export function detectFileType(bytes: Uint8Array, fileName: string): DetectedType | null {
  let detected: DetectedType | null = null;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) detected = 'pdf';
  else if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) detected = 'png';
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) detected = 'jpeg';
  else if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) detected = 'doc';
  else if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) detected = 'docx';
  if (detected === null) return null;
  const claimed = EXTENSION_TYPES[extensionOf(fileName)];
  return claimed === detected ? detected : null;
}

/**
 * Bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks U+200E, U+200F, U+061C. In a file name they only disguise it:
 * 'invoice\u202Efdp.exe' is shown as 'invoiceexe.pdf'.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * A file name safe to store and to send back in Content-Disposition: no paths, controls, bidi
 * formatting characters or quotes. Documents, credentials and prescriptions all store names through it.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters (C0, DEL and C1) would break headers and logs.
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/["<>:|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const limited = cleaned.length > 200 ? cleaned.slice(cleaned.length - 200) : cleaned;
  return limited || 'document';
}
