import { MESSAGES, formatMessage } from '@medora/shared/messages';

/** The type of a document uploaded at the final intake step (`medicalReports`). */
export const MEDICAL_REPORT_TYPE = 'Medical Report';

/**
 * Readable names of document types: an upload made at an intake question is stored
 * with that question's field as its type ('chronicConditions'); patients and doctors read a label.
 * Keys: the final step's type and every upload field of the question bank (a test checks them).
 */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  [MEDICAL_REPORT_TYPE]: MESSAGES.documentTypeMedicalReport,
  chronicConditions: MESSAGES.documentTypeChronicConditions,
  medications: MESSAGES.documentTypeMedications,
  surgeryTypes: MESSAGES.documentTypeSurgery,
};

/** The readable type of a document: 'chronicConditions' → 'Chronic conditions report'. */
export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type] ?? MESSAGES.documentTypeOther;
}

/** A file's size for people: 900 B, 12.3 KB, 1.2 MB ('' when unknown). */
export function formatSize(bytes: number | null): string {
  if (bytes === null || bytes < 0) return '';
  if (bytes < 1024) return formatMessage('fileSizeBytes', { size: bytes });
  if (bytes < 1024 * 1024) return formatMessage('fileSizeKb', { size: (bytes / 1024).toFixed(1) });
  return formatMessage('fileSizeMb', { size: (bytes / (1024 * 1024)).toFixed(1) });
}
