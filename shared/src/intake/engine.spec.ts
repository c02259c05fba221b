import { MESSAGES } from '@medora/shared/messages';
import { MAIN_QUESTIONS } from './content.js';
import {
  buildSteps,
  firstPosition,
  formatAnswer,
  nextPosition,
  previousPosition,
  pruneAnswers,
  startReturning,
  toggleOption,
  validateAnswer,
  visibleMainQuestions,
  type IntakeContext,
} from './engine.js';
import { progressOf } from './review.js';
import type { IntakeAnswers, Question } from './types.js';

const TODAY = new Date(2026, 10, 21);
const ctx: IntakeContext = { today: TODAY };
const fields = (a: IntakeAnswers, c: IntakeContext = ctx) => visibleMainQuestions(a, c).map((q) => q.field);
const keys = (a: IntakeAnswers, c: IntakeContext = ctx) => buildSteps(a, c).map((s) => s.key);
const q = (field: string) => MAIN_QUESTIONS.find((x) => x.field === field)!;

describe('question order and filtering', () => {
  it('asks a new patient the personal, history and symptom questions in order', () => {
    expect(fields({})).toEqual([
      'name',
      'gender',
      'dob',
      'heightWeight',
      'visitType',
      'allergyList',
      'allergies',
      'chronicConditions',
      'chronicOther',
      'medications',
      'medicationClasses',
      'riskMedicines',
      'pastSurgeries',
      'smokingStatus',
      'alcoholUse',
      'travelAbroad',
      'symptoms',
      'additionalSymptoms',
    ]);
  });

  it('removes symptoms and additionalSymptoms for a Follow-up Visit', () => {
    const f = fields({ visitType: 'Follow-up Visit' });
    expect(f).not.toContain('symptoms');
    expect(f).not.toContain('additionalSymptoms');
    expect(f).toContain('allergyList');
  });

  it('leaves a returning patient choosing follow-up only the height and weight', () => {
    const answers = startReturning(
      { name: 'A', gender: 'Female', dob: '1980-01-01', symptoms: ['Fever'] },
      'followUp',
    );
    expect(answers.visitType).toBe('Follow-up Visit');
    // Pregnancy (a woman of 12-55) and travel are asked at every visit: they change what a symptom means.
    expect(fields(answers, { ...ctx, returningChoice: 'followUp' })).toEqual([
      'heightWeight',
      ...(answers.gender === 'Female' ? ['pregnancyStatus'] : []),
      'travelAbroad',
    ]);
  });

  it('removes only name, gender, dob and visitType for a returning patient choosing a new appointment, prefilled', () => {
    const previous = { name: 'A', gender: 'Male', allergyList: ['Dust'], visitType: 'Follow-up Visit' };
    const answers = startReturning(previous, 'newAppointment');
    expect(answers.visitType).toBe('New Appointment');
    expect(answers.allergyList).toEqual(['Dust']);
    const f = fields(answers, { ...ctx, returningChoice: 'newAppointment' });
    expect(f.slice(0, 2)).toEqual(['heightWeight', 'allergyList']);
    for (const gone of ['name', 'gender', 'dob', 'visitType']) expect(f).not.toContain(gone);
    expect(f).toContain('symptoms');
  });

  it('asks children questions only of a Female aged 21 or more', () => {
    expect(fields({ gender: 'Female', dob: '2005-11-21' })).toContain('hasChildren'); // 21 today
    expect(fields({ gender: 'Female', dob: '2005-11-22' })).not.toContain('hasChildren'); // 21 tomorrow
    expect(fields({ gender: 'Male', dob: '1980-01-01' })).not.toContain('hasChildren');
    expect(fields({ gender: 'Other', dob: '1980-01-01' })).not.toContain('hasChildren');
    expect(fields({ gender: 'Female', dob: '1980-01-01', hasChildren: 'No' })).not.toContain('childrenCount');
    expect(fields({ gender: 'Female', dob: '1980-01-01', hasChildren: 'Yes' })).toContain('childrenCount');
  });

  it('asks surgery sub-questions only when pastSurgeries is Yes', () => {
    const sub = ['surgeryTypes', 'surgeryRegions', 'surgeryOther', 'surgeryDate', 'surgeryRecovery'];
    const yes = fields({ pastSurgeries: 'Yes' });
    for (const f of sub) expect(yes).toContain(f);
    const no = fields({ pastSurgeries: 'No' });
    for (const f of sub) expect(no).not.toContain(f);
    expect(fields({ pastSurgeries: 'Yes', surgeryRegions: ['Other'] })).toContain('surgeryRegionOther');
  });

  it('asks smoking details only of former and current smokers, and "other" details only when Other is chosen', () => {
    expect(fields({ smokingStatus: 'Never' })).not.toContain('smokingDuration');
    expect(fields({ smokingStatus: 'Former' })).toEqual(
      expect.arrayContaining(['smokingDuration', 'smokingAverage']),
    );
    expect(fields({ medicationClasses: ['Other'] })).toContain('medicationOther');
    expect(fields({ symptoms: ['Other'] })).toContain('symptomsOther');
  });
});

describe('branching into follow-ups', () => {
  it('inserts chronic follow-ups one condition after another in selection order, then resumes', () => {
    const k = keys({ chronicConditions: ['Hypertension', 'COPD', 'Diabetes'] });
    const i = k.indexOf('chronicConditions');
    expect(k.slice(i, i + 8)).toEqual([
      'chronicConditions',
      'hypertensionDuration',
      'hypertensionLastTest',
      'hypertensionMeds',
      'diabetesDuration',
      'diabetesLastTest',
      'diabetesMeds',
      'chronicOther',
    ]);
  });

  it('titles follow-up steps with their condition or symptom', () => {
    const steps = buildSteps({ chronicConditions: ['Thyroid Disorder'], symptoms: ['Fever'] }, ctx);
    expect(steps.find((s) => s.key === 'thyroidMeds')).toMatchObject({
      kind: 'chronic',
      topic: 'Thyroid Disorder',
    });
    expect(steps.find((s) => s.key === 'feverTemp')).toMatchObject({ kind: 'symptom', topic: 'Fever' });
  });

  it('inserts symptom follow-ups after the symptoms step in selection order', () => {
    const k = keys({ symptoms: ['Headache', 'Chest Pain'] });
    const i = k.indexOf('symptoms');
    expect(k[i + 1]).toBe('headacheLocation');
    const firstChest = k.indexOf('chestPainLevel');
    expect(k.filter((x) => x.startsWith('headache')).every((x) => k.indexOf(x) < firstChest)).toBe(true);
    expect(k[k.length - 1]).toBe('additionalSymptoms');
  });

  it('does not branch into symptom follow-ups for a Follow-up Visit', () => {
    const k = keys({ visitType: 'Follow-up Visit', symptoms: ['Fever'] });
    expect(k).not.toContain('feverTemp');
  });

  it('has no follow-ups for Other, None, or conditions without follow-ups', () => {
    const k = keys({ chronicConditions: ['COPD', 'Cancer'], symptoms: ['Other'] });
    expect(k[k.indexOf('chronicConditions') + 1]).toBe('chronicOther');
    expect(k[k.indexOf('symptoms') + 1]).toBe('symptomsOther');
  });

  it('branches additional symptoms into their follow-ups after the additional symptoms step', () => {
    const k = keys({ symptoms: ['Fatigue'], additionalSymptoms: ['Palpitations'] });
    expect(k[k.indexOf('additionalSymptoms') + 1]).toBe('palpitationsType');
  });
});

describe('navigation', () => {
  const answers: IntakeAnswers = { chronicConditions: ['Asthma'], symptoms: ['Cough'] };

  it('starts at the first question, or the review when nothing is left', () => {
    expect(firstPosition({}, ctx)).toEqual({ screen: 'question', key: 'name' });
  });

  it('Next enters follow-ups right after answering the branching step', () => {
    expect(nextPosition({ screen: 'question', key: 'chronicConditions' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'asthmaDuration',
    });
    expect(nextPosition({ screen: 'question', key: 'asthmaMeds' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'chronicOther',
    });
  });

  it('goes from the last question to the review and from the review to the upload step', () => {
    expect(nextPosition({ screen: 'question', key: 'additionalSymptoms' }, answers, ctx)).toEqual({
      screen: 'review',
    });
    expect(nextPosition({ screen: 'review' }, answers, ctx)).toEqual({ screen: 'upload' });
  });

  it('Previous moves back one step; from the first follow-up it leaves follow-up mode', () => {
    expect(previousPosition({ screen: 'question', key: 'asthmaLastTest' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'asthmaDuration',
    });
    expect(previousPosition({ screen: 'question', key: 'asthmaDuration' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'chronicConditions',
    });
    expect(previousPosition({ screen: 'question', key: 'coughType' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'symptoms',
    });
  });

  it('Previous goes from upload to review, from review to the last question, and nowhere from the first', () => {
    expect(previousPosition({ screen: 'upload' }, answers, ctx)).toEqual({ screen: 'review' });
    expect(previousPosition({ screen: 'review' }, answers, ctx)).toEqual({
      screen: 'question',
      key: 'additionalSymptoms',
    });
    expect(previousPosition({ screen: 'question', key: 'name' }, answers, ctx)).toBeNull();
  });

  it('reports progress as part n of the mode’s parts, a total the answers never change', () => {
    const p = progressOf({ screen: 'question', key: 'name' }, {}, ctx);
    expect(p).toEqual({ part: 1, parts: 3, title: MESSAGES.intakePartPersonal });
    expect(progressOf({ screen: 'review' }, {}, ctx).part).toBe(3);
    // Symptoms and conditions add questions (the question count jumps), never a part.
    const many: IntakeAnswers = {
      symptoms: ['Cough', 'Fever', 'Headache'],
      chronicConditions: ['Diabetes', 'Asthma'],
    };
    expect(buildSteps(many, ctx).length).toBeGreaterThan(buildSteps({}, ctx).length + 10);
    for (const step of buildSteps(many, ctx)) {
      expect(progressOf({ screen: 'question', key: step.key }, many, ctx).parts).toBe(3);
    }
    expect(progressOf({ screen: 'question', key: 'symptoms' }, many, ctx)).toEqual({
      part: 3,
      parts: 3,
      title: MESSAGES.intakePartSymptoms,
    });
  });
});

describe('validation', () => {
  it("requires non-optional text and select answers: 'This field is required.'", () => {
    expect(validateAnswer(q('name'), '  ')).toEqual({ ok: false, message: MESSAGES.fieldRequired });
    expect(validateAnswer(q('name'), 'Ann')).toEqual({ ok: true });
    expect(validateAnswer(q('gender'), undefined)).toEqual({ ok: false, message: 'This field is required.' });
    expect(validateAnswer(q('gender'), 'Robot')).toEqual({ ok: false, message: 'This field is required.' });
    expect(validateAnswer(q('gender'), 'Female')).toEqual({ ok: true });
  });

  it('requires at least 1 option on allergyList, chronicConditions, surgeryTypes, symptoms and medication follow-ups', () => {
    for (const field of ['allergyList', 'chronicConditions', 'surgeryTypes', 'symptoms']) {
      expect(validateAnswer(q(field), [])).toEqual({
        ok: false,
        message: 'Please select at least 1 option.',
      });
      expect(validateAnswer(q(field), [q(field).options![0]!])).toEqual({ ok: true });
    }
    const meds = buildSteps({ chronicConditions: ['Diabetes'] }, ctx).find((s) => s.key === 'diabetesMeds')!;
    expect(validateAnswer(meds.question, [])).toEqual({
      ok: false,
      message: 'Please select at least 1 option.',
    });
  });

  it('uses the plural when more than 1 option is required', () => {
    const two: Question = {
      field: 'x',
      type: 'multiselect',
      label: 'x',
      options: ['a', 'b'],
      minSelections: 2,
    };
    expect(validateAnswer(two, ['a'])).toEqual({ ok: false, message: 'Please select at least 2 options.' });
  });

  it('lets allergies, medications, surgeryOther, childrenCount and additionalSymptoms be empty', () => {
    for (const field of ['allergies', 'medications', 'surgeryOther', 'childrenCount', 'additionalSymptoms']) {
      expect(q(field).optional).toBe(true);
      expect(validateAnswer(q(field), field === 'additionalSymptoms' ? [] : '')).toEqual({ ok: true });
    }
  });

  it('checks a given number of children is a whole number from 0 to 30', () => {
    expect(validateAnswer(q('childrenCount'), 2)).toEqual({ ok: true });
    expect(validateAnswer(q('childrenCount'), 2.5)).toEqual({
      ok: false,
      message: 'Please enter a whole number from 0 to 30.',
    });
    expect(validateAnswer(q('childrenCount'), -1).ok).toBe(false);
  });

  it("requires height and weight: 'Please fill in all height and weight fields.' when one is missing", () => {
    const hw = q('heightWeight');
    const bad = { ok: false, message: 'Please fill in all height and weight fields.' };
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 7, weight: 70 })).toEqual({ ok: true });
    expect(validateAnswer(hw, { heightFeet: 8, heightInches: 11, weight: 500 })).toEqual({ ok: true });
    expect(validateAnswer(hw, { heightFeet: 1, heightInches: 0, weight: 1 })).toEqual({ ok: true });
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 1 })).toEqual(bad);
    expect(validateAnswer(hw, undefined)).toEqual(bad);
  });

  it('names the range when a height or weight is out of range, and refuses zeros', () => {
    const hw = q('heightWeight');
    const height = { ok: false, message: 'Height must be between 1 ft 0 in and 8 ft 11 in.' };
    const inches = { ok: false, message: 'Inches must be a whole number from 0 to 11.' };
    const weight = { ok: false, message: 'Weight must be between 1 and 500 kg.' };
    expect(validateAnswer(hw, { heightFeet: 9, heightInches: 0, weight: 70 })).toEqual(height);
    expect(validateAnswer(hw, { heightFeet: -5, heightInches: 0, weight: 70 })).toEqual(height);
    expect(validateAnswer(hw, { heightFeet: 0, heightInches: 0, weight: 70 })).toEqual(height);
    expect(validateAnswer(hw, { heightFeet: 0, heightInches: 0, weight: 0 })).toEqual(height);
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 12, weight: 70 })).toEqual(inches);
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: -1, weight: 70 })).toEqual(inches);
    expect(validateAnswer(hw, { heightFeet: 5.5, heightInches: 0, weight: 70 })).toEqual({
      ok: false,
      message: 'Height in feet must be a whole number from 0 to 8.',
    });
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 1, weight: 501 })).toEqual(weight);
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 1, weight: -5 })).toEqual(weight);
    expect(validateAnswer(hw, { heightFeet: 5, heightInches: 1, weight: 0 })).toEqual(weight);
  });

  it('does nothing (no message) for an incomplete or impossible date of birth', () => {
    expect(validateAnswer(q('dob'), undefined, TODAY)).toEqual({ ok: false, message: null });
    expect(validateAnswer(q('dob'), '2023-02-29', TODAY)).toEqual({ ok: false, message: null });
    expect(validateAnswer(q('dob'), '2024||', TODAY)).toEqual({ ok: false, message: null });
    expect(validateAnswer(q('dob'), '2024-02-29', TODAY)).toEqual({ ok: true });
  });

  it('says why a future date of birth is refused', () => {
    expect(validateAnswer(q('dob'), '2030-01-01', TODAY)).toEqual({
      ok: false,
      message: 'Your date of birth cannot be in the future.',
    });
  });
});

describe('answers', () => {
  it("makes 'None' exclusive in a multiselect", () => {
    expect(toggleOption(['Dust', 'Pollen'], 'None')).toEqual(['None']);
    expect(toggleOption(['None'], 'Dust')).toEqual(['Dust']);
    expect(toggleOption(['Dust'], 'Dust')).toEqual([]);
    expect(toggleOption(['Dust'], 'Pollen')).toEqual(['Dust', 'Pollen']);
    expect(toggleOption(['Fever'], 'None of these')).toEqual(['None of these']);
  });

  it('prunes answers a changed choice no longer asks', () => {
    const pruned = pruneAnswers(
      {
        pastSurgeries: 'No',
        surgeryTypes: ['Eye'],
        chronicConditions: ['Asthma'],
        diabetesDuration: '1-2 years',
        asthmaDuration: '1-2 years',
        symptoms: ['Fever'],
        headacheLocation: 'Forehead',
        feverTemp: 'Not measured',
        chronicConditions_document: '',
      },
      TODAY,
    );
    expect(pruned).toEqual({
      pastSurgeries: 'No',
      chronicConditions: ['Asthma'],
      asthmaDuration: '1-2 years',
      symptoms: ['Fever'],
      feverTemp: 'Not measured',
    });
  });

  it('formats height and weight with BMI and category, and lists', () => {
    expect(formatAnswer(q('heightWeight'), { heightFeet: 5, heightInches: 7, weight: 70 })).toBe(
      '5 ft 7 in, 70 kg (BMI 24.2, Normal)',
    );
    expect(formatAnswer(q('symptoms'), ['Fever', 'Cough'])).toBe('Fever, Cough');
  });
});

describe('context questions for the clinical rules', () => {
  const at = (age: number): IntakeAnswers => ({ gender: 'Female', dob: `${2026 - age}-01-10` });
  it('asks a woman aged 12 to 55 whether she could be pregnant, and the weeks only when she is', () => {
    expect(fields(at(11))).not.toContain('pregnancyStatus');
    expect(fields(at(12))).toContain('pregnancyStatus');
    expect(fields(at(55))).toContain('pregnancyStatus');
    expect(fields(at(56))).not.toContain('pregnancyStatus');
    expect(fields({ gender: 'Male', dob: '1990-01-10' })).not.toContain('pregnancyStatus');
    expect(fields({ ...at(30), pregnancyStatus: 'Possibly' })).not.toContain('pregnancyWeeks');
    expect(fields({ ...at(30), pregnancyStatus: 'Yes, I am pregnant' })).toContain('pregnancyWeeks');
  });

  it('asks where and when only after travel abroad', () => {
    expect(fields({ travelAbroad: 'No' })).not.toContain('travelDetails');
    expect(fields({ travelAbroad: 'Yes' })).toContain('travelDetails');
  });

  it('offers the risk medicines with None of these exclusive', () => {
    expect(q('riskMedicines').minSelections).toBe(1);
    expect(toggleOption(['Insulin'], 'None of these')).toEqual(['None of these']);
  });

  it('asks a follow-up visit the detail questions of each new symptom, under the first-visit fields', () => {
    const answers: IntakeAnswers = { visitType: 'Follow-up Visit', followUpNewSymptoms: ['Fainting'] };
    const steps = keys(answers, { ...ctx, returningChoice: 'followUp' });
    const at = steps.indexOf('followUpNewSymptoms');
    expect(steps.slice(at + 1, at + 5)).toEqual([
      'faintingFrequency',
      'faintingLast',
      'faintingSituation',
      'faintingWarning',
    ]);
    // And the record to save keeps those answers.
    expect(pruneAnswers({ ...answers, faintingSituation: 'During exercise' }, TODAY).faintingSituation).toBe(
      'During exercise',
    );
  });
});
