import { ALL_QUESTIONS, CHRONIC_FOLLOW_UPS, MAIN_QUESTIONS, SYMPTOM_FOLLOW_UPS } from './content.js';
import {
  ADDITIONAL_SYMPTOMS,
  ALLERGIES,
  CHRONIC_CONDITIONS,
  CONDITION_DURATIONS,
  LAST_TEST_BUCKETS,
  MAIN_SYMPTOMS,
  SURGERY_DATES,
  SURGERY_RECOVERY,
  SURGERY_TYPES,
} from './options.js';
import { reviewSections, uploadedDocuments } from './review.js';

describe('option lists', () => {
  it('hold the spec lists exactly', () => {
    expect(ALLERGIES).toHaveLength(12);
    expect(CHRONIC_CONDITIONS).toEqual([
      'Diabetes',
      'Hypertension',
      'Heart Disease',
      'Asthma',
      'COPD',
      'Kidney Disease',
      'Liver Disease',
      'Thyroid Disorder',
      'Cancer',
      'None',
    ]);
    expect(SURGERY_TYPES).toEqual([
      'Heart',
      'Brain',
      'Abdominal',
      'Orthopedic',
      'Gynecological',
      'Eye',
      'Other',
    ]);
    expect(SURGERY_DATES).toHaveLength(5);
    expect(SURGERY_RECOVERY).toEqual(['Excellent', 'Good', 'Fair', 'Poor', 'Still recovering']);
    expect(MAIN_SYMPTOMS).toHaveLength(17);
    expect(ADDITIONAL_SYMPTOMS).toHaveLength(20);
    expect(MAIN_SYMPTOMS.length + ADDITIONAL_SYMPTOMS.length).toBe(37);
  });
});

describe('chronic follow-ups', () => {
  it('exist for Diabetes, Hypertension, Heart Disease, Asthma and Thyroid Disorder with the spec field names', () => {
    expect(CHRONIC_FOLLOW_UPS.map((t) => t.questions.map((q) => q.field))).toEqual([
      ['diabetesDuration', 'diabetesLastTest', 'diabetesMeds'],
      ['hypertensionDuration', 'hypertensionLastTest', 'hypertensionMeds'],
      ['heartDiseaseDuration', 'heartDiseaseLastTest', 'heartDiseaseMeds'],
      ['asthmaDuration', 'asthmaLastTest', 'asthmaMeds'],
      ['thyroidDuration', 'thyroidLastTest', 'thyroidMeds'],
    ]);
  });

  it('ask duration and last test with the spec buckets, and medications as a multiselect of at least 1', () => {
    for (const t of CHRONIC_FOLLOW_UPS) {
      const [duration, lastTest, meds] = t.questions;
      expect(duration!.options).toEqual(CONDITION_DURATIONS);
      expect(lastTest!.options).toEqual(LAST_TEST_BUCKETS);
      expect(meds).toMatchObject({ type: 'multiselect', minSelections: 1 });
      expect(meds!.options!.length).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('symptom follow-ups', () => {
  it('exist for all 36 symptoms other than Other, in list order', () => {
    const expected = [...MAIN_SYMPTOMS, ...ADDITIONAL_SYMPTOMS].filter((s) => s !== 'Other');
    expect(SYMPTOM_FOLLOW_UPS.map((t) => t.topic)).toEqual(expected);
    expect(SYMPTOM_FOLLOW_UPS).toHaveLength(36);
  });

  it.each(SYMPTOM_FOLLOW_UPS.map((t) => [t.topic, t] as const))(
    '%s has 3-8 required select or multiselect questions with non-empty, unique options and prefixed fields',
    (_topic, t) => {
      expect(t.questions.length).toBeGreaterThanOrEqual(3);
      expect(t.questions.length).toBeLessThanOrEqual(8);
      for (const q of t.questions) {
        expect(['select', 'multiselect']).toContain(q.type);
        expect(q.optional).toBeFalsy();
        expect(q.field.startsWith(t.prefix)).toBe(true);
        expect(q.field).toMatch(/^[a-z][A-Za-z]+$/);
        expect(q.label.trim()).not.toBe('');
        expect(q.options!.length).toBeGreaterThanOrEqual(2);
        expect(q.options!.every((o) => o.trim() !== '')).toBe(true);
        expect(new Set(q.options).size).toBe(q.options!.length);
        if (q.type === 'multiselect') expect(q.minSelections).toBe(1);
      }
    },
  );

  it('use the example field names of the spec', () => {
    const all = new Set(SYMPTOM_FOLLOW_UPS.flatMap((t) => t.questions.map((q) => q.field)));
    for (const f of [
      'chestPainLevel',
      'chestPainDuration',
      'headacheLocation',
      'feverTemp',
      'coughType',
      'sobDuration',
    ]) {
      expect(all.has(f)).toBe(true);
    }
  });
});

describe('the question bank', () => {
  it('has unique field names across main questions and every follow-up', () => {
    const names = ALL_QUESTIONS.map((q) => q.field);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every select and multiselect non-empty, unique options', () => {
    for (const q of ALL_QUESTIONS.filter((x) => x.type === 'select' || x.type === 'multiselect')) {
      expect(q.options!.length).toBeGreaterThan(0);
      expect(new Set(q.options).size).toBe(q.options!.length);
    }
  });

  it('offers uploads on chronic conditions, medications and surgery types', () => {
    expect(MAIN_QUESTIONS.filter((q) => q.upload).map((q) => q.field)).toEqual([
      'chronicConditions',
      'medications',
      'surgeryTypes',
    ]);
  });
});

describe('review sections', () => {
  const answers = {
    name: 'Ann',
    chronicConditions: ['Asthma'],
    asthmaDuration: '1-2 years',
    symptoms: ['Cough'],
    coughType: 'Dry',
    chronicConditions_document: 'plan.pdf',
    medicalReports: 'a.pdf, b.png',
  };

  it('shows Personal Information, Medical History, Symptoms Summary and Uploaded Documents', () => {
    const sections = reviewSections(answers, { viaDoctor: false });
    expect(sections.map((s) => s.title)).toEqual([
      'Personal Information',
      'Medical History',
      'Symptoms Summary',
      'Uploaded Documents',
    ]);
    expect(sections[1]!.items).toContainEqual({
      label: 'Asthma: How long have you had asthma?',
      value: '1-2 years',
    });
    expect(sections[3]!.items.map((i) => i.value)).toEqual(['plan.pdf', 'a.pdf', 'b.png']);
  });

  it('adds Visit Information only for a patient arriving via a doctor', () => {
    const titles = reviewSections(answers, { viaDoctor: true }).map((s) => s.title);
    expect(titles).toEqual([
      'Personal Information',
      'Medical History',
      'Symptoms Summary',
      'Visit Information',
      'Uploaded Documents',
    ]);
  });

  it('lists follow-up answers in the order the patient chose the topics', () => {
    const history = reviewSections(
      {
        chronicConditions: ['Hypertension', 'Asthma'],
        asthmaDuration: '1-2 years',
        hypertensionDuration: '3-5 years',
      },
      { viaDoctor: false },
    )[1]!.items.map((i) => i.label.split(':')[0]);
    expect(history.slice(1)).toEqual(['Hypertension', 'Asthma']);
  });

  it('lists uploaded file names', () => {
    expect(uploadedDocuments({})).toEqual([]);
  });
});
