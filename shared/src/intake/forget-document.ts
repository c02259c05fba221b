import { MEDICAL_REPORT_TYPE } from '../documents/document-type.js';
import { DOCUMENT_SUFFIX, UPLOAD_FIELDS } from './content.js';
import type { IntakeAnswers } from './types.js';

/**
 * The record without a deleted document's file name: the `<field>_document` entry of an
 * upload made at a question, or its place in `medicalReports` (names joined by ', '). Null when the
 * record does not name it, so the caller writes nothing.
 */
export function forgetDocument(
  answers: IntakeAnswers,
  doc: { type: string; name: string },
): IntakeAnswers | null {
  if (UPLOAD_FIELDS.includes(doc.type)) {
    const key = `${doc.type}${DOCUMENT_SUFFIX}`;
    if (answers[key] !== doc.name) return null;
    const next = { ...answers };
    delete next[key];
    return next;
  }
  if (doc.type === MEDICAL_REPORT_TYPE && typeof answers.medicalReports === 'string') {
    const names = answers.medicalReports.split(', ');
    const i = names.indexOf(doc.name);
    if (i < 0) return null;
    names.splice(i, 1);
    const next = { ...answers };
    if (names.length) next.medicalReports = names.join(', ');
    else delete next.medicalReports;
    return next;
  }
  return null;
}
