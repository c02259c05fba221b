import {
  ALCOHOL_USE,
  ALLERGIES,
  CHRONIC_CONDITIONS,
  CONDITION_DURATIONS,
  GENDERS,
  LAST_TEST_BUCKETS,
  MAIN_SYMPTOMS,
  ADDITIONAL_SYMPTOMS,
  MEDICATION_CLASSES,
  PREGNANCY_QUESTION_AGES,
  PREGNANCY_STATUS,
  PREGNANCY_WEEKS,
  RISK_MEDICINES,
  TRAVEL_ABROAD,
  SMOKING_AVERAGES,
  SMOKING_DURATIONS,
  SMOKING_STATUS,
  SURGERY_DATES,
  SURGERY_RECOVERY,
  SURGERY_REGIONS,
  SURGERY_TYPES,
  VISIT_TYPES,
  YES_NO,
} from './options.js';
import { SYMPTOM_FOLLOW_UPS } from './symptom-follow-ups.js';
import { ageOn } from './dob.js';
import type { FollowUpTopic, IntakeAnswers, Question } from './types.js';

export { SYMPTOM_FOLLOW_UPS };

const includes = (answers: IntakeAnswers, field: string, option: string) => {
  const v = answers[field];
  return Array.isArray(v) && v.includes(option);
};

/** Children questions: only for Female aged 21 or more. */
export function childrenQuestionsApply(answers: IntakeAnswers, today: Date): boolean {
  const dob = answers.dob;
  if (answers.gender !== 'Female' || typeof dob !== 'string') return false;
  const age = ageOn(dob, today);
  return age !== null && age >= 21;
}

/** The pregnancy question: a female patient aged 12 to 55 (NICE NG126, NG133), at every visit. */
export function pregnancyQuestionApplies(answers: IntakeAnswers, today: Date): boolean {
  const dob = answers.dob;
  if (answers.gender !== 'Female' || typeof dob !== 'string') return false;
  const age = ageOn(dob, today);
  return age !== null && age >= PREGNANCY_QUESTION_AGES.min && age <= PREGNANCY_QUESTION_AGES.max;
}

const hadSurgery = (a: IntakeAnswers) => a.pastSurgeries === 'Yes';
const smokes = (a: IntakeAnswers) => a.smokingStatus === 'Former' || a.smokingStatus === 'Current';

/** The ordered main questions of the intake (docs/product.md#intake-questions). */
export const MAIN_QUESTIONS: readonly Question[] = [
  { field: 'name', type: 'text', label: 'What is your full name?', group: 'name' },
  { field: 'gender', type: 'select', label: 'What is your gender?', options: GENDERS, group: 'gender' },
  { field: 'dob', type: 'dob', label: 'What is your date of birth?', group: 'dob' },
  {
    field: 'heightWeight',
    type: 'heightWeight',
    label: 'What are your height and weight?',
    hint: 'Your BMI is calculated as you type.',
    group: 'body',
  },
  {
    field: 'visitType',
    type: 'select',
    label: 'What type of visit is this?',
    options: VISIT_TYPES,
    group: 'visitType',
  },
  {
    field: 'allergyList',
    type: 'multiselect',
    label: 'Do you have any allergies?',
    hint: 'Choose None if you have no known allergies.',
    options: ALLERGIES,
    minSelections: 1,
    group: 'allergies',
  },
  {
    field: 'allergies',
    type: 'textarea',
    label: 'Other allergies or reactions (optional)',
    hint: 'For example a medicine not listed above and what happened.',
    optional: true,
    group: 'allergies',
  },
  {
    field: 'chronicConditions',
    type: 'multiselect',
    label: 'Do you have any chronic conditions?',
    hint: 'Choose None if you have none.',
    options: CHRONIC_CONDITIONS,
    minSelections: 1,
    upload: true,
    group: 'chronic',
  },
  {
    field: 'chronicOther',
    type: 'text',
    label: 'Any other long-term condition not listed? (optional)',
    optional: true,
    group: 'chronic',
  },
  {
    field: 'medications',
    type: 'textarea',
    label: 'Which medicines do you take? (optional)',
    hint: 'Name, dose and how often, one per line.',
    optional: true,
    upload: true,
    group: 'medication',
  },
  {
    field: 'medicationClasses',
    type: 'multiselect',
    label: 'Which kinds of medicine do you take regularly?',
    options: MEDICATION_CLASSES,
    minSelections: 1,
    group: 'medication',
  },
  {
    field: 'medicationOther',
    type: 'text',
    label: 'Which other medicines?',
    group: 'medication',
    showIf: (a) => includes(a, 'medicationClasses', 'Other'),
  },
  {
    field: 'riskMedicines',
    type: 'multiselect',
    label: 'Do you take any of these medicines?',
    hint: 'Some medicines change how quickly an illness must be seen. Choose None of these if none apply.',
    options: RISK_MEDICINES,
    minSelections: 1,
    group: 'medication',
  },
  {
    field: 'pastSurgeries',
    type: 'select',
    label: 'Have you had any surgery?',
    options: YES_NO,
    group: 'surgery',
  },
  {
    field: 'surgeryTypes',
    type: 'multiselect',
    label: 'What kind of surgery?',
    options: SURGERY_TYPES,
    minSelections: 1,
    upload: true,
    group: 'surgery',
    showIf: hadSurgery,
  },
  {
    field: 'surgeryRegions',
    type: 'multiselect',
    label: 'Which part of the body was operated on?',
    options: SURGERY_REGIONS,
    minSelections: 1,
    group: 'surgery',
    showIf: hadSurgery,
  },
  {
    field: 'surgeryRegionOther',
    type: 'text',
    label: 'Which other part of the body?',
    group: 'surgery',
    showIf: (a) => hadSurgery(a) && includes(a, 'surgeryRegions', 'Other'),
  },
  {
    field: 'surgeryOther',
    type: 'textarea',
    label: 'Anything else about your surgery? (optional)',
    hint: 'For example the name of the operation or complications.',
    optional: true,
    group: 'surgery',
    showIf: hadSurgery,
  },
  {
    field: 'surgeryDate',
    type: 'select',
    label: 'When was your most recent surgery?',
    options: SURGERY_DATES,
    group: 'surgery',
    showIf: hadSurgery,
  },
  {
    field: 'surgeryRecovery',
    type: 'select',
    label: 'How was your recovery?',
    options: SURGERY_RECOVERY,
    group: 'surgery',
    showIf: hadSurgery,
  },
  {
    field: 'smokingStatus',
    type: 'select',
    label: 'Do you smoke?',
    options: SMOKING_STATUS,
    group: 'smoking',
  },
  {
    field: 'smokingDuration',
    type: 'select',
    label: 'For how long have you smoked (in total)?',
    options: SMOKING_DURATIONS,
    group: 'smoking',
    showIf: smokes,
  },
  {
    field: 'smokingAverage',
    type: 'select',
    label: 'How much do (or did) you smoke on average?',
    options: SMOKING_AVERAGES,
    group: 'smoking',
    showIf: smokes,
  },
  {
    field: 'alcoholUse',
    type: 'select',
    label: 'How much alcohol do you drink?',
    options: ALCOHOL_USE,
    group: 'alcohol',
  },
  {
    field: 'hasChildren',
    type: 'select',
    label: 'Have you given birth?',
    options: YES_NO,
    group: 'children',
    showIf: (a, today) => childrenQuestionsApply(a, today),
  },
  {
    field: 'childrenCount',
    type: 'number',
    label: 'How many children have you given birth to? (optional)',
    optional: true,
    group: 'children',
    showIf: (a, today) => childrenQuestionsApply(a, today) && a.hasChildren === 'Yes',
  },
  {
    field: 'pregnancyStatus',
    type: 'select',
    label: 'Could you be pregnant?',
    options: PREGNANCY_STATUS,
    group: 'context',
    showIf: (a, today) => pregnancyQuestionApplies(a, today),
  },
  {
    field: 'pregnancyWeeks',
    type: 'select',
    label: 'How many weeks pregnant are you?',
    options: PREGNANCY_WEEKS,
    group: 'context',
    showIf: (a, today) => pregnancyQuestionApplies(a, today) && a.pregnancyStatus === 'Yes, I am pregnant',
  },
  {
    field: 'travelAbroad',
    type: 'select',
    label: 'Have you travelled outside your home country in the last 3 months?',
    options: TRAVEL_ABROAD,
    group: 'context',
  },
  {
    field: 'travelDetails',
    type: 'text',
    label: 'Where did you go, and when did you come back?',
    optional: true,
    group: 'context',
    showIf: (a) => a.travelAbroad === 'Yes',
  },
  {
    field: 'symptoms',
    type: 'multiselect',
    label: 'What symptoms bring you in today?',
    options: MAIN_SYMPTOMS,
    minSelections: 1,
    group: 'symptoms',
  },
  {
    field: 'symptomsOther',
    type: 'text',
    label: 'Please describe your other symptom.',
    group: 'symptoms',
    showIf: (a) => includes(a, 'symptoms', 'Other'),
  },
  {
    field: 'additionalSymptoms',
    type: 'multiselect',
    label: 'Do you have any of these other symptoms? (optional)',
    options: ADDITIONAL_SYMPTOMS,
    optional: true,
    group: 'symptoms',
  },
];

/** Medications offered per chronic condition (a multiselect, minimum 1). */
const CHRONIC_MEDS: Record<string, readonly string[]> = {
  Diabetes: [
    'Metformin',
    'Insulin',
    'Sulfonylurea (e.g. gliclazide, glipizide)',
    'DPP-4 inhibitor (e.g. sitagliptin)',
    'SGLT2 inhibitor (e.g. empagliflozin, dapagliflozin)',
    'GLP-1 agonist (e.g. semaglutide, liraglutide)',
    'Diet and exercise only',
    'Other',
  ],
  Hypertension: [
    'ACE inhibitor (e.g. lisinopril, ramipril)',
    'ARB (e.g. losartan, valsartan)',
    'Calcium channel blocker (e.g. amlodipine)',
    'Thiazide diuretic (e.g. hydrochlorothiazide, indapamide)',
    'Beta blocker (e.g. metoprolol, bisoprolol)',
    'Lifestyle changes only',
    'Other',
  ],
  'Heart Disease': [
    'Aspirin',
    'Other antiplatelet (e.g. clopidogrel, ticagrelor)',
    'Statin (e.g. atorvastatin, rosuvastatin)',
    'Beta blocker (e.g. metoprolol, bisoprolol)',
    'Nitroglycerin spray or tablets',
    'Anticoagulant (e.g. warfarin, apixaban)',
    'Diuretic (e.g. furosemide)',
    'No medication',
    'Other',
  ],
  Asthma: [
    'Reliever inhaler (e.g. salbutamol/albuterol)',
    'Inhaled corticosteroid (e.g. budesonide, fluticasone)',
    'Combination inhaler (steroid + long-acting bronchodilator)',
    'Montelukast',
    'Oral steroid courses (prednisolone)',
    'Biologic injection',
    'Other',
    'None',
  ],
  'Thyroid Disorder': [
    'Levothyroxine',
    'Liothyronine',
    'Carbimazole or methimazole',
    'Propylthiouracil',
    'Beta blocker for symptoms',
    'Previous radioactive iodine or surgery, no current medication',
    'Other',
  ],
};

const CHRONIC_PREFIXES: Record<string, string> = {
  Diabetes: 'diabetes',
  Hypertension: 'hypertension',
  'Heart Disease': 'heartDisease',
  Asthma: 'asthma',
  'Thyroid Disorder': 'thyroid',
};

const LAST_TEST_LABEL: Record<string, string> = {
  Diabetes: 'When was your last blood sugar or HbA1c test?',
  Hypertension: 'When was your blood pressure last checked by a health professional?',
  'Heart Disease': 'When was your last heart check-up (ECG, echo or stress test)?',
  Asthma: 'When was your last asthma review or breathing test?',
  'Thyroid Disorder': 'When was your last thyroid blood test?',
};

/** Chronic follow-ups for Diabetes, Hypertension, Heart Disease, Asthma and Thyroid Disorder. */
export const CHRONIC_FOLLOW_UPS: readonly FollowUpTopic[] = Object.entries(CHRONIC_PREFIXES).map(
  ([topic, prefix]) => ({
    topic,
    prefix,
    questions: [
      {
        field: `${prefix}Duration`,
        type: 'select',
        label: `How long have you had ${topic.toLowerCase()}?`,
        options: CONDITION_DURATIONS,
      },
      {
        field: `${prefix}LastTest`,
        type: 'select',
        label: LAST_TEST_LABEL[topic]!,
        options: LAST_TEST_BUCKETS,
      },
      {
        field: `${prefix}Meds`,
        type: 'multiselect',
        label: `Which medicines do you take for ${topic.toLowerCase()}?`,
        options: CHRONIC_MEDS[topic]!,
        minSelections: 1,
      },
    ],
  }),
);

/** The follow-up topic of a chronic condition, or undefined when it has none. */
export function chronicFollowUp(condition: string): FollowUpTopic | undefined {
  return CHRONIC_FOLLOW_UPS.find((t) => t.topic === condition);
}

/** The follow-up topic of a symptom, or undefined ('Other' has none). */
export function symptomFollowUp(symptom: string): FollowUpTopic | undefined {
  return SYMPTOM_FOLLOW_UPS.find((t) => t.topic === symptom);
}

/** Every question the intake can ask, main and follow-up: the bank the server validates against. */
export const ALL_QUESTIONS: readonly Question[] = [
  ...MAIN_QUESTIONS,
  ...CHRONIC_FOLLOW_UPS.flatMap((t) => t.questions),
  ...SYMPTOM_FOLLOW_UPS.flatMap((t) => t.questions),
];

/** Fields whose step offers a per-question upload; the record keeps `<field>_document`. */
export const UPLOAD_FIELDS: readonly string[] = MAIN_QUESTIONS.filter((q) => q.upload).map((q) => q.field);

/** Suffix of the file-name entry of a per-question upload (`<field>_document`). */
export const DOCUMENT_SUFFIX = '_document';

/**
 * Options that apply to one sex only (a male patient was offered a menstrual bleeding
 * option). A patient whose gender is 'Other' or not given sees every option.
 */
export const SEX_SPECIFIC_OPTIONS: Readonly<Record<string, 'Female' | 'Male'>> = {
  'Menstrual cycle': 'Female',
  Periods: 'Female',
  'Heavy periods': 'Female',
  'Irregular periods': 'Female',
  'Vaginal, outside normal periods': 'Female',
  'Possible pregnancy': 'Female',
  'Pregnancy or childbirth': 'Female',
  Testicle: 'Male',
};

/** Whether an option applies to the patient's sex (the answer to 'gender'). */
export function optionAppliesTo(option: string, gender: unknown): boolean {
  const only = SEX_SPECIFIC_OPTIONS[option];
  if (!only || (gender !== 'Female' && gender !== 'Male')) return true;
  return only === gender;
}

/** The options a question offers this patient: the sex-specific ones only to that sex. */
export function optionsFor(question: Question, answers: IntakeAnswers): readonly string[] {
  return (question.options ?? []).filter((o) => optionAppliesTo(o, answers.gender));
}
