import { UPLOAD_FIELDS } from '../intake/content.js';
import { DOCUMENT_TYPE_LABELS, documentTypeLabel, MEDICAL_REPORT_TYPE } from './document-type.js';

describe('document type labels', () => {
  it('names every upload field of the question bank and the final step', () => {
    expect(Object.keys(DOCUMENT_TYPE_LABELS).sort()).toEqual([MEDICAL_REPORT_TYPE, ...UPLOAD_FIELDS].sort());
  });

  it('reads an upload at the chronic-conditions question as a report, never as the field name', () => {
    expect(documentTypeLabel('chronicConditions')).toBe('Chronic conditions report');
    expect(documentTypeLabel('Medical Report')).toBe('Medical report');
    expect(documentTypeLabel('somethingElse')).toBe('Document');
  });
});
