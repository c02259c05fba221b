import { ALL_QUESTIONS, type IntakeAnswers } from '@medora/shared';
import { deterministicSummary } from './deterministic-summary.js';
import {
  allergyLines,
  answersWithList,
  drugName,
  medicationLines,
  MEDICINE_MENTIONS,
  mergeMedicines,
} from './medicines.js';

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

describe('the confirmed medicine list first', () => {
  const warfarin = {
    name: 'Warfarin',
    medicineId: 'warfarin',
    strength: '3 mg',
    dose: '1 tablet',
    frequency: 'once a day',
    status: 'taking' as const,
  };

  it('lists the confirmed medicines before what only the intake named', () => {
    const lines = medicationLines({ medications: 'warfarin 1mg\nparacetamol when needed' }, [
      warfarin,
      { ...warfarin, name: 'Ramipril', medicineId: 'ramipril', status: 'paused', dose: null },
      { ...warfarin, name: 'Amoxicillin', medicineId: 'amoxicillin', status: 'stopped' },
    ]);
    expect(lines).toEqual([
      'Warfarin 3 mg — 1 tablet, once a day',
      'Ramipril 3 mg — once a day (paused)',
      'paracetamol when needed (reported at intake, not on the confirmed list)',
    ]);
  });

  it('falls back to the intake when the list holds no current medicine', () => {
    const answers = { medications: 'warfarin 1mg' };
    expect(medicationLines(answers, [{ ...warfarin, status: 'stopped' }])).toEqual(mergeMedicines(answers));
  });

  it('gives the red-flag rules the list’s risk classes, keeping the intake’s own answers', () => {
    expect(answersWithList({ riskMedicines: ['None of these'] }, [warfarin]).riskMedicines).toEqual([
      'Blood thinners (e.g. warfarin, apixaban, rivaroxaban)',
    ]);
    const insulin = { ...warfarin, name: 'Lantus', medicineId: 'insulin-glargine' };
    expect(
      answersWithList({ riskMedicines: ['Chemotherapy (now or in the last 6 weeks)'] }, [insulin])
        .riskMedicines,
    ).toEqual(['Chemotherapy (now or in the last 6 weeks)', 'Insulin']);
    const untouched = { riskMedicines: ['None of these'] };
    expect(answersWithList(untouched, [{ ...warfarin, status: 'stopped' }])).toBe(untouched);
  });

  it('raises the blood-thinner rule from the list when the intake did not say so', () => {
    const answers: IntakeAnswers = {
      symptoms: ['Bleeding'],
      bleedingSite: ['Easy bruising'],
      riskMedicines: ['None of these'],
    };
    const ids = (listed: Parameters<typeof deterministicSummary>[2]) =>
      deterministicSummary(answers, NOW, listed).flags!.map((f) => f.id);
    const onThinner = (flags: string[]) => flags.filter((id) => id.startsWith('anticoagulant-'));
    expect(onThinner(ids([]))).toEqual([]);
    expect(onThinner(ids([warfarin]))).not.toEqual([]);
  });
});
