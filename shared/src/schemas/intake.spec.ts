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
    expect(r.error!.issues.find((i) => i.path[0] === 'heightWeight')?.message).toBe(
      'Weight must be between 1 and 500 kg.',
    );
  });

  it('refuses the height and weight the page refuses, with the same messages', () => {
    const msg = (heightWeight: unknown) =>
      intakeRecordSchema.safeParse({ heightWeight }).error?.issues[0]?.message ?? null;
    expect(msg({ heightFeet: 0, heightInches: 0, weight: 0 })).toBe(
      'Height must be between 1 ft 0 in and 8 ft 11 in.',
    );
    expect(msg({ heightFeet: 9, heightInches: 0, weight: 70 })).toBe(
      'Height must be between 1 ft 0 in and 8 ft 11 in.',
    );
    expect(msg({ heightFeet: 5, heightInches: 12, weight: 70 })).toBe(
      'Inches must be a whole number from 0 to 11.',
    );
    expect(msg({ heightFeet: 5, heightInches: 7, weight: 70 })).toBeNull();
  });

  it('refuses a future date of birth with its reason', () => {
    const r = intakeRecordSchema.safeParse({ dob: '2999-01-01' });
    expect(r.error?.issues[0]?.message).toBe('Your date of birth cannot be in the future.');
  });

  it('refuses an option of the other sex', () => {
    const r = intakeRecordSchema.safeParse({
      gender: 'Male',
      bleedingSite: ['Vaginal, outside normal periods'],
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bleedingSite', 'This option does not apply to the sex given.'],
    ]);
    expect(
      intakeRecordSchema.safeParse({ gender: 'Female', bleedingSite: ['Vaginal, outside normal periods'] })
        .success,
    ).toBe(true);
    expect(intakeRecordSchema.safeParse({ gender: 'Other', lumpLocation: 'Testicle' }).success).toBe(true);
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
