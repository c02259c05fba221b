import { UPLOAD_FIELDS } from '../intake/content.js';
import { DOCUMENT_TYPE_LABELS, documentTypeLabel, formatSize, MEDICAL_REPORT_TYPE } from './document-type.js';

describe('document type labels', () => {
  it('names every upload field of the question bank and the final step', () => {
    expect(Object.keys(DOCUMENT_TYPE_LABELS).sort()).toEqual([MEDICAL_REPORT_TYPE, ...UPLOAD_FIELDS].sort());
  });

  it('reads an upload at the chronic-conditions question as a report, never as the field name', () => {
    expect(documentTypeLabel('chronicConditions')).toBe('Chronic conditions report');
    expect(documentTypeLabel('Medical Report')).toBe('Medical report');
    expect(documentTypeLabel('somethingElse')).toBe('Document');
  });

  it('gives sizes in B, KB and MB, and nothing for an unknown size', () => {
    expect(formatSize(900)).toBe('900 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatSize(null)).toBe('');
  });
});
