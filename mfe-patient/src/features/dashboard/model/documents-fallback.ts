import {
  detectFileType,
  fileHead,
  formatMessage,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  type IntakeAnswers,
  type PatientDocument,
} from '@medora/shared';

const DOCUMENT_SUFFIX = '_document';

/**
 * When `GET /api/patients/{uid}/documents` fails, the list is built from the profile's file
 * names — `medicalReports` (comma-separated, type 'Medical Report') and every `<field>_document`
 * entry (type = the field). These records carry names only (no file to preview or download).
 */
export function fallbackDocuments(
  data: IntakeAnswers | null | undefined,
  uploadedAt?: string,
): PatientDocument[] {
  if (!data) return [];
  const when =
    (typeof data.uploadedAt === 'string' && data.uploadedAt) || uploadedAt || new Date(0).toISOString();
  const docs: PatientDocument[] = [];
  const add = (name: string, type: string) => {
    const trimmed = name.trim();
    if (!trimmed) return;
    docs.push({
      id: `profile-${docs.length + 1}`,
      name: trimmed,
      type,
      uploadedAt: when,
      fileUrl: '',
      contentType: null,
      size: null,
      hasFile: false,
    });
  };
  const reports = data.medicalReports;
  if (typeof reports === 'string') reports.split(',').forEach((n) => add(n, 'Medical Report'));
  else if (Array.isArray(reports)) reports.forEach((n) => typeof n === 'string' && add(n, 'Medical Report'));
  for (const [key, value] of Object.entries(data)) {
    if (key.endsWith(DOCUMENT_SUFFIX) && key.length > DOCUMENT_SUFFIX.length && typeof value === 'string') {
      add(value, key.slice(0, -DOCUMENT_SUFFIX.length));
    }
  }
  return docs;
}

/** A PDF by content type or, for records without one, by name. */
export function isPdf(doc: Pick<PatientDocument, 'contentType' | 'name'>): boolean {
  return doc.contentType === 'application/pdf' || (!doc.contentType && /\.pdf$/i.test(doc.name));
}

export function isImage(doc: Pick<PatientDocument, 'contentType'>): boolean {
  return typeof doc.contentType === 'string' && doc.contentType.startsWith('image/');
}

/** A picked file the dashboard accepts (PDF only on the dashboard). */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}

/**
 * A file picked on the dashboard, checked before any byte is sent (the server checks again): a PDF by its
 * name or type, at most 10 MB, and a PDF by its first bytes (a text file named .pdf is refused here, with
 * its name). The message, or null when acceptable.
 */
export async function checkPdfUpload(file: File): Promise<string | null> {
  if (!isPdfFile(file)) return MESSAGES.pdfOnly;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.uploadTooLarge;
  return detectFileType(await fileHead(file), file.name) === 'pdf'
    ? null
    : formatMessage('pdfFileRefused', { name: file.name });
}
