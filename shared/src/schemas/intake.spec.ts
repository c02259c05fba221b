import { intakeRecordSchema, savePatientSchema } from './intake.js';

describe('intakeRecordSchema', () => {
  it('accepts a record with main and follow-up answers and document names', () => {
    const r = intakeRecordSchema.safeParse({
      name: 'Ann',
      gender: 'Female',
      dob: '1990-05-01',
      heightWeight: { heightFeet: 5, heightInches: 4, weight: 60.5 },
      chronicConditions: ['Diabetes'],
      diabetesMeds: ['Metformin'],
      chestPainLevel: 'Mild (1-3 out of 10)',
      chronicConditions_document: 'a.pdf',
      childrenCount: 2,
    });
    expect(r.success).toBe(true);
  });

  it('names unknown fields and bad values', () => {
    const r = intakeRecordSchema.safeParse({
      hacker: 1,
      gender: 'X',
      heightWeight: { heightFeet: 5, heightInches: 0, weight: 501 },
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['hacker', 'gender', 'heightWeight.weight']));
  });

  it('refuses duplicates and None with other choices', () => {
    expect(intakeRecordSchema.safeParse({ allergyList: ['Dust', 'Dust'] }).success).toBe(false);
    expect(intakeRecordSchema.safeParse({ allergyList: ['None', 'Dust'] }).success).toBe(false);
  });

  it('needs a uid and data', () => {
    expect(savePatientSchema.safeParse({ data: {} }).success).toBe(false);
    expect(savePatientSchema.safeParse({ uid: 'abc', data: {} }).success).toBe(true);
  });
});
