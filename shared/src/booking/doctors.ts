import type { DOCTOR_SPECIALTIES } from '../intake/options.js';
import { DEMO_DOCTORS } from './demo-doctors.js';
import type { PublicDoctor } from './types.js';

type Specialty = (typeof DOCTOR_SPECIALTIES)[number];

/**
 * The specialty each chronic condition sends a patient to. Typed by the one list of
 * specialties (DOCTOR_SPECIALTIES), so a name that no doctor can have does not compile.
 */
export const CONDITION_SPECIALTIES: Readonly<Record<string, Specialty>> = {
  'Heart Disease': 'Cardiology',
  Hypertension: 'Cardiology',
  Diabetes: 'Endocrinology',
  'Thyroid Disorder': 'Endocrinology',
  Asthma: 'Pulmonology',
  COPD: 'Pulmonology',
  'Kidney Disease': 'Nephrology',
  'Liver Disease': 'Gastroenterology',
  Cancer: 'Oncology',
};

/** Always offered, whatever the conditions. */
export const ALWAYS_OFFERED_SPECIALTY: Specialty = 'General Medicine';

/** The specialties a patient's chronic conditions point to (General Medicine included). */
export function specialtiesForConditions(conditions: readonly string[]): Set<string> {
  const result = new Set<string>([ALWAYS_OFFERED_SPECIALTY]);
  for (const c of conditions) {
    const s = CONDITION_SPECIALTIES[c.trim()];
    if (s) result.add(s);
  }
  return result;
}

/**
 * The chronic-condition filter (the server applies it; docs/product.md#doctor-search): the
 * specialties a patient's chronic conditions ask for, General Medicine included, or null when no
 * condition maps to one (then every doctor is shown).
 * "If nothing matches, all doctors" is the caller's second half of the rule.
 */
export function conditionFilterSpecialties(conditions: readonly string[]): string[] | null {
  const mapped = conditions.some((c) => CONDITION_SPECIALTIES[c.trim()] !== undefined);
  return mapped ? [...specialtiesForConditions(conditions)] : null;
}

/**
 * Doctors whose specialty matches the patient's conditions, plus General Medicine; when none
 * match (or the patient has no conditions that map) every doctor is shown.
 */
export function filterDoctorsForConditions<T extends { specialty: string }>(
  doctors: readonly T[],
  conditions: readonly string[],
): T[] {
  const specialties = conditionFilterSpecialties(conditions);
  if (!specialties) return [...doctors];
  const wanted = new Set(specialties);
  const matching = doctors.filter((d) => wanted.has(d.specialty));
  return matching.length > 0 ? matching : [...doctors];
}

/** The spec's three samples: the first demo doctors (the same people the demo seed writes). */
const SAMPLE_DOCTOR_COUNT = 3;

/**
 * Fallbacks: three built-in sample doctors (Cardiology, General Medicine, Pediatrics). With
 * `withSchedules: false` (the doctor list failed) they carry no schedule, as the spec says.
 */
export function sampleDoctors(options: { withSchedules: boolean }): PublicDoctor[] {
  return DEMO_DOCTORS.slice(0, SAMPLE_DOCTOR_COUNT).map(({ name, specialty, clinic, timeZone, schedule }) =>
    options.withSchedules
      ? { name, specialty, clinic, timeZone, schedule }
      : { name, specialty, clinic, timeZone },
  );
}

/**
 * The chronic conditions in a patient profile as `GET /api/patients/{uid}` returns it (`data.chronicConditions`);
 * anything else (404, another shape) reads as none.
 */
export function chronicConditionsOf(profile: unknown): string[] {
  const data = (profile as { data?: { chronicConditions?: unknown } } | null | undefined)?.data;
  const list = data?.chronicConditions;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * The specialty that fits a symptom of the intake (option strings of the `symptoms` and
 * `additionalSymptoms` questions; a test proves every name here is one of them). Doctors of these
 * specialties are marked "Suggested for your symptoms" in the doctor step; nothing is hidden.
 */
export const SYMPTOM_SPECIALTIES: Readonly<Record<string, Specialty>> = {
  'Chest Pain': 'Cardiology',
  Palpitations: 'Cardiology',
  Fainting: 'Cardiology',
  Swelling: 'Cardiology',
  'Shortness of Breath': 'Pulmonology',
  Cough: 'Pulmonology',
  Rash: 'Dermatology',
  Itching: 'Dermatology',
  'Hair Loss': 'Dermatology',
  Headache: 'Neurology',
  Dizziness: 'Neurology',
  'Numbness/Paresthesia': 'Neurology',
  Tremors: 'Neurology',
  'Memory Loss': 'Neurology',
  'Back Pain': 'Orthopedics',
  'Joint Pain': 'Orthopedics',
  'Abdominal Pain': 'Gastroenterology',
  Nausea: 'Gastroenterology',
  Vomiting: 'Gastroenterology',
  Diarrhea: 'Gastroenterology',
  'Bowel Changes': 'Gastroenterology',
  'Sore Throat': 'ENT',
  'Runny Nose': 'ENT',
  'Hearing Loss': 'ENT',
  'Vision Problems': 'Ophthalmology',
  'Urinary Symptoms': 'Urology',
  Anxiety: 'Psychiatry',
  Depression: 'Psychiatry',
  'Sleep Problems': 'Psychiatry',
  'Lumps/Bumps': 'Oncology',
  'Weight Gain': 'Endocrinology',
};

/** The specialties the given symptoms point to (symptoms without a mapping add none). */
export function specialtiesForSymptoms(symptoms: readonly string[]): Set<string> {
  const result = new Set<string>();
  for (const s of symptoms) {
    const specialty = SYMPTOM_SPECIALTIES[s.trim()];
    if (specialty) result.add(specialty);
  }
  return result;
}

/**
 * The current symptoms in a patient profile as `GET /api/patients/{uid}` returns it: the main and the
 * additional symptoms of the latest intake (`data.symptoms`, `data.additionalSymptoms`); anything else
 * reads as none.
 */
export function currentSymptomsOf(profile: unknown): string[] {
  const data = (profile as { data?: Record<string, unknown> } | null | undefined)?.data;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  return [...list(data?.symptoms), ...list(data?.additionalSymptoms)];
}

/** Whether a doctor's name or specialty contains the search text (case-insensitive; empty matches all). */
export function doctorMatchesSearch(doctor: { name: string; specialty: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || doctor.name.toLowerCase().includes(q) || doctor.specialty.toLowerCase().includes(q);
}
