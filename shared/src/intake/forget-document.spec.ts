import { forgetDocument } from './forget-document.js';

describe('forgetDocument', () => {
  it('drops a per-question upload by field and name', () => {
    expect(
      forgetDocument(
        { name: 'A', chronicConditions_document: 'a.pdf' },
        { type: 'chronicConditions', name: 'a.pdf' },
      ),
    ).toEqual({ name: 'A' });
  });

  it('drops one name of the final step reports', () => {
    expect(
      forgetDocument({ medicalReports: 'a.pdf, b.pdf' }, { type: 'Medical Report', name: 'a.pdf' }),
    ).toEqual({ medicalReports: 'b.pdf' });
    expect(forgetDocument({ medicalReports: 'a.pdf' }, { type: 'Medical Report', name: 'a.pdf' })).toEqual(
      {},
    );
  });

  it('writes nothing when the record does not name the document', () => {
    expect(
      forgetDocument({ medications_document: 'b.pdf' }, { type: 'medications', name: 'a.pdf' }),
    ).toBeNull();
    expect(forgetDocument({}, { type: 'Medical Report', name: 'a.pdf' })).toBeNull();
    expect(forgetDocument({ x_document: 'a.pdf' } as never, { type: 'x', name: 'a.pdf' })).toBeNull();
  });
});
