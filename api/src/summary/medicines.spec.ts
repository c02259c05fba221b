import { ALL_QUESTIONS, type IntakeAnswers } from '@medora/shared';
import { deterministicSummary } from './deterministic-summary.js';
import { allergyLines, drugName, MEDICINE_MENTIONS, mergeMedicines } from './medicines.js';

const NOW = new Date('2030-06-15T10:00:00Z');

describe('one medicine merge', () => {
  it('never drops a chosen medicine because it shares a word with the free text', () => {
    const meds = mergeMedicines({
      medications: 'Ramipril tablets 10 mg\nSymbicort inhaler\nBisoprolol (beta blocker)',
      chronicConditions: ['Heart Disease', 'Asthma', 'Hypertension'],
      heartDiseaseMeds: ['Nitroglycerin spray or tablets'],
      asthmaMeds: ['Reliever inhaler (e.g. salbutamol/albuterol)'],
      hypertensionMeds: ['Calcium channel blocker (e.g. amlodipine)'],
    });
    expect(meds).toEqual([
      'Ramipril tablets 10 mg',
      'Symbicort inhaler',
      'Bisoprolol (beta blocker)',
      'Nitroglycerin spray or tablets (heart disease)',
      'Reliever inhaler (e.g. salbutamol/albuterol) (asthma)',
      'Calcium channel blocker (e.g. amlodipine) (hypertension)',
    ]);
  });

  it('keeps "other medicines" one per line, commas inside a line kept', () => {
    expect(
      mergeMedicines({
        medicationOther:
          'Capecitabine 1500 mg twice daily, last cycle 8 days ago\nCo-codamol 30/500, two tablets',
      }),
    ).toEqual(['Capecitabine 1500 mg twice daily, last cycle 8 days ago', 'Co-codamol 30/500, two tablets']);
  });

  it('de-duplicates by drug name and keeps the dose', () => {
    expect(
      mergeMedicines({ medications: 'Furosemide 40 mg mornings', medicationOther: 'Furosemide' }),
    ).toEqual(['Furosemide 40 mg mornings']);
    expect(mergeMedicines({ medications: 'Furosemide 40 mg\nFurosemide 20 mg' })).toEqual([
      'Furosemide 40 mg',
      'Furosemide 20 mg',
    ]);
  });

  it('merges a chosen drug into the free-text line that names it, by name or synonym', () => {
    expect(
      mergeMedicines({
        medications: '- GTN spray 400 mcg as needed\n2. Metformin 500 mg twice daily',
        chronicConditions: ['Heart Disease', 'Diabetes'],
        heartDiseaseMeds: ['Nitroglycerin spray or tablets', 'Diuretic (e.g. furosemide)'],
        diabetesMeds: ['Metformin'],
      }),
    ).toEqual([
      'GTN spray 400 mcg as needed (heart disease: Nitroglycerin spray or tablets)',
      'Metformin 500 mg twice daily (diabetes: Metformin)',
      'Diuretic (e.g. furosemide) (heart disease)',
    ]);
    expect(drugName('Lasix 40mg')).toBe('furosemide');
  });

  it('lists risk medicines and symptom answers that point at a medicine (options exist in the bank)', () => {
    expect(mergeMedicines({ riskMedicines: ['Insulin'], diarrheaTriggers: ['Recent antibiotics'] })).toEqual([
      'Insulin (risk medicines)',
      'Recent antibiotics (reported with diarrhea)',
    ]);
    const byField = new Map(ALL_QUESTIONS.map((q) => [q.field, q]));
    expect(MEDICINE_MENTIONS.filter((m) => !byField.get(m.field)?.options?.includes(m.option))).toEqual([]);
  });

  it('says None reported only when nothing names a medicine', () => {
    const s = deterministicSummary({ gender: 'Male', medicationClasses: ['None'] } as IntakeAnswers, NOW);
    expect(s.sections.find((x) => x.title === 'Medications')!.lines).toEqual(['None reported']);
  });
});

describe('allergies', () => {
  it('shows the list and the notes; "No known allergies" only when both say so', () => {
    expect(allergyLines({ allergyList: ['None'], allergies: 'Ibuprofen – wheezing and hives' })).toEqual({
      lines: ['Ibuprofen – wheezing and hives'],
      noneKnown: false,
    });
    expect(allergyLines({ allergyList: ['Penicillin'], allergies: 'Ibuprofen – wheezing' }).lines).toEqual([
      'Penicillin',
      'Ibuprofen – wheezing',
    ]);
    const s = deterministicSummary(
      { allergyList: ['None'], allergies: 'Ibuprofen – wheezing and hives' },
      NOW,
    );
    const lines = s.sections.find((x) => x.title === 'Allergies')!.lines;
    expect(lines).toEqual(['Ibuprofen – wheezing and hives']);
    expect(
      deterministicSummary({ allergyList: ['None'] }, NOW).sections.find((x) => x.title === 'Allergies')!
        .lines,
    ).toEqual(['No known allergies reported']);
  });
});
