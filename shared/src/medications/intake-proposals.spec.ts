import { proposeFromIntake } from './intake-proposals.js';

const propose = (answers: Record<string, unknown>) =>
  proposeFromIntake('v1', answers as Parameters<typeof proposeFromIntake>[1]);

describe('proposeFromIntake', () => {
  it('reads name, strength and frequency from a free-text line, one medicine per line', () => {
    const proposals = propose({
      medications:
        'metformin 500mg twice daily\n- Lisinopril 10 mg once a day\n\n2) atorvastatin 20mg at night',
    });
    expect(proposals).toEqual([
      {
        key: 'intake:v1:0',
        kind: 'drug',
        sourceText: 'metformin 500mg twice daily',
        medicineId: 'metformin',
        name: 'Metformin',
        strength: '500 mg',
        dose: null,
        frequency: 'twice a day',
        conditionKey: null,
      },
      expect.objectContaining({ medicineId: 'lisinopril', strength: '10 mg', frequency: 'once a day' }),
      expect.objectContaining({ medicineId: 'atorvastatin', strength: '20 mg', frequency: 'at night' }),
    ]);
  });

  it('turns a brand into its generic name and reads the dose', () => {
    const [p] = propose({ medications: 'Ventolin 100mcg 2 puffs when needed' });
    expect(p).toMatchObject({
      medicineId: 'salbutamol',
      name: 'Salbutamol',
      strength: '100 micrograms',
      dose: '2 puffs',
      frequency: 'when needed',
    });
  });

  it('splits a comma list of medicines, but not the comma of a dose', () => {
    expect(
      propose({ medications: 'metformin, lisinopril; amlodipine 5mg' }).map((p) => p.medicineId),
    ).toEqual(['metformin', 'lisinopril', 'amlodipine']);
    const [big] = propose({ medications: 'metformin 1,000 mg bd' });
    expect(big).toMatchObject({ medicineId: 'metformin', strength: '1000 mg', frequency: 'twice a day' });
    const coCodamol = propose({ medications: 'co-codamol 30/500, two tablets when needed' });
    expect(coCodamol).toHaveLength(1);
    expect(coCodamol[0]).toMatchObject({
      medicineId: 'co-codamol',
      dose: '2 tablets',
      frequency: 'when needed',
    });
  });

  it('keeps a medicine the list does not know as free text', () => {
    const [p] = propose({ medications: 'Grandma’s herbal tea 2 cups daily' });
    expect(p).toMatchObject({
      kind: 'drug',
      medicineId: null,
      name: 'Grandma’s herbal tea',
      frequency: 'once a day',
    });
  });

  it('proposes a drug for a named option and a class prompt for a kind of medicine, per condition', () => {
    const proposals = propose({
      diabetesMeds: ['Metformin', 'Insulin'],
      hypertensionMeds: ['ACE inhibitor (e.g. lisinopril, ramipril)', 'Lifestyle changes only'],
      thyroidMeds: ['Carbimazole or methimazole'],
    });
    expect(proposals.map((p) => [p.kind, p.sourceText, p.conditionKey, p.medicineId])).toEqual([
      ['drug', 'Metformin', 'diabetes', 'metformin'],
      ['class', 'Insulin', 'diabetes', null],
      ['class', 'ACE inhibitor (e.g. lisinopril, ramipril)', 'hypertension', null],
      ['class', 'Carbimazole or methimazole', 'thyroid', null],
    ]);
    // A class is never silently turned into a drug.
    expect(proposals.filter((p) => p.kind === 'class').every((p) => p.name === null)).toBe(true);
  });

  it('merges a drug named twice and drops a class prompt a named drug already answers', () => {
    const proposals = propose({
      medications: 'Warfarin 3mg daily\nlisinopril',
      hypertensionMeds: ['ACE inhibitor (e.g. lisinopril, ramipril)'],
      heartDiseaseMeds: ['Anticoagulant (e.g. warfarin, apixaban)'],
      medicationClasses: ['Blood pressure medicines', 'Blood thinners', 'Vitamins or supplements', 'None'],
      riskMedicines: ['Blood thinners (e.g. warfarin, apixaban, rivaroxaban)', 'Insulin'],
    });
    expect(proposals.map((p) => p.sourceText)).toEqual(['Warfarin 3mg daily', 'lisinopril', 'Insulin']);
    expect(proposals[0]).toMatchObject({ strength: '3 mg', frequency: 'once a day' });
  });

  it('gives the same keys for the same answers and nothing for an empty intake', () => {
    const answers = {
      medications: 'aspirin 75mg',
      riskMedicines: ['Chemotherapy (now or in the last 6 weeks)'],
    };
    expect(propose(answers)).toEqual(propose(answers));
    expect(propose(answers).map((p) => p.key)).toEqual(['intake:v1:0', 'intake:v1:1']);
    expect(propose({ riskMedicines: ['None of these'], medicationClasses: ['None'] })).toEqual([]);
  });
});
