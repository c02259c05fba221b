/** Option lists of the intake, exactly as the spec gives them. */

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const VISIT_TYPES = ['New Appointment', 'Follow-up Visit'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const YES_NO = ['No', 'Yes'] as const;

export const ALLERGIES = [
  'Penicillin',
  'Sulfa Drugs',
  'Peanuts',
  'Tree Nuts',
  'Shellfish',
  'Eggs',
  'Milk',
  'Gluten',
  'Latex',
  'Pollen',
  'Dust',
  'None',
] as const;

export const CHRONIC_CONDITIONS = [
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
] as const;
export type ChronicCondition = (typeof CHRONIC_CONDITIONS)[number];

export const SURGERY_TYPES = [
  'Heart',
  'Brain',
  'Abdominal',
  'Orthopedic',
  'Gynecological',
  'Eye',
  'Other',
] as const;

export const SURGERY_DATES = [
  'Less than 6 months ago',
  '6 months to 1 year ago',
  '1-2 years ago',
  '2-5 years ago',
  'More than 5 years ago',
] as const;

export const SURGERY_RECOVERY = ['Excellent', 'Good', 'Fair', 'Poor', 'Still recovering'] as const;

export const SMOKING_STATUS = ['Never', 'Former', 'Current'] as const;
export const ALCOHOL_USE = ['None', 'Social', 'Moderate', 'Heavy'] as const;

/** The 17 main symptoms. */
export const MAIN_SYMPTOMS = [
  'Chest Pain',
  'Headache',
  'Fever',
  'Cough',
  'Shortness of Breath',
  'Sore Throat',
  'Runny Nose',
  'Nausea',
  'Vomiting',
  'Diarrhea',
  'Abdominal Pain',
  'Back Pain',
  'Dizziness',
  'Rash',
  'Fatigue',
  'Joint Pain',
  'Other',
] as const;

/** The 20 additional symptoms; with the 17 main ones they make the spec's 37. */
export const ADDITIONAL_SYMPTOMS = [
  'Weakness',
  'Swelling',
  'Vision Problems',
  'Hearing Loss',
  'Palpitations',
  'Fainting',
  'Urinary Symptoms',
  'Bowel Changes',
  'Sleep Problems',
  'Anxiety',
  'Depression',
  'Weight Loss',
  'Weight Gain',
  'Memory Loss',
  'Tremors',
  'Numbness/Paresthesia',
  'Bleeding',
  'Itching',
  'Lumps/Bumps',
  'Hair Loss',
] as const;

export type Symptom = (typeof MAIN_SYMPTOMS)[number] | (typeof ADDITIONAL_SYMPTOMS)[number];

export const DOCTOR_SPECIALTIES = [
  'General Medicine',
  'Cardiology',
  'Neurology',
  'Orthopedics',
  'Pediatrics',
  'Dermatology',
  'Psychiatry',
  'Oncology',
  'Endocrinology',
  'Pulmonology',
  'Gastroenterology',
  'Nephrology',
  'Ophthalmology',
  'ENT',
  'Obstetrics & Gynecology',
  'Urology',
] as const;

/** Chronic follow-ups: duration and last test/check buckets. */
export const CONDITION_DURATIONS = [
  'Less than 1 year',
  '1-2 years',
  '3-5 years',
  '5-10 years',
  'Over 10 years',
] as const;
export const LAST_TEST_BUCKETS = [
  'Within last month',
  '1-3 months ago',
  '3-6 months ago',
  '6-12 months ago',
  'Over a year ago',
] as const;

/** Our own lists where the spec names a field but not its options. */
export const MEDICATION_CLASSES = [
  'Blood pressure medicines',
  'Diabetes medicines',
  'Cholesterol medicines',
  'Blood thinners',
  'Pain relievers',
  'Inhalers',
  'Thyroid medicines',
  'Antidepressants or anti-anxiety medicines',
  'Antibiotics (current course)',
  'Vitamins or supplements',
  'Other',
  'None',
] as const;
export const SURGERY_REGIONS = [
  'Head and neck',
  'Chest',
  'Abdomen',
  'Pelvis',
  'Spine or back',
  'Arms or hands',
  'Legs or feet',
  'Other',
] as const;
export const SMOKING_DURATIONS = [
  'Less than 1 year',
  '1-5 years',
  '5-10 years',
  '10-20 years',
  'More than 20 years',
] as const;
export const SMOKING_AVERAGES = [
  'Fewer than 5 cigarettes a day',
  '5-10 cigarettes a day',
  '11-20 cigarettes a day',
  'More than 20 cigarettes a day',
  'Other tobacco or vaping',
] as const;

/**
 * Context the clinical rules need and the spec's questions do not ask (NICE NG126 and NG133 for
 * pregnancy, CG151 and NG51 for immunosuppression, NG17 for insulin, anticoagulation for bleeding,
 * UKHSA for fever after travel). Asked through the question bank like every other question.
 */
export const PREGNANCY_STATUS = [
  'Yes, I am pregnant',
  'Possibly',
  'I gave birth in the last 6 weeks',
  'No',
  'Prefer not to say',
] as const;
export const PREGNANCY_WEEKS = [
  'Less than 12 weeks',
  '12 to 20 weeks',
  'More than 20 weeks',
  'Not sure',
] as const;
export const RISK_MEDICINES = [
  'Chemotherapy (now or in the last 6 weeks)',
  'Steroid tablets (e.g. prednisolone)',
  'Other medicines that lower immunity (e.g. methotrexate, azathioprine, transplant medicines)',
  'Insulin',
  'Blood thinners (e.g. warfarin, apixaban, rivaroxaban)',
  'None of these',
] as const;
export const TRAVEL_ABROAD = ['Yes', 'No'] as const;
/** Ages at which the pregnancy question is asked of a female patient (inclusive). */
export const PREGNANCY_QUESTION_AGES = { min: 12, max: 55 } as const;
