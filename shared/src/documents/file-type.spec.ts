import {
  CREDENTIAL_FILE_TYPES,
  CREDENTIAL_UPLOAD_ACCEPT,
  CREDENTIAL_UPLOAD_EXTENSIONS,
  checkIntakeFile,
  checkUploadFile,
  detectFileType,
  extensionOf,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
} from './file-type.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const PDF = new TextEncoder().encode('%PDF-1.7\n...');
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0);
const DOC = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0);

describe('detectFileType (magic bytes)', () => {
  it('recognises PDF, PNG, JPEG, DOC and DOCX whose name agrees', () => {
    expect(detectFileType(PDF, 'a.pdf')).toBe('pdf');
    expect(detectFileType(PNG, 'a.PNG')).toBe('png');
    expect(detectFileType(JPEG, 'a.jpg')).toBe('jpeg');
    expect(detectFileType(JPEG, 'a.jpeg')).toBe('jpeg');
    expect(detectFileType(DOC, 'a.doc')).toBe('doc');
    expect(detectFileType(ZIP, 'a.docx')).toBe('docx');
  });

  it('refuses a .pdf that is not a PDF, and content that matches another extension', () => {
    expect(detectFileType(new TextEncoder().encode('MZ\x90\x00'), 'a.pdf')).toBeNull();
    expect(detectFileType(PNG, 'a.pdf')).toBeNull();
    expect(detectFileType(ZIP, 'a.zip')).toBeNull();
    expect(detectFileType(ZIP, 'a.doc')).toBeNull();
    expect(detectFileType(bytes(), 'a.pdf')).toBeNull();
    expect(detectFileType(bytes(0x25, 0x50), 'a.pdf')).toBeNull();
  });
});

describe('checkIntakeFile (browser)', () => {
  it('accepts the intake extensions up to 10 MB', () => {
    expect(checkIntakeFile({ name: 'x.docx', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkIntakeFile({ name: 'x.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe('uploadTooLarge');
    expect(checkIntakeFile({ name: 'x.exe', size: 10 })).toBe('uploadTypeRefused');
    expect(checkIntakeFile({ name: 'pdf', size: 10 })).toBe('uploadTypeRefused');
  });

  // The credential rule lives here too (the onboarding page had its own copy).
  it('accepts credentials as PDF, JPEG or PNG up to 10 MB', () => {
    expect(checkUploadFile({ name: 'degree.PDF', size: MAX_UPLOAD_BYTES }, 'credential')).toBeNull();
    expect(checkUploadFile({ name: 'degree.docx', size: 10 }, 'credential')).toBe('credentialTypeInvalid');
    expect(checkUploadFile({ name: 'id.jpg', size: MAX_UPLOAD_BYTES + 1 }, 'credential')).toBe(
      'fileTooLargeServer',
    );
  });
});

describe('file names', () => {
  it('takes the lower-case extension', () => {
    expect(extensionOf('A.PDF')).toBe('.pdf');
    expect(extensionOf('noext')).toBe('');
  });

  it('strips paths, control characters and quotes', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\scan "1".pdf')).toBe('scan 1.pdf');
    expect(sanitizeFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('...')).toBe('document');
    expect(sanitizeFileName(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
  });

  it('strips bidi formatting characters, so a name shows what it is', () => {
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const every = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(sanitizeFileName(`a${every}b.pdf`)).toBe('ab.pdf');
    expect(sanitizeFileName(every)).toBe('document');
    // Right-to-left letters themselves stay.
    expect(sanitizeFileName('تقرير.pdf')).toBe('تقرير.pdf');
  });
});

describe('credential upload rules (defined once)', () => {
  it('the extensions the browser accepts are exactly those of the types the server accepts', () => {
    expect([...CREDENTIAL_UPLOAD_EXTENSIONS].sort()).toEqual(['.jpeg', '.jpg', '.pdf', '.png']);
    expect(CREDENTIAL_UPLOAD_ACCEPT.split(',').sort()).toEqual(['.jpeg', '.jpg', '.pdf', '.png']);
    expect(CREDENTIAL_FILE_TYPES).toEqual(['pdf', 'jpeg', 'png']);
  });
});
