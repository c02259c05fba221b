/**
 * How the intake's option lists map to FHIR R4 codes — the one table the export
 * (`GET /api/patients/{uid}/fhir`) and its tests read. Keyed by the option constants, so an option added
 * to a list without a decision here fails to compile (and `codes.spec.ts` fails on a stale key).
 *
 * Codes are SNOMED CT (conditions, allergies) and LOINC (vitals) concepts as published; where no single
 * concept matches the option cleanly the value is `null` and the resource carries `code.text` only.
 */
import type { AppointmentStatus } from '../booking/types.js';
import type { ALLERGIES, CHRONIC_CONDITIONS, CONDITION_DURATIONS, GENDERS } from '../intake/options.js';

export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/**
 * The identifier system of a Medora account uid on the exported `Patient`: a URL of the deployment
 * (PUBLIC_APP_URL), so two Medora installs never mint the same system for different people.
 */
export function patientIdentifierSystem(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}/fhir/patient-id`;
}
/** The media type the export answers with. */
export const FHIR_JSON_CONTENT_TYPE = 'application/fhir+json';

export interface FhirCode {
  code: string;
  display: string;
}

/** 'None' means "no allergy" / "no condition": it becomes no resource at all. */
type Allergy = Exclude<(typeof ALLERGIES)[number], 'None'>;
type ChronicCondition = Exclude<(typeof CHRONIC_CONDITIONS)[number], 'None'>;

/** AllergyIntolerance.category (FHIR value set allergy-intolerance-category). */
export type AllergyCategory = 'food' | 'medication' | 'environment' | 'biologic';

/** Allergy options → SNOMED CT "Allergy to …" findings (in FHIR's allergyintolerance-code value set). */
export const ALLERGY_FHIR: Readonly<Record<Allergy, { category: AllergyCategory; snomed: FhirCode | null }>> =
  {
    Penicillin: { category: 'medication', snomed: { code: '91936005', display: 'Allergy to penicillin' } },
    'Sulfa Drugs': {
      category: 'medication',
      snomed: { code: '91939003', display: 'Allergy to sulfonamides' },
    },
    Peanuts: { category: 'food', snomed: { code: '91935009', display: 'Allergy to peanuts' } },
    // 91934008 |Allergy to nut (finding)| is in the International edition (used so by HL7 Taiwan's TW
    // Core example https://build.fhir.org/ig/TU9IVy1UV0NvcmVJRw/VFcgQ29yZSBJRyBJVFJJ/branches/__default/AllergyIntolerance-all-nut-example.json
    // and OpenHIE's food allergy value set); 48821000119104 "Allergy to tree nut" carries the US
    // extension's namespace (…1000119…), so a system on the International edition cannot resolve it.
    'Tree Nuts': { category: 'food', snomed: { code: '91934008', display: 'Allergy to nut' } },
    Shellfish: { category: 'food', snomed: { code: '300913006', display: 'Allergy to shellfish' } },
    Eggs: { category: 'food', snomed: { code: '213020009', display: 'Allergy to egg protein' } },
    Milk: { category: 'food', snomed: { code: '782555009', display: "Allergy to cow's milk protein" } },
    // "Gluten" covers an allergy, coeliac disease and a sensitivity: no one concept; text only.
    Gluten: { category: 'food', snomed: null },
    Latex: { category: 'environment', snomed: { code: '300916003', display: 'Latex allergy' } },
    Pollen: { category: 'environment', snomed: { code: '300910009', display: 'Allergy to pollen' } },
    // "Dust" (house dust, dust mite, occupational dust): no one concept; text only.
    Dust: { category: 'environment', snomed: null },
  };

/**
 * An explicit 'None' in the intake, as the International Patient Summary records known absence
 * (SNOMED CT situations the IPS value sets include: AllergiesIntolerancesUvIps, MedicationsUvIps,
 * ProblemsUvIps, http://hl7.org/fhir/uv/ips/).
 */
export const NONE_KNOWN_FHIR = {
  allergies: { code: '716186003', display: 'No known allergy' },
  medications: { code: '787481004', display: 'No known medications' },
  conditions: { code: '160245001', display: 'No current problems or disability' },
} as const satisfies Record<string, FhirCode>;

/** LOINC codes of the IPS document and its three required sections. */
export const IPS_LOINC = {
  document: { code: '60591-5', display: 'Patient summary Document' },
  medications: { code: '10160-0', display: 'History of Medication use Narrative' },
  allergies: { code: '48765-2', display: 'Allergies and adverse reactions Document' },
  problems: { code: '11450-4', display: 'Problem list - Reported' },
} as const satisfies Record<string, FhirCode>;

/**
 * "How long have you had it?" buckets in whole years (high null: open-ended), for the age at onset
 * when the birth date is known.
 */
export const CONDITION_DURATION_YEARS: Readonly<
  Record<(typeof CONDITION_DURATIONS)[number], { low: number; high: number | null }>
> = {
  'Less than 1 year': { low: 0, high: 1 },
  '1-2 years': { low: 1, high: 2 },
  '3-5 years': { low: 3, high: 5 },
  '5-10 years': { low: 5, high: 10 },
  'Over 10 years': { low: 10, high: null },
};

/** Chronic condition options → SNOMED CT disorders. */
export const CONDITION_FHIR: Readonly<Record<ChronicCondition, FhirCode | null>> = {
  Diabetes: { code: '73211009', display: 'Diabetes mellitus' },
  Hypertension: { code: '38341003', display: 'Hypertensive disorder, systemic arterial' },
  'Heart Disease': { code: '56265001', display: 'Heart disease' },
  Asthma: { code: '195967001', display: 'Asthma' },
  COPD: { code: '13645005', display: 'Chronic obstructive lung disease' },
  'Kidney Disease': { code: '90708001', display: 'Kidney disease' },
  'Liver Disease': { code: '235856003', display: 'Disorder of liver' },
  'Thyroid Disorder': { code: '14304000', display: 'Disorder of thyroid gland' },
  Cancer: { code: '363346000', display: 'Malignant neoplastic disease' },
};

/** The vital-sign Observations: LOINC code and the UCUM unit the export states the value in. */
export const VITAL_FHIR = {
  height: { code: '8302-2', display: 'Body height', unit: 'cm' },
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2' },
} as const satisfies Record<string, FhirCode & { unit: string }>;

/** Medora's appointment status → FHIR R4 AppointmentStatus. */
export const APPOINTMENT_STATUS_FHIR: Readonly<
  Record<AppointmentStatus, 'booked' | 'fulfilled' | 'cancelled' | 'noshow'>
> = {
  Scheduled: 'booked',
  Confirmed: 'booked',
  Completed: 'fulfilled',
  Cancelled: 'cancelled',
  'No-Show': 'noshow',
};

/** The intake's gender → FHIR administrative gender. */
export const GENDER_FHIR: Readonly<Record<(typeof GENDERS)[number], 'male' | 'female' | 'other'>> = {
  Male: 'male',
  Female: 'female',
  Other: 'other',
};

/** Exact centimetres of a height in feet and inches (1 in = 2.54 cm), to one decimal. */
export function heightCm(feet: number, inches: number): number {
  return Math.round((feet * 12 + inches) * 2.54 * 10) / 10;
}

/**
 * The export's file name: `medora-health-record-2026-11-25.json` (the day in UTC), or
 * `medora-patient-summary-2026-11-25.json` for the IPS.
 */
export function healthRecordFileName(
  now: Date = new Date(),
  format: 'collection' | 'ips' = 'collection',
): string {
  const kind = format === 'ips' ? 'patient-summary' : 'health-record';
  return `medora-${kind}-${now.toISOString().slice(0, 10)}.json`;
}
