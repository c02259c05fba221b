import { camelCaseName, camelizeRow, returnedRows, sqlList } from './sql-rows.js';

describe('raw row helpers', () => {
  it('camelizes snake_case column names and keeps values', () => {
    expect(camelCaseName('created_at')).toBe('createdAt');
    expect(camelCaseName('id')).toBe('id');
    const when = new Date(0);
    expect(camelizeRow({ patient_uid: 'u1', uploaded_at: when, size: 3 })).toEqual({
      patientUid: 'u1',
      uploadedAt: when,
      size: 3,
    });
  });

  it('reads rows from both result shapes TypeORM returns', () => {
    expect(returnedRows([[{ id: 'a' }], 1])).toEqual([{ id: 'a' }]);
    expect(returnedRows([[], 0])).toEqual([]);
    expect(returnedRows([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(returnedRows([])).toEqual([]);
    expect(returnedRows(undefined)).toEqual([]);
  });
});

describe('sqlList', () => {
  it('quotes each value for an IN list, doubling quotes', () => {
    expect(sqlList(['pending', 'approved'])).toBe("'pending', 'approved'");
    expect(sqlList(["O'Brien"])).toBe("'O''Brien'");
  });
});
